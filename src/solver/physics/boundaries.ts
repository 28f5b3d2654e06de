// Boundary particle states evaluated before the fluid rates of every stage: mirrored wall pressure
// (Adami, Hu & Adams 2012) when the Riemann wall is off, and the open-boundary buffer states from
// Riemann invariants of the fluid next to the boundary.
import { ParticleKind, type ParticleStore } from '../particles.ts';
import { CELL_RUN_SLOTS, cellOf, neighbourCellRuns, runHoldsFluid, type GridSpec } from '../grid.ts';
import { NO_PERIOD, minImage } from '../periodic.ts';
import { IoDirectionCode, IoTypeCode, WallMode, type OpenBoundaryParams, type PhysicsParams } from '../params.ts';
import { profileValueAt } from './ioProfile.ts';
import { taitDensity, taitConstants } from '../eos.ts';

const FLUID = ParticleKind.fluid;
const WALL = ParticleKind.wall;
const BUFFER = ParticleKind.buffer;

interface Shepard {
  sumW: number;
  p: number;
  vx: number;
  vy: number;
  vz: number;
  /** Σ ρ_f (r_q - r_f) W, for the hydrostatic part of the mirrored wall pressure. */
  rrx: number;
  rry: number;
  rrz: number;
}

/** Cell runs of the Shepard interpolation (one evaluation at a time per thread). */
const runs = new Int32Array(CELL_RUN_SLOTS);

function shepardAt(
  s: ParticleStore, grid: GridSpec, cellStart: Int32Array, cellFluid: Uint8Array, prm: PhysicsParams,
  qx: number, qy: number, qz: number, out: Shepard,
): void {
  const { x, y, z, vx, vy, vz, rho, p } = s.f;
  const kind = s.kind;
  const { h, support2, kernelAlpha } = prm;
  const invH = 1 / h;
  const [px, py, pz] = prm.period ?? NO_PERIOD;
  const nRuns = neighbourCellRuns(grid, cellOf(grid, qx, qy, qz), runs);
  let sumW = 0, sp = 0, svx = 0, svy = 0, svz = 0, rrx = 0, rry = 0, rrz = 0;
  for (let run = 0; run < nRuns; run += 2) {
    if (!runHoldsFluid(cellFluid, runs[run], runs[run + 1])) continue;
    const jEnd = cellStart[runs[run + 1] + 1];
    for (let j = cellStart[runs[run]]; j < jEnd; j++) {
      if (kind[j] !== FLUID) continue;
      const rx = minImage(qx - x[j], px), ry = minImage(qy - y[j], py), rz = minImage(qz - z[j], pz);
      const r2 = rx * rx + ry * ry + rz * rz;
      if (r2 >= support2) continue;
      const q = Math.sqrt(r2) * invH;
      const t = 1 - 0.5 * q;
      const w = kernelAlpha * t * t * t * t * (2 * q + 1);
      sumW += w;
      sp += p[j] * w;
      svx += vx[j] * w;
      svy += vy[j] * w;
      svz += vz[j] * w;
      const rw = rho[j] * w;
      rrx += rx * rw;
      rry += ry * rw;
      rrz += rz * rw;
    }
  }
  out.sumW = sumW;
  out.p = sp;
  out.vx = svx;
  out.vy = svy;
  out.vz = svz;
  out.rrx = rrx;
  out.rry = rry;
  out.rrz = rrz;
}

/**
 * Mirrored wall pressure, density and ghost velocity of the wall particles in [start, end):
 * p_w = (Σ p_f W + (b − a_w)·Σ ρ_f r_wf W) / Σ W, ghost velocity 2 v_w − Shepard(v_f), with b the body
 * force at the wall (`gravity`, gravity less the frame acceleration, plus the centrifugal force of a
 * rotating frame there) and v_w, a_w the wall's velocity and acceleration (vx..vz, ax..az; zero at rest).
 * The centrifugal force is taken at the wall rather than between wall and fluid: the difference is
 * ρ ω² h² at most, a fraction ω² h / |g| of the hydrostatic part.
 */
export function mirroredWallStates(
  s: ParticleStore, grid: GridSpec, cellStart: Int32Array, cellFluid: Uint8Array, prm: PhysicsParams,
  start: number, end: number, gravity: ArrayLike<number> | null = null,
): void {
  if (prm.wallMode !== WallMode.mirrored) return;
  const { x, y, z, rho, p, gvx, gvy, gvz, vx, vy, vz, ax, ay, az } = s.f;
  const kind = s.kind;
  const eos = taitConstants(prm.rho0, prm.gamma, prm.c0);
  const sh: Shepard = { sumW: 0, p: 0, vx: 0, vy: 0, vz: 0, rrx: 0, rry: 0, rrz: 0 };
  const gx = gravity === null ? prm.gx : gravity[0];
  const gy = gravity === null ? prm.gy : gravity[1];
  const gz = gravity === null ? prm.gz : gravity[2];
  const wallsMove = prm.wallsMove !== 0;
  const rotating = prm.rotating !== 0;
  const [wx, wy, wz] = prm.omega;
  const w2 = wx * wx + wy * wy + wz * wz;
  for (let i = start; i < end; i++) {
    if (kind[i] !== WALL) continue;
    shepardAt(s, grid, cellStart, cellFluid, prm, x[i], y[i], z[i], sh);
    let bx = gx, by = gy, bz = gz;
    if (rotating) {
      const rx = x[i] - prm.frameCenter[0], ry = y[i] - prm.frameCenter[1], rz = z[i] - prm.frameCenter[2];
      const wr = wx * rx + wy * ry + wz * rz;
      bx += w2 * rx - wr * wx;
      by += w2 * ry - wr * wy;
      bz += w2 * rz - wr * wz;
    }
    let vwx = 0, vwy = 0, vwz = 0;
    if (wallsMove) {
      bx -= ax[i];
      by -= ay[i];
      bz -= az[i];
      vwx = 2 * vx[i];
      vwy = 2 * vy[i];
      vwz = 2 * vz[i];
    }
    if (sh.sumW > 0) {
      const inv = 1 / sh.sumW;
      const pw = (sh.p + bx * sh.rrx + by * sh.rry + bz * sh.rrz) * inv;
      p[i] = pw;
      rho[i] = taitDensity(pw, eos);
      gvx[i] = vwx - sh.vx * inv;
      gvy[i] = vwy - sh.vy * inv;
      gvz[i] = vwz - sh.vz * inv;
    } else {
      p[i] = 0;
      rho[i] = prm.rho0;
      gvx[i] = vwx;
      gvy[i] = vwy;
      gvz[i] = vwz;
    }
  }
}

/**
 * What an open boundary prescribes at a point: the normal velocity (m/s, positive into the domain) of a
 * riemann_velocity boundary, the pressure (Pa) of a riemann_pressure one; from its field profile if it has one.
 */
export function prescribedValue(b: OpenBoundaryParams, x: number, y: number, z: number): number {
  if (b.profile !== undefined) return profileValueAt(b, b.profile, x, y, z);
  if (b.type === IoTypeCode.riemannPressure) return b.pressure;
  return b.direction === IoDirectionCode.inflow ? b.velocity : -b.velocity;
}

/**
 * Open-boundary buffer states. The fluid state is interpolated at the buffer particle mirrored into the
 * fluid; with n the inward normal and J = v·n - p/(ρ0 c0) the invariant arriving from the fluid:
 * riemann_velocity prescribes v·n and takes p from J; riemann_pressure prescribes p and takes v·n from J.
 */
export function openBoundaryStates(
  s: ParticleStore, grid: GridSpec, cellStart: Int32Array, cellFluid: Uint8Array, prm: PhysicsParams,
  start: number, end: number,
): void {
  if (prm.boundaries.length === 0) return;
  const { x, y, z, vx, vy, vz, rho, p } = s.f;
  const kind = s.kind;
  const body = s.body;
  const eos = taitConstants(prm.rho0, prm.gamma, prm.c0);
  const impedance = prm.rho0 * prm.c0;
  const sh: Shepard = { sumW: 0, p: 0, vx: 0, vy: 0, vz: 0, rrx: 0, rry: 0, rrz: 0 };
  for (let i = start; i < end; i++) {
    if (kind[i] !== BUFFER) continue;
    const b = prm.boundaries[prm.bodyBoundary[body[i]]];
    const [nx, ny, nz] = b.normal;
    const sd = (x[i] - b.origin[0]) * nx + (y[i] - b.origin[1]) * ny + (z[i] - b.origin[2]) * nz;
    const mx = x[i] - 2 * sd * nx, my = y[i] - 2 * sd * ny, mz = z[i] - 2 * sd * nz;
    shepardAt(s, grid, cellStart, cellFluid, prm, mx, my, mz, sh);
    let pf: number, ufx: number, ufy: number, ufz: number;
    const prescribed = prescribedValue(b, x[i], y[i], z[i]);
    const prescribedUn = b.type === IoTypeCode.riemannVelocity ? prescribed : b.direction === IoDirectionCode.inflow ? b.velocity : -b.velocity;
    if (sh.sumW > 0) {
      const inv = 1 / sh.sumW;
      pf = sh.p * inv;
      ufx = sh.vx * inv;
      ufy = sh.vy * inv;
      ufz = sh.vz * inv;
    } else {
      // No fluid in reach yet: the prescribed state is all there is.
      pf = b.type === IoTypeCode.riemannPressure ? prescribed : 0;
      ufx = prescribedUn * nx;
      ufy = prescribedUn * ny;
      ufz = prescribedUn * nz;
    }
    const ufn = ufx * nx + ufy * ny + ufz * nz;
    let pb: number, ubx: number, uby: number, ubz: number;
    if (b.type === IoTypeCode.riemannVelocity) {
      pb = pf + impedance * (prescribedUn - ufn);
      ubx = prescribedUn * nx;
      uby = prescribedUn * ny;
      ubz = prescribedUn * nz;
    } else {
      pb = prescribed;
      const un = ufn + (pb - pf) / impedance;
      const tx = ufx - ufn * nx, ty = ufy - ufn * ny, tz = ufz - ufn * nz;
      ubx = tx + un * nx;
      uby = ty + un * ny;
      ubz = tz + un * nz;
    }
    p[i] = pb;
    rho[i] = taitDensity(pb, eos);
    vx[i] = ubx;
    vy[i] = uby;
    vz[i] = ubz;
  }
}
