// Measures of an impact case's state: fluid that crossed a wall, velocity noise (a particle's velocity
// against the kernel-weighted mean of its neighbours), the fastest particle and the particles held by
// the density limiter. The wall and stability tests and the solver benchmark share them.
import type { EngineSnapshot } from '../engine.ts';
import { ParticleKind } from '../particles.ts';
import type { PhysicsParams } from '../params.ts';
import type { Box, ImpactCase } from './impactCases.ts';

export interface ImpactMeasures {
  fluid: number;
  /** Fluid particles inside a solid or outside the tank by more than `tolerance`. */
  crossed: number;
  /** Deepest crossing (m, 0 when none). */
  deepest: number;
  /** Root mean square and largest |v - mean of the neighbours| (m/s). */
  noiseRms: number;
  noiseMax: number;
  maxSpeed: number;
  /** Where the fastest particle is (m). */
  fastestAt: [number, number, number];
  /** Fluid particles whose density sits on a limiter bound. */
  atLimiter: number;
}

/** Depth of a point inside a box (negative outside). */
function depthInside(b: Box, x: number, y: number, z: number): number {
  return Math.min(
    x - b.min[0], b.min[0] + b.size[0] - x, y - b.min[1], b.min[1] + b.size[1] - y, z - b.min[2], b.min[2] + b.size[2] - z,
  );
}

export function measureImpact(s: EngineSnapshot, c: ImpactCase, prm: PhysicsParams, tolerance = 0.5 * prm.dx): ImpactMeasures {
  const fluid: number[] = [];
  for (let i = 0; i < s.count; i++) if (s.kind[i] === ParticleKind.fluid) fluid.push(i);
  let crossed = 0;
  let deepest = 0;
  let maxSpeed = 0;
  let atLimiter = 0;
  let fastestAt: [number, number, number] = [0, 0, 0];
  const rhoEps = 1e-9 * prm.rho0;
  for (const i of fluid) {
    const x = s.x[i], y = s.y[i], z = s.z[i];
    let depth = -depthInside(c.tank, x, y, z);
    for (const b of c.solids) depth = Math.max(depth, depthInside(b, x, y, z));
    if (depth > tolerance) crossed++;
    if (depth > deepest) deepest = depth;
    const speed = Math.hypot(s.vx[i], s.vy[i], s.vz[i]);
    if (speed > maxSpeed) {
      maxSpeed = speed;
      fastestAt = [x, y, z];
    }
    if (prm.densityLimiter !== 0 && (s.rho[i] <= prm.rhoMin + rhoEps || s.rho[i] >= prm.rhoMax - rhoEps)) atLimiter++;
  }
  // Kernel-weighted mean velocity of each particle's fluid neighbours (itself included), on a cell hash.
  const cell = 2 * prm.h;
  const cells = new Map<string, number[]>();
  const key = (a: number, b: number, d: number) => `${a},${b},${d}`;
  for (const i of fluid) {
    const k = key(Math.floor(s.x[i] / cell), Math.floor(s.y[i] / cell), Math.floor(s.z[i] / cell));
    const list = cells.get(k);
    if (list === undefined) cells.set(k, [i]);
    else list.push(i);
  }
  let sum2 = 0;
  let noiseMax = 0;
  for (const i of fluid) {
    const cx = Math.floor(s.x[i] / cell), cy = Math.floor(s.y[i] / cell), cz = Math.floor(s.z[i] / cell);
    let sw = 0, mx = 0, my = 0, mz = 0;
    for (let a = -1; a <= 1; a++) {
      for (let b = -1; b <= 1; b++) {
        for (let d = -1; d <= 1; d++) {
          for (const j of cells.get(key(cx + a, cy + b, cz + d)) ?? []) {
            const r = Math.hypot(s.x[i] - s.x[j], s.y[i] - s.y[j], s.z[i] - s.z[j]);
            if (r >= cell) continue;
            const t = 1 - r / cell;
            const w = t * t * t * t * ((4 * r) / cell + 1);
            sw += w;
            mx += w * s.vx[j];
            my += w * s.vy[j];
            mz += w * s.vz[j];
          }
        }
      }
    }
    const n = Math.hypot(s.vx[i] - mx / sw, s.vy[i] - my / sw, s.vz[i] - mz / sw);
    sum2 += n * n;
    if (n > noiseMax) noiseMax = n;
  }
  return {
    fluid: fluid.length, crossed, deepest, maxSpeed, fastestAt, atLimiter,
    noiseRms: fluid.length > 0 ? Math.sqrt(sum2 / fluid.length) : 0, noiseMax,
  };
}
