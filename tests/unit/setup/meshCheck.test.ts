// Mesh Check Mode's defect list from the geometry module's report: a cube missing a face has one hole of
// four edges around that face, located at its centre and drawn as four segments; two cubes sharing an
// edge list that edge as non-manifold; a closed cube lists nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import type { SurgeGeometry } from '../../../wasm/surgeGeometry.ts';
import { checkPartMesh } from '../../../workers/geometry/partMesh.ts';
import { meshCheckOf } from '../../../src/client/setup/meshCheck.ts';
import { cube, loadGeometry, merge } from '../wasm/geometryFixtures.ts';

let g: SurgeGeometry;
beforeAll(async () => {
  g = await loadGeometry();
});

const part = { id: 'p1', name: 'Tank' };

describe('mesh check defects', () => {
  it('lists nothing for a closed cube', () => {
    const { positions, indices } = cube();
    const result = meshCheckOf(part, checkPartMesh(g, positions, indices));
    expect(result).toMatchObject({ status: 'checked', holes: 0, nonManifold: 0, defects: [] });
  });

  it('finds the hole of a cube without its top face, at the face centre, with its four edges', () => {
    // Faces in the order -z, +z, ...: triangles 2 and 3 are the top (+z).
    const { positions, indices } = cube({ size: 2, offset: [1, 0, 0], drop: [2, 3] });
    const result = meshCheckOf(part, checkPartMesh(g, positions, indices));
    if (result.status !== 'checked') throw new Error(result.message);
    expect(result.holes).toBe(1);
    expect(result.defects).toHaveLength(1);
    const [hole] = result.defects;
    expect(hole.kind).toBe('hole');
    expect(hole.edges).toBe(4);
    hole.point.forEach((v, a) => expect(v).toBeCloseTo([2, 1, 2][a], 6));
    expect(hole.segments).toHaveLength(4 * 2 * 3);
    // Every segment end lies on the rim of the missing face (z = 2).
    for (let i = 2; i < hole.segments.length; i += 3) expect(hole.segments[i]).toBeCloseTo(2, 6);
    // Zooming shows the whole rim: half its diagonal, with a margin.
    expect(hole.radius).toBeGreaterThanOrEqual(Math.SQRT2);
  });

  it('lists the shared edge of two cubes touching along an edge as non-manifold', () => {
    const { positions, indices } = merge(cube(), cube({ offset: [1, 1, 0] }));
    const result = meshCheckOf(part, checkPartMesh(g, positions, indices));
    if (result.status !== 'checked') throw new Error(result.message);
    expect(result.nonManifold).toBeGreaterThan(0);
    const edges = result.defects.filter((d) => d.kind === 'nonManifold');
    expect(edges).toHaveLength(1);
    // The shared edge is x = 1, y = 1, z from 0 to 1.
    expect(edges[0].point[0]).toBeCloseTo(1, 6);
    expect(edges[0].point[1]).toBeCloseTo(1, 6);
  });
});
