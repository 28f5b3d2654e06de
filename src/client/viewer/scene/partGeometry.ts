// Geometry preparation of part meshes: normals that keep flat faces flat (a cube's corner vertices are
// shared by three faces; averaging their normals shades each face with a gradient whose crease splits it
// into its triangles) and the mesh's orientation (closed meshes wound inwards, such as containers, are
// drawn with their passes swapped so that far faces still come first).

/** Faces meeting at a shared vertex at more than this angle keep separate normals (a hard edge). */
export const CREASE_ANGLE_RAD = (30 * Math.PI) / 180;

function faceNormal(p: ArrayLike<number>, a: number, b: number, c: number, out: number[]): void {
  const ux = p[b * 3] - p[a * 3], uy = p[b * 3 + 1] - p[a * 3 + 1], uz = p[b * 3 + 2] - p[a * 3 + 2];
  const vx = p[c * 3] - p[a * 3], vy = p[c * 3 + 1] - p[a * 3 + 1], vz = p[c * 3 + 2] - p[a * 3 + 2];
  // Not normalised: the cross product's length weights a face by its area when normals are averaged.
  out[0] = uy * vz - uz * vy;
  out[1] = uz * vx - ux * vz;
  out[2] = ux * vy - uy * vx;
}

/**
 * An indexed mesh as separate triangles with normals averaged only over the faces around a vertex that
 * meet this face within the crease angle: smooth across a cylinder's side, sharp at a cube's edges.
 */
export function creasedTriangles(positions: Float32Array, indices: Uint32Array, creaseAngleRad = CREASE_ANGLE_RAD): { positions: Float32Array; normals: Float32Array } {
  const triangles = Math.floor(indices.length / 3);
  const faceNormals = new Float32Array(triangles * 3);
  const unit = new Float32Array(triangles * 3);
  const n = [0, 0, 0];
  const facesOf = new Map<number, number[]>();
  for (let t = 0; t < triangles; t++) {
    faceNormal(positions, indices[t * 3], indices[t * 3 + 1], indices[t * 3 + 2], n);
    faceNormals.set(n, t * 3);
    const length = Math.hypot(n[0], n[1], n[2]) || 1;
    unit.set([n[0] / length, n[1] / length, n[2] / length], t * 3);
    for (let k = 0; k < 3; k++) {
      const v = indices[t * 3 + k];
      const list = facesOf.get(v);
      if (list) list.push(t);
      else facesOf.set(v, [t]);
    }
  }
  const cosCrease = Math.cos(creaseAngleRad);
  const outPositions = new Float32Array(triangles * 9);
  const outNormals = new Float32Array(triangles * 9);
  for (let t = 0; t < triangles; t++) {
    for (let k = 0; k < 3; k++) {
      const v = indices[t * 3 + k];
      let x = 0, y = 0, z = 0;
      for (const f of facesOf.get(v) ?? []) {
        const dot = unit[t * 3] * unit[f * 3] + unit[t * 3 + 1] * unit[f * 3 + 1] + unit[t * 3 + 2] * unit[f * 3 + 2];
        if (dot < cosCrease) continue;
        x += faceNormals[f * 3];
        y += faceNormals[f * 3 + 1];
        z += faceNormals[f * 3 + 2];
      }
      const length = Math.hypot(x, y, z) || 1;
      const o = (t * 3 + k) * 3;
      outPositions[o] = positions[v * 3];
      outPositions[o + 1] = positions[v * 3 + 1];
      outPositions[o + 2] = positions[v * 3 + 2];
      outNormals[o] = x / length;
      outNormals[o + 1] = y / length;
      outNormals[o + 2] = z / length;
    }
  }
  return { positions: outPositions, normals: outNormals };
}

/**
 * Signed volume of a triangle mesh (indexed, or three vertices per triangle): positive when the faces
 * are wound outwards, negative for a container wound inwards, about 0 for open surfaces.
 */
export function signedVolume(positions: ArrayLike<number>, indices?: ArrayLike<number>): number {
  const count = indices ? indices.length : positions.length / 3;
  let sum = 0;
  for (let i = 0; i + 2 < count; i += 3) {
    const a = (indices ? indices[i] : i) * 3;
    const b = (indices ? indices[i + 1] : i + 1) * 3;
    const c = (indices ? indices[i + 2] : i + 2) * 3;
    const p = positions;
    sum +=
      p[a] * (p[b + 1] * p[c + 2] - p[b + 2] * p[c + 1]) -
      p[a + 1] * (p[b] * p[c + 2] - p[b + 2] * p[c]) +
      p[a + 2] * (p[b] * p[c + 1] - p[b + 1] * p[c]);
  }
  return sum / 6;
}
