import { describe, expect, it } from 'vitest';
import {
  boxFrame, buildSceneMeshes, clipBelowHeight, defaultDeletionBoundary, DELETION_BOUNDARY_MESH_ID, meshBounds, sceneGeometryKey, toSoup,
} from '../../../src/client/setup/sceneMeshes.ts';
import { parseStl } from '../../../src/client/setup/stlGeometry.ts';
import { emptySetup } from '../../../src/domain/setup.ts';
import { createPart } from '../../../src/domain/part.ts';
import { defaultFillingComponent, defaultFlowComponent, defaultRigidComponent } from '../../../src/domain/component.ts';
import { cubeShape, stlFileShape } from '../../../src/domain/shape.ts';
import { boxStl } from '../../e2e/setup/setupFixtures.ts';

function damBreak() {
  const setup = emptySetup();
  setup.parts.push(
    createPart({ id: 'tank', name: 'Tank', component: defaultRigidComponent(), shape: { ...cubeShape([0.8, 0.2, 0.4], [0.4, 0.1, 0.2]), flipNormals: true } }),
    createPart({ id: 'water', name: 'Water', component: defaultFlowComponent(), shape: cubeShape([0.1, 0.2, 0.2], [0.05, 0.1, 0.1]) }),
  );
  return setup;
}

const noFiles = { files: new Map(), shownSeedPoints: [] };

describe('scene meshes of the setup', () => {
  it('draws every part with its placed geometry and appearance', () => {
    const meshes = buildSceneMeshes(damBreak(), noFiles);
    expect(meshes.map((m) => m.id)).toEqual(['tank', 'water']);
    expect(meshBounds([meshes[0]])).toEqual({ min: [0, 0, 0], max: [expect.closeTo(0.8, 6), expect.closeTo(0.2, 6), expect.closeTo(0.4, 6)] });
    expect(meshes[0].indices?.length).toBe(36);
    expect(meshes[0].appearance.opacity).toBe(0.5);
  });

  it('adds the deletion boundary as a frame of 12 beams only while it is active', () => {
    const setup = damBreak();
    expect(buildSceneMeshes(setup, noFiles).some((m) => m.id === DELETION_BOUNDARY_MESH_ID)).toBe(false);
    setup.settings = { ...setup.settings, calcDomainActive: true, calcDomainMin: [-0.1, -0.1, -0.1], calcDomainMax: [0.9, 0.3, 0.5] };
    const frame = buildSceneMeshes(setup, noFiles).find((m) => m.id === DELETION_BOUNDARY_MESH_ID);
    expect(frame?.indices?.length).toBe(12 * 36);
    const b = meshBounds([frame!])!;
    expect(b.min[0]).toBeLessThan(-0.1);
    expect(b.max[2]).toBeGreaterThan(0.5);
    // Hover and click find it anywhere over its box, not only on its edges.
    expect(frame?.pickVolume).toEqual({ min: [-0.1, -0.1, -0.1], max: [0.9, 0.3, 0.5] });
  });

  it('builds a frame whose beams are closed boxes with outward faces', () => {
    const { positions, indices } = boxFrame([0, 0, 0], [1, 1, 1], 0.02);
    expect(positions.length / 3).toBe(12 * 8);
    // Each beam's signed volume is positive: the winding is outward.
    let volume = 0;
    for (let t = 0; t < indices.length; t += 3) {
      const [a, b, c] = [indices[t], indices[t + 1], indices[t + 2]].map((i) => [positions[i * 3], positions[i * 3 + 1], positions[i * 3 + 2]]);
      volume += (a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0]) + a[2] * (b[0] * c[1] - b[1] * c[0])) / 6;
    }
    expect(volume).toBeCloseTo(12 * 0.02 * 0.02 * 1.02, 6);
  });

  it('draws a fluid level as its container cut at the fill height with a lid', () => {
    const soup = toSoup({ positions: Float32Array.from(cubeShapeVertices()), indices: Uint32Array.from(cubeIndices()) });
    const clipped = clipBelowHeight(soup, 0.25);
    const bounds = meshBounds([{ positions: clipped }])!;
    expect(bounds.min[2]).toBeCloseTo(0, 6);
    expect(bounds.max[2]).toBeCloseTo(0.25, 6);
    // The lid at z = 0.25 covers the full 1 x 1 cross-section: its triangles' area sums to 1.
    let lidArea = 0;
    for (let t = 0; t < clipped.length; t += 9) {
      if ([2, 5, 8].every((k) => Math.abs(clipped[t + k] - 0.25) < 1e-6)) {
        const ux = clipped[t + 3] - clipped[t], uy = clipped[t + 4] - clipped[t + 1];
        const vx = clipped[t + 6] - clipped[t], vy = clipped[t + 7] - clipped[t + 1];
        lidArea += (ux * vy - uy * vx) / 2;
      }
    }
    expect(lidArea).toBeCloseTo(1, 5);
  });

  it('uses the filling height of fluid level parts', () => {
    const setup = damBreak();
    const tank = setup.parts[0];
    setup.parts.push(createPart({ id: 'level', name: 'Level', component: defaultFillingComponent(0.1), shape: structuredClone(tank.shape), seedPoint: [0.4, 0.1, 0.05] }));
    const level = buildSceneMeshes(setup, noFiles).find((m) => m.id === 'level')!;
    expect(meshBounds([level])!.max[2]).toBeCloseTo(0.1, 6);
  });

  it('draws uploaded STL parts once their file is loaded, converted from the file unit', () => {
    const setup = emptySetup();
    const part = createPart({ id: 'stl', name: 'Box', component: defaultRigidComponent(), shape: stlFileShape('file-1', { name: 'box.stl', extension: 'stl', unit: 'mm' }) });
    setup.parts.push(part);
    expect(buildSceneMeshes(setup, noFiles)).toEqual([]);
    const bytes = boxStl([100, 200, 300], [0, 0, 150]);
    const files = new Map([['file-1', parseStl(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer)]]);
    const [mesh] = buildSceneMeshes(setup, { files, shownSeedPoints: [] });
    const b = meshBounds([mesh])!;
    expect(b.max[0] - b.min[0]).toBeCloseTo(0.1, 5);
    expect(b.max[2]).toBeCloseTo(0.3, 5);
    expect(sceneGeometryKey(setup, noFiles)).not.toBe(sceneGeometryKey(setup, { files, shownSeedPoints: [] }));
  });

  it('keeps the geometry key when only the appearance changes', () => {
    const setup = damBreak();
    const key = sceneGeometryKey(setup, noFiles);
    setup.parts[0] = { ...setup.parts[0], appearance: { ...setup.parts[0].appearance, color: '#123456', opacity: 0.2 } };
    expect(sceneGeometryKey(setup, noFiles)).toBe(key);
    setup.parts[0] = { ...setup.parts[0], shape: { ...setup.parts[0].shape, translation: [1, 0, 0] } };
    expect(sceneGeometryKey(setup, noFiles)).not.toBe(key);
  });

  it('starts the deletion boundary around the parts with a 10 % margin', () => {
    const box = defaultDeletionBoundary(buildSceneMeshes(damBreak(), noFiles));
    expect(box.min[0]).toBeCloseTo(-0.08, 6);
    expect(box.max[0]).toBeCloseTo(0.88, 6);
    expect(box.max[2]).toBeCloseTo(0.44, 6);
  });
});

function cubeShapeVertices(): number[] {
  const v: number[] = [];
  for (let c = 0; c < 8; c++) v.push(c & 1 ? 0.5 : -0.5, c & 2 ? 0.5 : -0.5, c & 4 ? 0.5 : 0);
  return v;
}

function cubeIndices(): number[] {
  const faces = [[0, 2, 3, 1], [4, 5, 7, 6], [0, 1, 5, 4], [2, 6, 7, 3], [0, 4, 6, 2], [1, 3, 7, 5]];
  return faces.flatMap(([a, b, c, d]) => [a, b, c, a, c, d]);
}
