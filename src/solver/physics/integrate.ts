// Classical four-stage Runge-Kutta update of position, velocity and density, the density limiter,
// the end-of-step shifting and the deletion boundary. Per-particle only: safe on any index range.
import { ParticleKind, type ParticleStore } from '../particles.ts';
import { DEAD_KIND } from '../grid.ts';
import type { PhysicsParams } from '../params.ts';
import { NO_PERIOD, minImage } from '../periodic.ts';

const FLUID = ParticleKind.fluid;
const BUFFER = ParticleKind.buffer;

/** Fraction of dt at which stage k+1 is evaluated, for k = 0..2. */
const STAGE_C = [0.5, 0.5, 1];
/** Weights of k1..k4 in the final combination (divided by 6). */
const STAGE_W = [1, 2, 2, 1];

export interface StageResult {
  /** Largest |v|² of the moving particles after the update. */
  maxVel2: number;
}

/**
 * After the rates of stage `stage` (0..3) were evaluated at the current state: accumulate them and set the
 * state of the next stage (or the end state when stage = 3). Buffer particles move with their prescribed
 * velocity; walls stay put. `applyShift` applies the shifting of the step, scaled by `shiftScale` (U Δt)
 * and capped at shiftMax, to the end state.
 */
export function rk4StageUpdate(
  s: ParticleStore, prm: PhysicsParams, start: number, end: number, stage: number, dt: number, applyShift: boolean,
  shiftScale: number,
): number {
  const f = s.f;
  const { x, y, z, vx, vy, vz, rho, p, x0, y0, z0, vx0, vy0, vz0, rho0, kx, ky, kz, kvx, kvy, kvz, krho } = f;
  const { ax, ay, az, drho, sx, sy, sz, srho, svx, svy, svz, fs, fsn } = f;
  // Temperature of the fluid (heat transfer on); buffers keep theirs: an inlet's ioTemperature, an outlet's
  // last fluid value.
  const heat = prm.heat !== null;
  const { temp, temp0, ktemp, dtemp } = f;
  const kind = s.kind;
  const w = STAGE_W[stage];
  const last = stage === 3;
  const cdt = last ? dt / 6 : STAGE_C[stage] * dt;
  const limiter = prm.densityLimiter !== 0;
  const shiftMax = prm.shiftMax;
  const rhoMin = prm.rhoMin, rhoMax = prm.rhoMax;
  const b = prm.b, rRho0 = 1 / prm.rho0, gamma = prm.gamma;
  // Several fluids: the equation of state of each particle's phase.
  const phases = prm.phases;
  const body = s.body;
  const dom = prm.domainActive !== 0;
  const [dminx, dminy, dminz] = prm.domainMin;
  const [dmaxx, dmaxy, dmaxz] = prm.domainMax;
  // Periodic axes: a particle leaving the domain at dmax re-enters at dmin and vice versa.
  const [px, py, pz] = prm.period ?? NO_PERIOD;
  const wrap = px !== 0 || py !== 0 || pz !== 0;
  let maxV2 = 0;
  for (let i = start; i < end; i++) {
    const k = kind[i];
    if (k !== FLUID && k !== BUFFER) continue;
    if (stage === 0) {
      x0[i] = x[i];
      y0[i] = y[i];
      z0[i] = z[i];
      vx0[i] = vx[i];
      vy0[i] = vy[i];
      vz0[i] = vz[i];
      rho0[i] = rho[i];
      kx[i] = 0;
      ky[i] = 0;
      kz[i] = 0;
      kvx[i] = 0;
      kvy[i] = 0;
      kvz[i] = 0;
      krho[i] = 0;
    }
    kx[i] += w * vx[i];
    ky[i] += w * vy[i];
    kz[i] += w * vz[i];
    if (k === BUFFER) {
      // Position only: velocity and density are set by the boundary condition every stage.
      if (last) {
        x[i] = x0[i] + cdt * kx[i];
        y[i] = y0[i] + cdt * ky[i];
        z[i] = z0[i] + cdt * kz[i];
      } else {
        x[i] = x0[i] + cdt * vx[i];
        y[i] = y0[i] + cdt * vy[i];
        z[i] = z0[i] + cdt * vz[i];
      }
      continue;
    }
    kvx[i] += w * ax[i];
    kvy[i] += w * ay[i];
    kvz[i] += w * az[i];
    krho[i] += w * drho[i];
    if (heat) {
      if (stage === 0) {
        temp0[i] = temp[i];
        ktemp[i] = 0;
      }
      ktemp[i] += w * dtemp[i];
      temp[i] = temp0[i] + cdt * (last ? ktemp[i] : dtemp[i]);
    }
    let r: number;
    if (last) {
      x[i] = x0[i] + cdt * kx[i];
      y[i] = y0[i] + cdt * ky[i];
      z[i] = z0[i] + cdt * kz[i];
      vx[i] = vx0[i] + cdt * kvx[i];
      vy[i] = vy0[i] + cdt * kvy[i];
      vz[i] = vz0[i] + cdt * kvz[i];
      r = rho0[i] + cdt * krho[i];
      if (applyShift) {
        fs[i] = fsn[i];
        let f = shiftScale;
        const len = Math.sqrt(sx[i] * sx[i] + sy[i] * sy[i] + sz[i] * sz[i]) * f;
        if (len > shiftMax) f *= shiftMax / len;
        x[i] += f * sx[i];
        y[i] += f * sy[i];
        z[i] += f * sz[i];
        r += f * srho[i];
        vx[i] += f * svx[i];
        vy[i] += f * svy[i];
        vz[i] += f * svz[i];
      }
      if (wrap) {
        x[i] = wrapInto(x[i], dminx, px);
        y[i] = wrapInto(y[i], dminy, py);
        z[i] = wrapInto(z[i], dminz, pz);
      }
      let dead = false;
      if (dom) {
        const xi = x[i], yi = y[i], zi = z[i];
        dead = xi < dminx || yi < dminy || zi < dminz || xi > dmaxx || yi > dmaxy || zi > dmaxz;
        if (dead) kind[i] = DEAD_KIND;
      }
      if (!dead) {
        const v2 = vx[i] * vx[i] + vy[i] * vy[i] + vz[i] * vz[i];
        if (v2 > maxV2) maxV2 = v2;
      }
    } else {
      x[i] = x0[i] + cdt * vx[i];
      y[i] = y0[i] + cdt * vy[i];
      z[i] = z0[i] + cdt * vz[i];
      vx[i] = vx0[i] + cdt * ax[i];
      vy[i] = vy0[i] + cdt * ay[i];
      vz[i] = vz0[i] + cdt * az[i];
      r = rho0[i] + cdt * drho[i];
    }
    if (limiter) r = r < rhoMin ? rhoMin : r > rhoMax ? rhoMax : r;
    rho[i] = r;
    if (phases === null) p[i] = taitPressureFast(r * rRho0, b, gamma);
    else {
      const ph = phases.bodyPhase[body[i]];
      p[i] = taitPressureFast(r / phases.rho0[ph], phases.b[ph], phases.gamma[ph]);
    }
  }
  return maxV2;
}

/**
 * Largest squared displacement of a fluid or buffer particle over the last step (its start x0..z0 to
 * its end, shifting included): what the neighbour lists' skin must cover until the next sort.
 */
export function maxStepDisplacement2(s: ParticleStore, start: number, end: number, period: readonly number[] = NO_PERIOD): number {
  const { x, y, z, x0, y0, z0 } = s.f;
  const [px, py, pz] = period;
  const kind = s.kind;
  let max = 0;
  for (let i = start; i < end; i++) {
    const k = kind[i];
    if (k !== FLUID && k !== BUFFER) continue;
    // A particle wrapped by a periodic axis moved by its minimum image.
    const dx = minImage(x[i] - x0[i], px), dy = minImage(y[i] - y0[i], py), dz = minImage(z[i] - z0[i], pz);
    const d2 = dx * dx + dy * dy + dz * dz;
    if (d2 > max) max = d2;
  }
  return max;
}

/** A coordinate put back into [lo, lo + period) along a periodic axis (period 0: left as it is). */
export function wrapInto(v: number, lo: number, period: number): number {
  if (period === 0) return v;
  if (v >= lo + period) return v - period;
  if (v < lo) return v + period;
  return v;
}

/** Tait pressure from ρ/ρ0, with the common γ = 7 as a product chain instead of pow. */
export function taitPressureFast(ratio: number, b: number, gamma: number): number {
  if (gamma === 7) {
    const r2 = ratio * ratio;
    return b * (r2 * r2 * r2 * ratio - 1);
  }
  return b * (Math.pow(ratio, gamma) - 1);
}

/** Pressure of every fluid particle from its density (initial state); returns the largest |v|². */
export function updatePressure(s: ParticleStore, prm: PhysicsParams, start: number, end: number): number {
  const { rho, p, vx, vy, vz } = s.f;
  const kind = s.kind;
  const phases = prm.phases;
  let maxV2 = 0;
  for (let i = start; i < end; i++) {
    if (kind[i] !== FLUID) continue;
    if (phases === null) p[i] = taitPressureFast(rho[i] / prm.rho0, prm.b, prm.gamma);
    else {
      const ph = phases.bodyPhase[s.body[i]];
      p[i] = taitPressureFast(rho[i] / phases.rho0[ph], phases.b[ph], phases.gamma[ph]);
    }
    const v2 = vx[i] * vx[i] + vy[i] * vy[i] + vz[i] * vz[i];
    if (v2 > maxV2) maxV2 = v2;
  }
  return maxV2;
}
