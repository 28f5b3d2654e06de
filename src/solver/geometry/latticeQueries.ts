// Lattice queries of the discretizer that the geometry module does not offer: the signed-distance band
// of wall particles and the lattice edges a surface crosses. Each query visits only the lattice points
// inside each triangle's bounding box (the lattice is the spatial grid), so the cost is about
// triangles + touched points, not triangles × points.
import type { MeshData } from './mesh.ts';
import type { Lattice, SurfaceBand } from './geometryKernel.ts';

function clampRange(lo: number, hi: number, n: number): [number, number] {
  return [Math.max(0, lo), Math.min(n - 1, hi)];
}

/** Lattice index range [a, b] of points with coordinate in [min, max] along an axis. */
function axisRange(l: Lattice, axis: number, min: number, max: number): [number, number] {
  const h = l.spacing;
  const lo = Math.ceil(min / h - 0.5) - l.i0[axis];
  const hi = Math.floor(max / h - 0.5) - l.i0[axis];
  return clampRange(lo, hi, l.n[axis]);
}

/** Closest point on triangle abc to q (Ericson, Real-Time Collision Detection, 5.1.5). */
function closestOnTriangle(
  qx: number, qy: number, qz: number,
  ax: number, ay: number, az: number, bx: number, by: number, bz: number, cx: number, cy: number, cz: number,
  out: Float64Array,
): void {
  const abx = bx - ax, aby = by - ay, abz = bz - az;
  const acx = cx - ax, acy = cy - ay, acz = cz - az;
  const apx = qx - ax, apy = qy - ay, apz = qz - az;
  const d1 = abx * apx + aby * apy + abz * apz;
  const d2 = acx * apx + acy * apy + acz * apz;
  if (d1 <= 0 && d2 <= 0) {
    out[0] = ax; out[1] = ay; out[2] = az; out[3] = 1;
    return;
  }
  const bpx = qx - bx, bpy = qy - by, bpz = qz - bz;
  const d3 = abx * bpx + aby * bpy + abz * bpz;
  const d4 = acx * bpx + acy * bpy + acz * bpz;
  if (d3 >= 0 && d4 <= d3) {
    out[0] = bx; out[1] = by; out[2] = bz; out[3] = 1;
    return;
  }
  const vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0) {
    const v = d1 / (d1 - d3);
    out[0] = ax + v * abx; out[1] = ay + v * aby; out[2] = az + v * abz; out[3] = 1;
    return;
  }
  const cpx = qx - cx, cpy = qy - cy, cpz = qz - cz;
  const d5 = abx * cpx + aby * cpy + abz * cpz;
  const d6 = acx * cpx + acy * cpy + acz * cpz;
  if (d6 >= 0 && d5 <= d6) {
    out[0] = cx; out[1] = cy; out[2] = cz; out[3] = 1;
    return;
  }
  const vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0) {
    const w = d2 / (d2 - d6);
    out[0] = ax + w * acx; out[1] = ay + w * acy; out[2] = az + w * acz; out[3] = 1;
    return;
  }
  const va = d3 * d6 - d5 * d4;
  if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
    const w = (d4 - d3) / (d4 - d3 + (d5 - d6));
    out[0] = bx + w * (cx - bx); out[1] = by + w * (cy - by); out[2] = bz + w * (cz - bz); out[3] = 1;
    return;
  }
  const denom = 1 / (va + vb + vc);
  const v = vb * denom, w = vc * denom;
  out[0] = ax + abx * v + acx * w;
  out[1] = ay + aby * v + acy * w;
  out[2] = az + abz * v + acz * w;
  out[3] = 0;
}

export function surfaceBand(mesh: MeshData, l: Lattice, band: number): SurfaceBand {
  const p = mesh.positions;
  const idx = mesh.indices;
  const h = l.spacing;
  const [nx, ny] = l.n;
  const slots = new Map<number, number>();
  let cap = 1024;
  let index = new Int32Array(cap);
  let dist = new Float64Array(cap);
  let sideScore = new Float64Array(cap);
  let dnx = new Float64Array(cap), dny = new Float64Array(cap), dnz = new Float64Array(cap);
  let count = 0;
  const cp = new Float64Array(4);
  const grow = () => {
    cap *= 2;
    const gi = new Int32Array(cap); gi.set(index); index = gi;
    const gd = new Float64Array(cap); gd.set(dist); dist = gd;
    const gs = new Float64Array(cap); gs.set(sideScore); sideScore = gs;
    const g1 = new Float64Array(cap); g1.set(dnx); dnx = g1;
    const g2 = new Float64Array(cap); g2.set(dny); dny = g2;
    const g3 = new Float64Array(cap); g3.set(dnz); dnz = g3;
  };
  for (let t = 0; t < idx.length; t += 3) {
    const a = 3 * idx[t], b = 3 * idx[t + 1], c = 3 * idx[t + 2];
    const ax = p[a], ay = p[a + 1], az = p[a + 2];
    const bx = p[b], by = p[b + 1], bz = p[b + 2];
    const cx = p[c], cy = p[c + 1], cz = p[c + 2];
    let fnx = (by - ay) * (cz - az) - (bz - az) * (cy - ay);
    let fny = (bz - az) * (cx - ax) - (bx - ax) * (cz - az);
    let fnz = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
    const fl = Math.hypot(fnx, fny, fnz);
    if (fl === 0) continue;
    fnx /= fl;
    fny /= fl;
    fnz /= fl;
    const [i0, i1] = axisRange(l, 0, Math.min(ax, bx, cx) - band, Math.max(ax, bx, cx) + band);
    const [j0, j1] = axisRange(l, 1, Math.min(ay, by, cy) - band, Math.max(ay, by, cy) + band);
    const [k0, k1] = axisRange(l, 2, Math.min(az, bz, cz) - band, Math.max(az, bz, cz) + band);
    for (let k = k0; k <= k1; k++) {
      const qz = (l.i0[2] + k + 0.5) * h;
      for (let j = j0; j <= j1; j++) {
        const qy = (l.i0[1] + j + 0.5) * h;
        for (let i = i0; i <= i1; i++) {
          const qx = (l.i0[0] + i + 0.5) * h;
          // Quick reject on the plane distance before the exact closest point.
          const planeD = (qx - ax) * fnx + (qy - ay) * fny + (qz - az) * fnz;
          if (planeD >= band || planeD <= -band) continue;
          closestOnTriangle(qx, qy, qz, ax, ay, az, bx, by, bz, cx, cy, cz, cp);
          const ex = qx - cp[0], ey = qy - cp[1], ez = qz - cp[2];
          const d = Math.sqrt(ex * ex + ey * ey + ez * ez);
          if (d >= band) continue;
          // How clearly the point lies on one side of this triangle: decides ties at shared edges.
          const score = d > 0 ? Math.abs(planeD) / d : 1;
          const key = i + nx * (j + ny * k);
          let slot = slots.get(key);
          const tol = 1e-9 * h;
          if (slot !== undefined) {
            const prev = dist[slot];
            const better = Math.abs(d - Math.abs(prev)) <= tol ? score > sideScore[slot] : d < Math.abs(prev);
            if (!better) continue;
          } else {
            if (count === cap) grow();
            slot = count++;
            slots.set(key, slot);
            index[slot] = key;
          }
          const sign = planeD >= 0 ? 1 : -1;
          dist[slot] = sign * d;
          sideScore[slot] = score;
          if (d > 1e-12 * h && cp[3] === 1) {
            // Closest point on an edge or vertex: the direction to the front side follows the geometry.
            dnx[slot] = (sign * ex) / d;
            dny[slot] = (sign * ey) / d;
            dnz[slot] = (sign * ez) / d;
          } else {
            dnx[slot] = fnx;
            dny[slot] = fny;
            dnz[slot] = fnz;
          }
        }
      }
    }
  }
  return {
    index: index.slice(0, count), distance: dist.slice(0, count),
    nx: dnx.slice(0, count), ny: dny.slice(0, count), nz: dnz.slice(0, count), count,
  };
}

export function markCrossedEdges(mesh: MeshData, l: Lattice, blocked: Uint8Array): void {
  const p = mesh.positions;
  const idx = mesh.indices;
  const h = l.spacing;
  const [nx, ny] = l.n;
  const eps = 1e-9;
  for (let t = 0; t < idx.length; t += 3) {
    const a = 3 * idx[t], b = 3 * idx[t + 1], c = 3 * idx[t + 2];
    const ax = p[a], ay = p[a + 1], az = p[a + 2];
    const e1x = p[b] - ax, e1y = p[b + 1] - ay, e1z = p[b + 2] - az;
    const e2x = p[c] - ax, e2y = p[c + 1] - ay, e2z = p[c + 2] - az;
    const mins = [Math.min(ax, p[b], p[c]), Math.min(ay, p[b + 1], p[c + 1]), Math.min(az, p[b + 2], p[c + 2])];
    const maxs = [Math.max(ax, p[b], p[c]), Math.max(ay, p[b + 1], p[c + 1]), Math.max(az, p[b + 2], p[c + 2])];
    const [i0, i1] = axisRange(l, 0, mins[0] - h, maxs[0]);
    const [j0, j1] = axisRange(l, 1, mins[1] - h, maxs[1]);
    const [k0, k1] = axisRange(l, 2, mins[2] - h, maxs[2]);
    for (let axis = 0; axis < 3; axis++) {
      // Möller–Trumbore with the ray along +axis and length Δx; barycentric bounds inclusive, so that
      // a crossing exactly on a shared edge blocks the lattice edge.
      const dx = axis === 0 ? 1 : 0, dy = axis === 1 ? 1 : 0, dz = axis === 2 ? 1 : 0;
      const px = dy * e2z - dz * e2y, py = dz * e2x - dx * e2z, pz = dx * e2y - dy * e2x;
      const det = e1x * px + e1y * py + e1z * pz;
      if (Math.abs(det) < 1e-300) continue;
      const inv = 1 / det;
      const bit = 1 << axis;
      for (let k = k0; k <= k1; k++) {
        const oz = (l.i0[2] + k + 0.5) * h;
        for (let j = j0; j <= j1; j++) {
          const oy = (l.i0[1] + j + 0.5) * h;
          for (let i = i0; i <= i1; i++) {
            const ox = (l.i0[0] + i + 0.5) * h;
            const tx = ox - ax, ty = oy - ay, tz = oz - az;
            const u = (tx * px + ty * py + tz * pz) * inv;
            if (u < -eps || u > 1 + eps) continue;
            const qx = ty * e1z - tz * e1y, qy = tz * e1x - tx * e1z, qz = tx * e1y - ty * e1x;
            const v = (dx * qx + dy * qy + dz * qz) * inv;
            if (v < -eps || u + v > 1 + eps) continue;
            const s = (e2x * qx + e2y * qy + e2z * qz) * inv;
            if (s < -eps * h || s > h * (1 + eps)) continue;
            blocked[i + nx * (j + ny * k)] |= bit;
          }
        }
      }
    }
  }
}
