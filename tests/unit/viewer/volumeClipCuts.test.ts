// The volume cuts the canvas draws against the inside test the statistics use on the server (the wasm
// points-in-mesh over the clip's triangles): cubes, cylinders and spheres placed with rotation and scale
// keep the same particles (the cylinder's and sphere's meshes are polygons, so points within a thin shell
// of their surface may differ), an uploaded file its oriented bounding box, and only fluids of the
// clip's material are cut.
import { describe, expect, it } from 'vitest';
import { SurgeGeometry } from '../../../wasm/surgeGeometry.ts';
import { meshDefinitionTriangles } from '../../../src/domain/meshGeometry.ts';
import type { VolumeMesh } from '../../../src/domain/mesh.ts';
import { createVolumeClip } from '../../../src/domain/volumeClip.ts';
import { volumeClipCuts } from '../../../src/client/measure/volumeClipCuts.ts';
import { insideVolumeCut, removedByVolumeCuts, volumeCutMask } from '../../../src/client/viewer/gpu/volumeCut.ts';
import type { TriangleSoup } from '../../../src/client/setup/stlGeometry.ts';

const NO_FILES = new Map<string, TriangleSoup>();

/** A lattice of points over [-1.5, 1.5]³ (m), shifted off the shapes' symmetry planes. */
function lattice(n: number): Float32Array {
  const out = new Float32Array(n * n * n * 3);
  let k = 0;
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) for (let l = 0; l < n; l++) {
    out[k++] = -1.5 + (3 * (i + 0.37)) / n;
    out[k++] = -1.5 + (3 * (j + 0.41)) / n;
    out[k++] = -1.5 + (3 * (l + 0.29)) / n;
  }
  return out;
}

const placed = { translation: [0.2, -0.1, 0.15] as [number, number, number], rotation: [25, -40, 60] as [number, number, number], scale: [1.2, 0.8, 1.1] as [number, number, number], flipNormals: false };

const shapes: { name: string; mesh: VolumeMesh; shell: number }[] = [
  { name: 'rotated, scaled cube', mesh: { kind: 'cube', ...placed, dimensions: [1.1, 0.7, 0.9] }, shell: 0 },
  { name: 'cylinder on a tilted axis', mesh: { kind: 'cylinder', ...placed, radius: 0.5, height: 1.2, axis: [1, 1, 0.3], cylinderResolution: 100 }, shell: 0.002 },
  { name: 'sphere', mesh: { kind: 'sphere', ...placed, scale: [1, 1, 1], radius: 0.7, sphereResolution: 64 }, shell: 0.004 },
];

describe('volume clip cuts', () => {
  it('keep the particles the statistics keep, for cubes, cylinders and spheres', async () => {
    const geometry = await SurgeGeometry.load();
    const points = lattice(40);
    for (const { name, mesh, shell } of shapes) {
      const triangles = meshDefinitionTriangles(mesh)!;
      const inside = geometry.pointsInMesh({ positions: Float32Array.from(triangles.vertices), indices: Uint32Array.from(triangles.indices) }, points);
      const [cut] = volumeClipCuts([{ ...createVolumeClip(name, mesh), materialId: null }], NO_FILES);
      let disagree = 0;
      let insideCount = 0;
      const n = points.length / 3;
      for (let i = 0; i < n; i++) {
        const ours = insideVolumeCut(cut, points[i * 3], points[i * 3 + 1], points[i * 3 + 2]);
        if (inside[i] === 1) insideCount++;
        if (ours !== (inside[i] === 1)) disagree++;
      }
      // Allowed: the points within the shell between the smooth surface and its polygon mesh.
      const allowed = Math.ceil(n * shell);
      console.log(`[volume cut] ${name}: ${insideCount} of ${n} lattice points inside by the mesh test, ${disagree} differ from the GPU shape test (allowed ${allowed}, the polygon shell)`);
      expect(insideCount).toBeGreaterThan(n / 50);
      expect(disagree).toBeLessThanOrEqual(allowed);
    }
  });

  it('cuts an uploaded geometry by its oriented bounding box, in the file unit', () => {
    // A tetrahedron in millimetres spanning x 0..400, y 0..200, z 0..100.
    const soup: TriangleSoup = { positions: Float32Array.from([0, 0, 0, 400, 0, 0, 0, 200, 0, 0, 0, 0, 0, 200, 0, 0, 0, 100, 0, 0, 0, 0, 0, 100, 400, 0, 0, 400, 0, 0, 0, 0, 100, 0, 200, 0]), triangleCount: 4 };
    const clip = createVolumeClip('upload', { kind: 'complex', translation: [1, 0, 0], rotation: [0, 0, 90], scale: [1, 1, 1], flipNormals: false, fileId: 'f', cache: true, file: { name: 'tet.stl', extension: 'stl', unit: 'mm' } });
    const [cut] = volumeClipCuts([clip], new Map([['f', soup]]));
    expect(cut.shape).toBe('box');
    // Rotated 90° about z: file x (0..0.4 m) becomes world y, file y (0..0.2 m) world -x; shifted by x 1.
    expect(insideVolumeCut(cut, 1 - 0.1, 0.2, 0.05)).toBe(true);
    expect(insideVolumeCut(cut, 1 - 0.1, 0.45, 0.05)).toBe(false);
    expect(insideVolumeCut(cut, 1 + 0.05, 0.2, 0.05)).toBe(false);
    expect(insideVolumeCut(cut, 1 - 0.19, 0.39, 0.09)).toBe(true);
  });

  it('cuts only the fluids of the clip material, outside the shape or inside when inverted, and skips hidden clips', () => {
    const cube: VolumeMesh = { kind: 'cube', translation: [0, 0, 0], rotation: [0, 0, 0], scale: [1, 1, 1], flipNormals: false, dimensions: [1, 1, 1] };
    const ofFluid1 = { ...createVolumeClip('one', cube), materialId: 1 };
    const inverted = { ...createVolumeClip('inv', cube), inverted: true, materialId: null };
    const hidden = { ...createVolumeClip('hidden', cube), appearance: { ...createVolumeClip('x', cube).appearance, visibility: false } };
    const cuts = volumeClipCuts([ofFluid1, inverted, hidden], NO_FILES);
    expect(cuts.map((c) => c.id)).toEqual([ofFluid1.id, inverted.id]);
    expect(volumeCutMask(cuts, true, 1)).toBe(0b11);
    expect(volumeCutMask(cuts, true, 2)).toBe(0b10);
    expect(volumeCutMask(cuts, false, 1)).toBe(0);
    expect(removedByVolumeCuts(cuts, 0b01, 2, 0, 0)).toBe(true);
    expect(removedByVolumeCuts(cuts, 0b01, 0.1, 0, 0)).toBe(false);
    expect(removedByVolumeCuts(cuts, 0b10, 0.1, 0, 0)).toBe(true);
    expect(removedByVolumeCuts(cuts, 0b10, 2, 0, 0)).toBe(false);
  });
});
