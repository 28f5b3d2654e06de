// Field profiles of open boundaries (ioProfileKind 'field'): the prescribed normal velocity or pressure as a
// function of the position on the boundary plane, from a data table of points (pos_x, pos_y, pos_z) and
// values. The table's points are projected on the plane and interpolated linearly: piecewise linear along
// the line when they are collinear, barycentric on their Delaunay triangulation otherwise; outside the
// points the value is clamped (the value of the nearest end, or of the nearest point of the hull).
// Both backends read the result from a regular (u, v) grid of samples over the boundary polygon at half
// the particle spacing, interpolated bilinearly, so that CPU and GPU see the same function.

/** Samples of a boundary profile: values[iv * nu + iu] at (u0 + iu du, v0 + iv dv) in plane coordinates. */
export interface BoundaryProfile {
  u0: number;
  v0: number;
  du: number;
  dv: number;
  nu: number;
  nv: number;
  values: number[];
}

/** Plane of a boundary: point, in-plane axes, and its polygon in (u, v) (6 numbers per triangle). */
export interface ProfilePlane {
  origin: readonly [number, number, number];
  axisU: readonly [number, number, number];
  axisV: readonly [number, number, number];
  polygon: readonly number[];
}

/** Most samples along one axis of a profile grid. */
const MAX_PROFILE_SAMPLES = 512;

/** Linear interpolant of scattered plane points (u, v) → value, clamped outside the points. */
export type PlaneInterpolant = (u: number, v: number) => number;

/**
 * The interpolant of table points (world positions and values) on the plane. Duplicate points (closer than
 * 1e-9 of the points' extent) take their mean value.
 */
export function planeInterpolant(plane: ProfilePlane, points: readonly (readonly [number, number, number])[], values: readonly number[]): PlaneInterpolant {
  if (points.length === 0) throw new Error('a profile table needs points');
  const raw = points.map(([x, y, z]) => {
    const dx = x - plane.origin[0], dy = y - plane.origin[1], dz = z - plane.origin[2];
    return [dx * plane.axisU[0] + dy * plane.axisU[1] + dz * plane.axisU[2], dx * plane.axisV[0] + dy * plane.axisV[1] + dz * plane.axisV[2]] as const;
  });
  let cu = 0, cv = 0;
  for (const [u, v] of raw) { cu += u; cv += v; }
  cu /= raw.length;
  cv /= raw.length;
  // Principal direction of the points: a profile across a channel is given along one line.
  let suu = 0, suv = 0, svv = 0;
  for (const [u, v] of raw) { suu += (u - cu) ** 2; suv += (u - cu) * (v - cv); svv += (v - cv) ** 2; }
  const angle = 0.5 * Math.atan2(2 * suv, suu - svv);
  const ex = Math.cos(angle), ey = Math.sin(angle);
  let along = 0, across = 0;
  for (const [u, v] of raw) {
    along = Math.max(along, Math.abs((u - cu) * ex + (v - cv) * ey));
    across = Math.max(across, Math.abs(-(u - cu) * ey + (v - cv) * ex));
  }
  const tol = 1e-9 * Math.max(along, 1e-12);
  // Merge duplicates.
  const merged: { u: number; v: number; sum: number; n: number }[] = [];
  raw.forEach(([u, v], k) => {
    const same = merged.find((m) => Math.abs(m.u - u) <= tol && Math.abs(m.v - v) <= tol);
    if (same) { same.sum += values[k]; same.n++; } else merged.push({ u, v, sum: values[k], n: 1 });
  });
  const pts = merged.map((m) => ({ u: m.u, v: m.v, value: m.sum / m.n }));
  if (pts.length === 1) return () => pts[0].value;
  if (across <= 1e-6 * along) {
    const line = pts.map((p) => ({ s: (p.u - cu) * ex + (p.v - cv) * ey, value: p.value })).sort((a, b) => a.s - b.s);
    return (u, v) => lineValue(line, (u - cu) * ex + (v - cv) * ey);
  }
  const triangles = delaunay(pts);
  const hull = hullEdges(triangles);
  return (u, v) => {
    for (const [a, b, c] of triangles) {
      const pa = pts[a], pb = pts[b], pc = pts[c];
      const det = (pb.u - pa.u) * (pc.v - pa.v) - (pc.u - pa.u) * (pb.v - pa.v);
      const l1 = ((u - pa.u) * (pc.v - pa.v) - (pc.u - pa.u) * (v - pa.v)) / det;
      const l2 = ((pb.u - pa.u) * (v - pa.v) - (u - pa.u) * (pb.v - pa.v)) / det;
      const l0 = 1 - l1 - l2;
      const eps = -1e-9;
      if (l0 >= eps && l1 >= eps && l2 >= eps) return l0 * pa.value + l1 * pb.value + l2 * pc.value;
    }
    // Outside the hull: the value at the nearest point of the hull.
    let best = Infinity, value = pts[0].value;
    for (const [a, b] of hull) {
      const pa = pts[a], pb = pts[b];
      const ux = pb.u - pa.u, uy = pb.v - pa.v;
      const t = Math.min(1, Math.max(0, ((u - pa.u) * ux + (v - pa.v) * uy) / (ux * ux + uy * uy)));
      const d2 = (pa.u + t * ux - u) ** 2 + (pa.v + t * uy - v) ** 2;
      if (d2 < best) { best = d2; value = pa.value + t * (pb.value - pa.value); }
    }
    return value;
  };
}

/** Piecewise linear along sorted stations, clamped at both ends. */
function lineValue(line: readonly { s: number; value: number }[], s: number): number {
  if (s <= line[0].s) return line[0].value;
  const last = line[line.length - 1];
  if (s >= last.s) return last.value;
  let lo = 0, hi = line.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (line[mid].s <= s) lo = mid; else hi = mid;
  }
  const a = line[lo], b = line[hi];
  return a.value + ((s - a.s) / (b.s - a.s)) * (b.value - a.value);
}

/** Delaunay triangulation (Bowyer–Watson) of distinct, not all collinear points; counter-clockwise triangles. */
function delaunay(pts: readonly { u: number; v: number }[]): [number, number, number][] {
  let minU = Infinity, minV = Infinity, maxU = -Infinity, maxV = -Infinity;
  for (const p of pts) { minU = Math.min(minU, p.u); maxU = Math.max(maxU, p.u); minV = Math.min(minV, p.v); maxV = Math.max(maxV, p.v); }
  const span = Math.max(maxU - minU, maxV - minV);
  const mu = 0.5 * (minU + maxU), mv = 0.5 * (minV + maxV);
  const all = [...pts, { u: mu - 20 * span, v: mv - 10 * span }, { u: mu + 20 * span, v: mv - 10 * span }, { u: mu, v: mv + 20 * span }];
  const n = pts.length;
  let tris: [number, number, number][] = [[n, n + 1, n + 2]];
  const inCircle = (t: [number, number, number], p: { u: number; v: number }) => {
    const [a, b, c] = t.map((k) => all[k]);
    const ax = a.u - p.u, ay = a.v - p.v, bx = b.u - p.u, by = b.v - p.v, cx = c.u - p.u, cy = c.v - p.v;
    const det = (ax * ax + ay * ay) * (bx * cy - cx * by) - (bx * bx + by * by) * (ax * cy - cx * ay) + (cx * cx + cy * cy) * (ax * by - bx * ay);
    return det > 0;
  };
  for (let k = 0; k < n; k++) {
    const p = all[k];
    const bad = tris.filter((t) => inCircle(t, p));
    const edges = new Map<string, [number, number]>();
    for (const t of bad) {
      for (const [a, b] of [[t[0], t[1]], [t[1], t[2]], [t[2], t[0]]] as [number, number][]) {
        const key = a < b ? `${a},${b}` : `${b},${a}`;
        if (edges.has(key)) edges.delete(key); else edges.set(key, [a, b]);
      }
    }
    tris = tris.filter((t) => !bad.includes(t));
    for (const [a, b] of edges.values()) tris.push([a, b, k]);
  }
  return tris.filter((t) => t.every((k) => k < n)).filter((t) => {
    const [a, b, c] = t.map((k) => pts[k]);
    return Math.abs((b.u - a.u) * (c.v - a.v) - (c.u - a.u) * (b.v - a.v)) > 1e-14 * span * span;
  });
}

/** Edges of a triangulation that belong to one triangle only: the convex hull. */
function hullEdges(tris: readonly [number, number, number][]): [number, number][] {
  const count = new Map<string, [number, number, number]>();
  for (const t of tris) {
    for (const [a, b] of [[t[0], t[1]], [t[1], t[2]], [t[2], t[0]]] as [number, number][]) {
      const key = a < b ? `${a},${b}` : `${b},${a}`;
      const e = count.get(key);
      if (e) e[2]++; else count.set(key, [a, b, 1]);
    }
  }
  return [...count.values()].filter((e) => e[2] === 1).map(([a, b]) => [a, b]);
}

/** Samples the interpolant on a grid over the boundary polygon's (u, v) bounds at spacing `spacing` or coarser. */
export function sampleProfile(plane: ProfilePlane, f: PlaneInterpolant, spacing: number): BoundaryProfile {
  let minU = Infinity, minV = Infinity, maxU = -Infinity, maxV = -Infinity;
  for (let k = 0; k < plane.polygon.length; k += 2) {
    minU = Math.min(minU, plane.polygon[k]);
    maxU = Math.max(maxU, plane.polygon[k]);
    minV = Math.min(minV, plane.polygon[k + 1]);
    maxV = Math.max(maxV, plane.polygon[k + 1]);
  }
  if (!(maxU >= minU)) { minU = maxU = 0; minV = maxV = 0; }
  const axis = (lo: number, hi: number) => {
    const n = Math.min(MAX_PROFILE_SAMPLES, Math.max(2, Math.ceil((hi - lo) / spacing) + 1));
    return { n, d: hi > lo ? (hi - lo) / (n - 1) : 1 };
  };
  const au = axis(minU, maxU), av = axis(minV, maxV);
  const values: number[] = [];
  for (let iv = 0; iv < av.n; iv++) {
    for (let iu = 0; iu < au.n; iu++) values.push(f(minU + iu * au.d, minV + iv * av.d));
  }
  return { u0: minU, v0: minV, du: au.d, dv: av.d, nu: au.n, nv: av.n, values };
}

/** The profile's value at world point (x, y, z): bilinear in the samples, clamped to the grid. */
export function profileValueAt(plane: Pick<ProfilePlane, 'origin' | 'axisU' | 'axisV'>, prof: BoundaryProfile, x: number, y: number, z: number): number {
  const dx = x - plane.origin[0], dy = y - plane.origin[1], dz = z - plane.origin[2];
  const u = dx * plane.axisU[0] + dy * plane.axisU[1] + dz * plane.axisU[2];
  const v = dx * plane.axisV[0] + dy * plane.axisV[1] + dz * plane.axisV[2];
  const fu = Math.min(prof.nu - 1, Math.max(0, (u - prof.u0) / prof.du));
  const fv = Math.min(prof.nv - 1, Math.max(0, (v - prof.v0) / prof.dv));
  const iu = Math.min(prof.nu - 2, Math.floor(fu)), iv = Math.min(prof.nv - 2, Math.floor(fv));
  const su = fu - iu, sv = fv - iv;
  const row0 = iv * prof.nu, row1 = row0 + prof.nu;
  const a = prof.values[row0 + iu] + su * (prof.values[row0 + iu + 1] - prof.values[row0 + iu]);
  const b = prof.values[row1 + iu] + su * (prof.values[row1 + iu + 1] - prof.values[row1 + iu]);
  return a + sv * (b - a);
}
