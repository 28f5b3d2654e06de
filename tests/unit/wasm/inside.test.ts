// Point-in-mesh and lattice fill of closed meshes, for the solver's discretizer.
import { beforeAll, describe, expect, it } from 'vitest';
import { GeometryErrorCode, type SurgeGeometry } from '../../../wasm/surgeGeometry.ts';
import { cube, loadGeometry, merge, uvSphere } from './geometryFixtures.ts';

let g: SurgeGeometry;
beforeAll(async () => {
  g = await loadGeometry();
});

describe('lattice fill', () => {
  it('fills a unit cube with 10 x 10 x 10 points at spacing 0.1', () => {
    const pts = g.fillLattice(cube(), 0.1, [0.05, 0.05, 0.05]);
    expect(pts.length / 3).toBe(1000);
    for (let i = 0; i < pts.length; i++) {
      expect(pts[i]).toBeGreaterThan(0);
      expect(pts[i]).toBeLessThan(1);
    }
  });

  it('counts the same for a cube whose diagonals lie on lattice rows', () => {
    // Lattice rows at y + z = 1 run exactly along the face diagonals.
    const pts = g.fillLattice(cube({ size: 2 }), 0.25, [0.125, 0.125, 0.125]);
    expect(pts.length / 3).toBe(8 * 8 * 8);
  });

  it('fills a sphere with about its volume over the cell volume', () => {
    const r = 0.5;
    const mesh = uvSphere(r, 96, 48);
    const d = 0.02;
    const count = g.fillLattice(mesh, d, [0.01, 0.01, 0.01]).length / 3;
    const expected = mesh.indices.length > 0 ? (4 / 3) * Math.PI * r ** 3 / d ** 3 : 0;
    expect(Math.abs(count / expected - 1)).toBeLessThan(0.01);
  });

  it('fills two separate cubes', () => {
    const pts = g.fillLattice(merge(cube(), cube({ offset: [3, 0, 0] })), 0.5, [0.25, 0.25, 0.25]);
    expect(pts.length / 3).toBe(16);
  });

  it('refuses lattices over the point limit, and reports memory exhaustion clearly', () => {
    expect(() => g.fillLattice(cube(), 0.01, [0.005, 0.005, 0.005], 1000)).toThrow(/1000000 points inside the mesh, more than the limit of 1000/);
    try {
      g.fillLattice(cube(), 0.0008, [0, 0, 0], 0xffff_ffff);
      throw new Error('expected out of memory');
    } catch (e) {
      expect((e as { code?: string }).code).toBe(GeometryErrorCode.outOfMemory);
      expect((e as Error).message).toMatch(/out of memory/);
    }
    // The module keeps working afterwards.
    expect(g.fillLattice(cube(), 0.5, [0.25, 0.25, 0.25]).length / 3).toBe(8);
  });
});

describe('point in mesh', () => {
  it('tells points inside a closed mesh from points outside', () => {
    const points = new Float32Array([0.5, 0.5, 0.5, 1.5, 0.5, 0.5, -0.1, 0.5, 0.5, 0.99, 0.01, 0.5, 0.5, 0.5, 1.01]);
    expect(Array.from(g.pointsInMesh(cube(), points))).toEqual([1, 0, 0, 1, 0]);
  });

  it('uses the winding number, so an inside-out mesh still contains its interior', () => {
    const flipped = cube({ flip: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] });
    expect(Array.from(g.pointsInMesh(flipped, new Float32Array([0.5, 0.5, 0.5, 2, 2, 2])))).toEqual([1, 0]);
  });

  it('handles rays through vertices and edges of a sphere', () => {
    const mesh = uvSphere(1, 16, 8);
    // The z axis passes through both poles, where 16 triangles meet.
    const pts = new Float32Array([0, 0, 0, 0, 0, 0.5, 0, 0.3, 0, 0, 0, 1.5, 2, 0, 0]);
    expect(Array.from(g.pointsInMesh(mesh, pts))).toEqual([1, 1, 1, 0, 0]);
  });
});
