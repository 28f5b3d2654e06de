// Binary STL writing (exports and tests). Reading STL is the geometry module's job: the engine and the
// server read it through the GeometryKernel (wasm), binary and ASCII alike.
import type { MeshData } from './mesh.ts';

/** Binary STL of a mesh (for tests and exports). */
export function writeBinaryStl(m: MeshData): Uint8Array {
  const n = m.indices.length / 3;
  const bytes = new Uint8Array(84 + 50 * n);
  const view = new DataView(bytes.buffer);
  view.setUint32(80, n, true);
  const p = m.positions;
  for (let t = 0; t < n; t++) {
    const base = 84 + 50 * t;
    const a = 3 * m.indices[3 * t], b = 3 * m.indices[3 * t + 1], c = 3 * m.indices[3 * t + 2];
    const ux = p[b] - p[a], uy = p[b + 1] - p[a + 1], uz = p[b + 2] - p[a + 2];
    const vx = p[c] - p[a], vy = p[c + 1] - p[a + 1], vz = p[c + 2] - p[a + 2];
    let nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
    const l = Math.hypot(nx, ny, nz) || 1;
    nx /= l;
    ny /= l;
    nz /= l;
    view.setFloat32(base, nx, true);
    view.setFloat32(base + 4, ny, true);
    view.setFloat32(base + 8, nz, true);
    const corners = [a, b, c];
    for (let k = 0; k < 3; k++) {
      for (let d = 0; d < 3; d++) view.setFloat32(base + 12 + 12 * k + 4 * d, p[corners[k] + d], true);
    }
  }
  return bytes;
}
