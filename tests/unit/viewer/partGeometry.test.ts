// Part geometry preparation: flat faces of a shared-vertex cube get their own normals (no averaged corner
// normals), a smooth cylinder side keeps averaged ones, and the winding of closed meshes is told apart.
import { describe, expect, it } from 'vitest';
import { creasedTriangles, signedVolume } from '../../../src/client/viewer/scene/partGeometry.ts';
import { shapeTriangles } from '../../../src/domain/meshGeometry.ts';
import { cubeShape } from '../../../src/domain/shape.ts';

function cube(flipNormals: boolean) {
  const mesh = shapeTriangles({ ...cubeShape([1, 1, 1]), flipNormals });
  if (!mesh) throw new Error('no cube');
  return { positions: Float32Array.from(mesh.vertices), indices: Uint32Array.from(mesh.indices) };
}

describe('part geometry', () => {
  it('gives every corner of a cube face the face normal', () => {
    const { positions, indices } = cube(false);
    const creased = creasedTriangles(positions, indices);
    expect(creased.positions.length).toBe(indices.length * 3);
    for (let t = 0; t < indices.length / 3; t++) {
      const n = [0, 1, 2].map((k) => Array.from(creased.normals.subarray((t * 3 + k) * 3, (t * 3 + k) * 3 + 3)));
      // Axis-aligned unit normals, the same at all three corners of a triangle.
      expect(n[0].map(Math.abs).sort()).toEqual([0, 0, 1]);
      expect(n[1]).toEqual(n[0]);
      expect(n[2]).toEqual(n[0]);
    }
  });

  it('averages normals across shallow angles (a smooth side)', () => {
    // Two triangles meeting at 10 degrees along the edge (0,0,0)-(0,1,0).
    const a = Math.sin((10 * Math.PI) / 180);
    const b = Math.cos((10 * Math.PI) / 180);
    const positions = Float32Array.from([0, 0, 0, 0, 1, 0, -1, 0, 0, b, 0, a]);
    const indices = Uint32Array.from([0, 1, 2, 0, 3, 1]);
    const { normals } = creasedTriangles(positions, indices);
    // Corner 0 of both triangles: the average of both face normals, tilted 5 degrees.
    expect(normals[0 * 3 + 2]).toBeCloseTo(Math.cos((5 * Math.PI) / 180), 3);
    expect(normals[3 * 3 + 2]).toBeCloseTo(Math.cos((5 * Math.PI) / 180), 3);
    // The corners off the shared edge keep their own face's normal.
    expect(normals[2 * 3 + 2]).toBeCloseTo(1, 5);
    expect(normals[4 * 3 + 2]).toBeCloseTo(Math.cos((10 * Math.PI) / 180), 5);
  });

  it('tells outward-wound from inward-wound closed meshes', () => {
    const outward = cube(false);
    const inward = cube(true);
    expect(signedVolume(outward.positions, outward.indices)).toBeCloseTo(1, 5);
    expect(signedVolume(inward.positions, inward.indices)).toBeCloseTo(-1, 5);
    expect(signedVolume(Float32Array.from([0, 0, 0, 1, 0, 0, 1, 1, 0]))).toBeCloseTo(0, 9);
  });
});
