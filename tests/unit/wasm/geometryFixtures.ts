// Shared by the geometry tests: builds the wasm module when it is missing or stale, loads it, and
// generates meshes and particle clouds with known properties.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SurgeGeometry, type TriangleMesh } from '../../../wasm/surgeGeometry.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Builds wasm/pkg/surge_geometry.wasm; a no-op when it is up to date. */
export function buildWasm(): void {
  execFileSync('bash', ['scripts/build-wasm.sh'], { cwd: ROOT, stdio: 'inherit' });
}

/** Builds the module if needed and loads it. */
export async function loadGeometry(): Promise<SurgeGeometry> {
  buildWasm();
  return SurgeGeometry.load();
}

export const CUBE_CORNERS: [number, number, number][] = [
  [0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0],
  [0, 0, 1], [1, 0, 1], [1, 1, 1], [0, 1, 1],
];
/** Outward-wound triangles of the unit cube, two per face, faces in the order -z, +z, -y, +x, +y, -x. */
export const CUBE_TRIANGLES: [number, number, number][] = [
  [0, 2, 1], [0, 3, 2],
  [4, 5, 6], [4, 6, 7],
  [0, 1, 5], [0, 5, 4],
  [1, 2, 6], [1, 6, 5],
  [2, 3, 7], [2, 7, 6],
  [3, 0, 4], [3, 4, 7],
];

/** Indexed cube of edge `size` at `offset`, optionally without some triangles or with some reversed. */
export function cube(
  options: { offset?: [number, number, number]; size?: number; drop?: number[]; flip?: number[] } = {},
): TriangleMesh {
  const [ox, oy, oz] = options.offset ?? [0, 0, 0];
  const s = options.size ?? 1;
  const positions = new Float32Array(CUBE_CORNERS.flatMap(([x, y, z]) => [ox + s * x, oy + s * y, oz + s * z]));
  const tris = CUBE_TRIANGLES.map((t, i) => (options.flip?.includes(i) ? [t[0], t[2], t[1]] : t)).filter(
    (_, i) => !options.drop?.includes(i),
  );
  return { positions, indices: new Uint32Array(tris.flat()) };
}

/** Concatenates meshes (no welding). */
export function merge(...meshes: TriangleMesh[]): TriangleMesh {
  const positions = new Float32Array(meshes.reduce((n, m) => n + m.positions.length, 0));
  const indices = new Uint32Array(meshes.reduce((n, m) => n + m.indices.length, 0));
  let pv = 0;
  let pi = 0;
  for (const m of meshes) {
    positions.set(m.positions, pv);
    for (let i = 0; i < m.indices.length; i++) indices[pi + i] = m.indices[i] + pv / 3;
    pv += m.positions.length;
    pi += m.indices.length;
  }
  return { positions, indices };
}

/** Triangle soup (9 floats per triangle) of an indexed mesh, as an STL stores it. */
export function toSoup(mesh: TriangleMesh): Float32Array {
  const out = new Float32Array(mesh.indices.length * 3);
  for (let i = 0; i < mesh.indices.length; i++) out.set(mesh.positions.subarray(3 * mesh.indices[i], 3 * mesh.indices[i] + 3), 3 * i);
  return out;
}

/** UV sphere of radius r with outward winding: a closed mesh for point-in-mesh tests. */
export function uvSphere(r: number, segments = 48, rings = 24): TriangleMesh {
  const pos: number[] = [0, 0, r];
  for (let i = 1; i < rings; i++) {
    const t = (Math.PI * i) / rings;
    for (let j = 0; j < segments; j++) {
      const p = (2 * Math.PI * j) / segments;
      pos.push(r * Math.sin(t) * Math.cos(p), r * Math.sin(t) * Math.sin(p), r * Math.cos(t));
    }
  }
  pos.push(0, 0, -r);
  const south = pos.length / 3 - 1;
  const ring = (i: number, j: number) => 1 + (i - 1) * segments + (j % segments);
  const idx: number[] = [];
  for (let j = 0; j < segments; j++) idx.push(0, ring(1, j), ring(1, j + 1));
  for (let i = 1; i < rings - 1; i++) {
    for (let j = 0; j < segments; j++) {
      idx.push(ring(i, j), ring(i + 1, j), ring(i + 1, j + 1), ring(i, j), ring(i + 1, j + 1), ring(i, j + 1));
    }
  }
  for (let j = 0; j < segments; j++) idx.push(south, ring(rings - 1, j + 1), ring(rings - 1, j));
  return { positions: new Float32Array(pos), indices: new Uint32Array(idx) };
}

/** Particles on a cubic lattice of spacing `dp` filling a ball of radius `radius` (centres inside). */
export function particleBall(radius: number, dp: number, center: [number, number, number] = [0, 0, 0]): Float32Array {
  const n = Math.ceil(radius / dp) + 1;
  const out: number[] = [];
  for (let i = -n; i <= n; i++) {
    for (let j = -n; j <= n; j++) {
      for (let k = -n; k <= n; k++) {
        const x = (i + 0.5) * dp;
        const y = (j + 0.5) * dp;
        const z = (k + 0.5) * dp;
        if (x * x + y * y + z * z <= radius * radius) out.push(center[0] + x, center[1] + y, center[2] + z);
      }
    }
  }
  return new Float32Array(out);
}

/** Deterministic pseudo-random numbers in [0, 1). */
export function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

/** Counts how many triangles use each undirected edge (key: lower * 2^32 + upper vertex). */
export function edgeUse(indices: Uint32Array): Map<number, number> {
  const uses = new Map<number, number>();
  for (let t = 0; t < indices.length; t += 3) {
    for (let k = 0; k < 3; k++) {
      const a = indices[t + k];
      const b = indices[t + ((k + 1) % 3)];
      const key = a < b ? a * 2 ** 32 + b : b * 2 ** 32 + a;
      uses.set(key, (uses.get(key) ?? 0) + 1);
    }
  }
  return uses;
}
