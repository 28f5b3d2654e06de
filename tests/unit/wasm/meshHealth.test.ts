// Mesh health and shape info on meshes with known defects: holes, non-manifold edges and vertices,
// degenerate faces and flipped winding, each with a location to zoom to.
import { beforeAll, describe, expect, it } from 'vitest';
import { hasMeshIssues, toShapeInfo, type SurgeGeometry, type TriangleMesh } from '../../../wasm/surgeGeometry.ts';
import { cube, loadGeometry, merge } from './geometryFixtures.ts';

let g: SurgeGeometry;
beforeAll(async () => {
  g = await loadGeometry();
});

/** Welds first, as uploads and STEP imports do. */
function check(mesh: TriangleMesh) {
  const welded = g.weld(mesh.positions, mesh.indices);
  return g.meshHealth(welded);
}

describe('mesh health', () => {
  it('reports a closed unit cube as healthy with its shape info', () => {
    const h = check(cube());
    expect(h.closed).toBe(true);
    expect(hasMeshIssues(h)).toBe(false);
    expect(h.nbrOfTriangles).toBe(12);
    expect(h.vertexCount).toBe(8);
    expect(h.edgeCount).toBe(18);
    expect(h.surfaceArea).toBeCloseTo(6, 6);
    expect(h.volume).toBeCloseTo(1, 6);
    expect(h.center).toEqual([0.5, 0.5, 0.5]);
    expect(h.isPlanar).toBe(false);
    expect(h.boundingBox).toEqual({ min: [0, 0, 0], max: [1, 1, 1] });
    const info = toShapeInfo(h);
    expect(info).toMatchObject({ holes: 0, nonManifold: 0, nbrOfTriangles: 12, normal: null });
  });

  it('finds one hole, located at the centre of the missing face, in a cube without its top', () => {
    const h = check(cube({ drop: [2, 3] }));
    expect(h.closed).toBe(false);
    expect(h.holes.groups).toBe(1);
    expect(h.holes.elements).toBe(4);
    const [hole] = h.holes.defects;
    expect(hole.point[0]).toBeCloseTo(0.5, 6);
    expect(hole.point[1]).toBeCloseTo(0.5, 6);
    expect(hole.point[2]).toBeCloseTo(1, 6);
    expect(hole.edges.length).toBe(8);
    // The four side triangles that touch the open rim.
    expect(hole.triangles.length).toBe(4);
    expect(toShapeInfo(h).holes).toBe(1);
  });

  it('counts two holes when two opposite faces are missing', () => {
    const h = check(cube({ drop: [0, 1, 2, 3] }));
    expect(h.holes.groups).toBe(2);
    expect(h.holes.defects.map((d) => d.point[2]).sort()).toEqual([0, 1]);
  });

  it('finds the shared edge of two cubes touching along an edge as non-manifold', () => {
    const h = check(merge(cube(), cube({ offset: [1, 1, 0] })));
    expect(h.nonManifoldEdges.elements).toBe(1);
    expect(h.nonManifoldEdges.groups).toBe(1);
    const [edge] = h.nonManifoldEdges.defects;
    expect(edge.point).toEqual([1, 1, 0.5]);
    expect(edge.triangles.length).toBe(4);
    expect(h.holes.groups).toBe(0);
    expect(toShapeInfo(h).nonManifold).toBe(1);
    expect(h.closed).toBe(false);
  });

  it('finds an edge shared by three faces', () => {
    const positions = new Float32Array([0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 1, 0, -1, -1, 0]);
    const indices = new Uint32Array([0, 1, 2, 1, 0, 3, 0, 1, 4]);
    const h = g.meshHealth({ positions, indices });
    expect(h.nonManifoldEdges.elements).toBe(1);
    const [edge] = h.nonManifoldEdges.defects;
    expect(Array.from(edge.edges)).toEqual([0, 1]);
    expect(Array.from(edge.triangles)).toEqual([0, 1, 2]);
    expect(edge.point).toEqual([0, 0, 0.5]);
  });

  it('finds a vertex shared by two cubes touching at a corner as non-manifold', () => {
    const h = check(merge(cube(), cube({ offset: [1, 1, 1] })));
    expect(h.nonManifoldEdges.elements).toBe(0);
    expect(h.nonManifoldVertices.elements).toBe(1);
    const [v] = h.nonManifoldVertices.defects;
    expect(v.point).toEqual([1, 1, 1]);
    // Three triangles of each cube meet at that corner... or more, depending on the diagonals.
    expect(v.triangles.length).toBeGreaterThanOrEqual(6);
    expect(toShapeInfo(h).nonManifold).toBe(1);
  });

  it('finds the edges around a flipped triangle as inconsistently wound', () => {
    const h = check(cube({ flip: [5] }));
    expect(h.inconsistentWinding.elements).toBe(3);
    expect(h.inconsistentWinding.groups).toBe(1);
    const [d] = h.inconsistentWinding.defects;
    // The flipped triangle and its three neighbours.
    expect(d.triangles).toContain(5);
    expect(d.triangles.length).toBe(4);
    expect(h.holes.groups).toBe(0);
    expect(hasMeshIssues(h)).toBe(true);
  });

  it('reports a whole inside-out cube as consistent but with negative volume', () => {
    const h = check(cube({ flip: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] }));
    expect(h.inconsistentWinding.elements).toBe(0);
    expect(h.volume).toBeCloseTo(-1, 6);
  });

  it('finds degenerate faces: collapsed indices and zero area', () => {
    const base = cube();
    const positions = new Float32Array([...base.positions, 0.25, 0, 0]);
    // A sliver along the bottom edge (collinear) and a triangle with a repeated vertex.
    const indices = new Uint32Array([...base.indices, 0, 8, 1, 2, 2, 3]);
    const h = g.meshHealth({ positions, indices });
    expect(h.degenerateFaces.elements).toBe(2);
    const tris = h.degenerateFaces.defects.flatMap((d) => Array.from(d.triangles)).sort((a, b) => a - b);
    expect(tris).toEqual([12, 13]);
  });

  it('recognises a planar part and its normal', () => {
    const positions = new Float32Array([0, 0, 2, 1, 0, 2, 1, 1, 2, 0, 1, 2]);
    const indices = new Uint32Array([0, 1, 2, 0, 2, 3]);
    const h = g.meshHealth({ positions, indices });
    expect(h.isPlanar).toBe(true);
    expect(h.normal).toEqual([0, 0, 1]);
    expect(h.center).toEqual([0.5, 0.5, 2]);
    expect(h.surfaceArea).toBeCloseTo(1, 6);
    expect(h.holes.groups).toBe(1);
  });

  it('limits the listed defects but keeps the counts complete', () => {
    // Ten separate open boxes: ten holes, two listed.
    const boxes = Array.from({ length: 10 }, (_, i) => cube({ offset: [2 * i, 0, 0], drop: [2, 3] }));
    const welded = g.weld(merge(...boxes).positions, merge(...boxes).indices);
    const h = g.meshHealth(welded, 2);
    expect(h.holes.groups).toBe(10);
    expect(h.holes.defects.length).toBe(2);
  });

  it('rejects indices out of range', () => {
    expect(() => g.meshHealth({ positions: new Float32Array(9), indices: new Uint32Array([0, 1, 3]) })).toThrow(/out of range/);
  });
});
