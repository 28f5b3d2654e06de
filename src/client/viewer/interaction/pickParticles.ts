// Ray picking of particle objects as the viewer draws them, without three.js: each drawn particle is a
// sphere of its drawn radius (at least the spec's ray-pick threshold of 0.02), particles on the removed
// side of the clipping plane or cut away by a volume clip are skipped, and the nearest sphere the ray enters wins. A box test skips
// whole objects the ray misses; objects drawn with more particles than a budget are tested on an even
// subset with spheres grown so that the subset covers the same volume (as the reduced quality levels draw).

export type Vec3Tuple = readonly [number, number, number];

export interface PickRay {
  origin: Vec3Tuple;
  /** Unit length. */
  direction: Vec3Tuple;
}

export interface PickCloud {
  positions: Float32Array;
  /** Every `stride`-th particle is drawn. */
  stride: number;
  /** Drawn sphere radius, m. */
  radius: number;
  /** Bounds of all particles (min xyz, max xyz). */
  bounds: { min: Vec3Tuple; max: Vec3Tuple };
}

/** Particles tested per object at most; beyond it an even subset with grown spheres stands for them. */
export const PICK_PARTICLE_BUDGET = 1_000_000;

/**
 * Distance along the ray at which it enters the box grown by `margin`, or null when it misses it (0 when
 * the origin is inside). Slab test.
 */
export function rayEntersBox(ray: PickRay, min: Vec3Tuple, max: Vec3Tuple, margin: number): number | null {
  let near = -Infinity;
  let far = Infinity;
  for (let a = 0; a < 3; a++) {
    const o = ray.origin[a];
    const d = ray.direction[a];
    const lo = min[a] - margin;
    const hi = max[a] + margin;
    if (Math.abs(d) < 1e-12) {
      if (o < lo || o > hi) return null;
      continue;
    }
    let t1 = (lo - o) / d;
    let t2 = (hi - o) / d;
    if (t1 > t2) [t1, t2] = [t2, t1];
    near = Math.max(near, t1);
    far = Math.min(far, t2);
    if (near > far) return null;
  }
  if (far < 0) return null;
  return Math.max(0, near);
}

/** Exact bounds of a cloud (one pass; callers cache it per array). */
export function cloudBounds(positions: Float32Array): { min: Vec3Tuple; max: Vec3Tuple } {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i + 2 < positions.length; i += 3) {
    for (let c = 0; c < 3; c++) {
      const v = positions[i + c];
      if (v < min[c]) min[c] = v;
      if (v > max[c]) max[c] = v;
    }
  }
  return { min: [min[0], min[1], min[2]], max: [max[0], max[1], max[2]] };
}

/**
 * The nearest drawn particle sphere the ray enters, as the distance along the ray and the particle's
 * index, or null. `clip` is the plane (a, b, c, d) whose side a·x + b·y + c·z + d >= 0 is kept, or null.
 * `minRadius` is the pick threshold: spheres smaller than it are picked as if that large. `removed` says
 * whether a volume clip hides a particle (null: none does).
 */
export function pickNearestParticle(
  cloud: PickCloud,
  ray: PickRay,
  clip: readonly [number, number, number, number] | null,
  minRadius: number,
  removed: ((x: number, y: number, z: number) => boolean) | null = null,
): { distance: number; index: number } | null {
  const count = Math.floor(cloud.positions.length / 3);
  const stride = Math.max(1, Math.floor(cloud.stride));
  const drawn = Math.ceil(count / stride);
  if (drawn === 0) return null;
  // Over budget: an even subset, each sphere grown by the cube root of the extra step.
  const extra = Math.max(1, Math.ceil(drawn / PICK_PARTICLE_BUDGET));
  const step = stride * extra;
  const radius = Math.max(cloud.radius * Math.cbrt(extra), minRadius);
  if (rayEntersBox(ray, cloud.bounds.min, cloud.bounds.max, radius) === null) return null;
  const [ox, oy, oz] = ray.origin;
  const [dx, dy, dz] = ray.direction;
  const r2 = radius * radius;
  const p = cloud.positions;
  let best = Infinity;
  let bestIndex = -1;
  // Hot loop over up to a million particles: plain arithmetic, no allocation.
  for (let i = 0; i < count; i += step) {
    const x = p[i * 3];
    const y = p[i * 3 + 1];
    const z = p[i * 3 + 2];
    const ex = x - ox;
    const ey = y - oy;
    const ez = z - oz;
    const t = ex * dx + ey * dy + ez * dz;
    if (t < -radius || t - radius >= best) continue;
    const d2 = ex * ex + ey * ey + ez * ez - t * t;
    if (d2 > r2) continue;
    if (clip && clip[0] * x + clip[1] * y + clip[2] * z + clip[3] < 0) continue;
    // Volume clips are tested only for the few particles the ray meets.
    if (removed && removed(x, y, z)) continue;
    const enter = t - Math.sqrt(r2 - d2);
    if (enter < best) {
      best = enter;
      bestIndex = i;
    }
  }
  return bestIndex < 0 ? null : { distance: Math.max(0, best), index: bestIndex };
}
