// The boolean union of Merge & Import (manifold-3d): overlapping closed bodies become one closed surface whose
// volume and area are those of the union (checked against the analytic values of two overlapping cubes and
// a cube inside another), and a body that is not closed is kept apart and reported rather than dropped.
import { beforeAll, describe, expect, it } from 'vitest';
import { SurgeGeometry } from '../../../wasm/surgeGeometry.ts';
import { loadManifold, uniteMeshes, type IndexedMesh } from '../../../workers/geometry/meshUnion.ts';
import { buildWasm, cube } from '../wasm/geometryFixtures.ts';

let g: SurgeGeometry;
let manifold: Awaited<ReturnType<typeof loadManifold>>;

beforeAll(async () => {
  buildWasm();
  g = await SurgeGeometry.load();
  manifold = await loadManifold();
});

function volumeAndArea(mesh: IndexedMesh): { volume: number; area: number } {
  const p = mesh.positions;
  let volume = 0;
  let area = 0;
  for (let t = 0; t < mesh.indices.length; t += 3) {
    const [a, b, c] = [3 * mesh.indices[t], 3 * mesh.indices[t + 1], 3 * mesh.indices[t + 2]];
    volume += (p[a] * (p[b + 1] * p[c + 2] - p[b + 2] * p[c + 1]) - p[a + 1] * (p[b] * p[c + 2] - p[b + 2] * p[c]) + p[a + 2] * (p[b] * p[c + 1] - p[b + 1] * p[c])) / 6;
    const u = [p[b] - p[a], p[b + 1] - p[a + 1], p[b + 2] - p[a + 2]];
    const v = [p[c] - p[a], p[c + 1] - p[a + 1], p[c + 2] - p[a + 2]];
    area += Math.hypot(u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]) / 2;
  }
  return { volume, area };
}

function report(label: string, measured: number, reference: number, tolerance: number): void {
  const error = Math.abs(measured - reference) / reference;
  console.log(`${label}: measured ${measured.toFixed(6)}, reference ${reference.toFixed(6)}, error ${(100 * error).toExponential(2)} %, tolerance ${(100 * tolerance).toExponential(0)} %`);
  expect(error).toBeLessThan(tolerance);
}

describe('union of assembly bodies', () => {
  it('unites two overlapping cubes into one closed surface with the volume and area of the union', () => {
    // Unit cubes overlapping by half: the union is a 1.5 x 1 x 1 box.
    const result = uniteMeshes(manifold, [cube(), cube({ offset: [0.5, 0, 0] })]);
    expect(result.united).toEqual([0, 1]);
    expect(result.notUnited).toEqual([]);
    const { volume, area } = volumeAndArea(result.mesh);
    report('union volume (m³)', volume, 1.5, 1e-6);
    report('union area (m²)', area, 2 * 1.5 + 2 * 1.5 + 2 * 1, 1e-6);
    const health = g.meshHealth(g.weld(result.mesh.positions, result.mesh.indices));
    expect(health.closed).toBe(true);
    expect(health.nonManifoldEdges.elements).toBe(0);
  });

  it('keeps the union\'s volume when it simplifies within a tolerance', () => {
    const result = uniteMeshes(manifold, [cube(), cube({ offset: [0.5, 0.25, 0.25] })], { simplifyTolerance: 1e-3 });
    // 1 + 1 - 0.5 × 0.75 × 0.75 of overlap.
    report('simplified union volume (m³)', volumeAndArea(result.mesh).volume, 2 - 0.5 * 0.75 * 0.75, 1e-6);
    const health = g.meshHealth(g.weld(result.mesh.positions, result.mesh.indices));
    expect(health.closed).toBe(true);
    expect(health.degenerateFaces.elements).toBe(0);
  });

  it('swallows a body inside another', () => {
    const result = uniteMeshes(manifold, [cube({ size: 2 }), cube({ offset: [0.5, 0.5, 0.5] })]);
    const { volume, area } = volumeAndArea(result.mesh);
    report('nested volume (m³)', volume, 8, 1e-6);
    report('nested area (m²)', area, 24, 1e-6);
  });

  it('keeps a body that is not closed beside the union and names it', () => {
    const open = cube({ offset: [3, 0, 0], drop: [0, 1] });
    const result = uniteMeshes(manifold, [cube(), cube({ offset: [0.5, 0, 0] }), open]);
    expect(result.united).toEqual([0, 1]);
    expect(result.notUnited).toEqual([2]);
    // The open box is still there: its 10 triangles follow the union's.
    const { volume } = volumeAndArea({ positions: result.mesh.positions, indices: result.mesh.indices.slice(0, result.mesh.indices.length - open.indices.length) });
    report('union volume beside an open body (m³)', volume, 1.5, 1e-6);
    expect(result.mesh.indices.length - open.indices.length).toBeGreaterThan(0);
  });
});
