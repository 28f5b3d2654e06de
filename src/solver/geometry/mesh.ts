// Triangle meshes as the discretizer uses them: typed arrays of indexed triangles placed in world space.
import type { Shape } from '../../domain/shape.ts';
import { rotationMatrixFromEulerDeg, type Vec3 } from '../../domain/vec3.ts';

export interface MeshData {
  /** xyz per vertex. */
  positions: Float64Array;
  /** Three vertex indices per triangle, counter-clockwise seen from the side the normal points to. */
  indices: Uint32Array;
}

export function triangleCount(m: MeshData): number {
  return m.indices.length / 3;
}

export function meshFromArrays(vertices: readonly number[], indices: readonly number[]): MeshData {
  return { positions: Float64Array.from(vertices), indices: Uint32Array.from(indices) };
}

/**
 * Placement of a shape (scale, Euler XYZ rotation in degrees, translation; see domain vector.ts) with
 * the winding reversed by flipNormals or by a mirroring scale, as the viewer does it.
 */
export function placeMesh(m: MeshData, t: Pick<Shape, 'translation' | 'rotation' | 'scale' | 'flipNormals'>, unitFactor = 1): MeshData {
  const r = rotationMatrixFromEulerDeg(t.rotation as Vec3);
  const [sx, sy, sz] = t.scale;
  const [tx, ty, tz] = t.translation;
  const src = m.positions;
  const positions = new Float64Array(src.length);
  for (let i = 0; i < src.length; i += 3) {
    const x = src[i] * unitFactor * sx, y = src[i + 1] * unitFactor * sy, z = src[i + 2] * unitFactor * sz;
    positions[i] = r[0] * x + r[1] * y + r[2] * z + tx;
    positions[i + 1] = r[3] * x + r[4] * y + r[5] * z + ty;
    positions[i + 2] = r[6] * x + r[7] * y + r[8] * z + tz;
  }
  const indices = m.indices.slice();
  const mirrored = sx * sy * sz < 0;
  if (t.flipNormals !== mirrored) {
    for (let i = 0; i < indices.length; i += 3) {
      const b = indices[i + 1];
      indices[i + 1] = indices[i + 2];
      indices[i + 2] = b;
    }
  }
  return { positions, indices };
}

export function meshBounds(m: MeshData): { min: Vec3; max: Vec3 } {
  const min: Vec3 = [Infinity, Infinity, Infinity];
  const max: Vec3 = [-Infinity, -Infinity, -Infinity];
  const p = m.positions;
  for (let i = 0; i < p.length; i += 3) {
    for (let a = 0; a < 3; a++) {
      if (p[i + a] < min[a]) min[a] = p[i + a];
      if (p[i + a] > max[a]) max[a] = p[i + a];
    }
  }
  return { min, max };
}
