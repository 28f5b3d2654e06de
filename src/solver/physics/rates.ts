// Pair loops of the δ-SPH scheme over the cell-linked list: rates of fluid particles (momentum,
// continuity with density diffusion, viscosity, wall forces) and the particle shifting of the step.
// Every function works on an index range and only writes to particles of that range (gather form), so
// the result does not depend on how the range is split over threads. Equations: src/solver/README.md.
import { ParticleKind, type ParticleStore } from '../particles.ts';
import type { GridSpec } from '../grid.ts';
import { ShiftingMode, WallMode, type PhysicsParams } from '../params.ts';
import { BODY_FIELDS, FIELD_U, FIELD_W } from './motion.ts';
import { ThermoKindCode, fluidHeatRate, temperatureWallRate, wallSurfaceFlux } from './heat.ts';

/** Pressure gradient, continuity, density diffusion and gravity. */
export const RATE_PRESSURE = 1;
/** Laminar (Morris) and artificial viscosity. */
export const RATE_VISCOUS = 2;
/** Shifting vector and shifting corrections of the step (computed at the start of a step). */
export const RATE_SHIFT = 4;
/** Adds the viscous acceleration frozen at the start of the advection step (dual time step). */
export const RATE_FROZEN_VISCOUS = 8;
/** Stores the viscous acceleration into fvx..fvz instead of adding it to the rates. */
export const RATE_STORE_VISCOUS = 16;
/** Rebuilds the neighbour lists from the cell list first (the first evaluation after every sort). */
export const RATE_BUILD_LIST = 32;

/** Slots per particle in the neighbour lists; longer lists go to the per-thread overflow map. */
export const MAX_NEIGHBOURS = 160;

/**
 * Neighbour lists of the fluid particles, rebuilt after every sort with radius 2h plus a skin that
 * covers the motion until the next sort, so that the four RK4 stages skip the cell search.
 * `rank` maps a particle to its slot block; `overflow` is local to the thread that owns the range.
 */
export interface NeighbourLists {
  buffer: ArrayBuffer | SharedArrayBuffer;
  /** Particles of capacity, and fluid particles the list slots can hold. */
  capacity: number;
  listCapacity: number;
  nbr: Int32Array;
  count: Int32Array;
  rank: Int32Array;
  overflow: Map<number, Int32Array>;
}

export function neighbourListViews(buffer: ArrayBuffer | SharedArrayBuffer, capacity: number, listCapacity: number): NeighbourLists {
  const cap = Math.max(1, capacity);
  return {
    buffer, capacity, listCapacity,
    count: new Int32Array(buffer, 0, cap),
    rank: new Int32Array(buffer, cap * 4, cap),
    nbr: new Int32Array(buffer, cap * 8, Math.max(1, listCapacity) * MAX_NEIGHBOURS),
    overflow: new Map(),
  };
}

export function allocateNeighbourLists(capacity: number, listCapacity: number, shared: boolean): NeighbourLists {
  const bytes = (2 * Math.max(1, capacity) + Math.max(1, listCapacity) * MAX_NEIGHBOURS) * 4;
  return neighbourListViews(shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes), capacity, listCapacity);
}

/** Slot blocks in sorted order: rank of each fluid particle among the fluid particles. */
export function rankFluid(kind: Uint8Array, count: number, lists: NeighbourLists): number {
  const rank = lists.rank;
  let r = 0;
  for (let i = 0; i < count; i++) rank[i] = kind[i] === FLUID ? r++ : -1;
  return r;
}

/** Skin of the lists: the pair motion until the next sort, with room for growing speed. */
export function listRadius2(prm: PhysicsParams, maxVel2: number, cflAcoustic: number): number {
  const skin = Math.max(0.1 * prm.h, (3 * cflAcoustic * prm.h * Math.sqrt(maxVel2)) / prm.c0);
  const r = 2 * prm.h + skin;
  return r * r;
}

export interface RangeResult {
  /** Largest |a|² in the range (fluid only). */
  maxAccel2: number;
}

const FLUID = ParticleKind.fluid;

/**
 * Rates of the fluid particles in [start, end). Writes ax, ay, az, drho (RATE_PRESSURE),
 * fvx..fvz (RATE_STORE_VISCOUS), sx..svz (RATE_SHIFT). Returns the largest |a|². `movingWallStart` is
 * the cell list of the moving walls (null: none); `gravity` the body force of the evaluation, gravity
 * less the frame acceleration (default: the parameters' gravity); `bodyFields` the bodies' pose and
 * velocity fields of the evaluation (physics/motion.ts), needed when walls move.
 */
export function fluidRates(
  s: ParticleStore, grid: GridSpec, cellStart: Int32Array, wallStart: Int32Array, prm: PhysicsParams,
  start: number, end: number, flags: number, lists: NeighbourLists, listRadius2: number,
  movingWallStart: Int32Array | null = null, gravity: ArrayLike<number> | null = null, bodyFields: Float64Array | null = null,
): number {
  if ((flags & RATE_BUILD_LIST) !== 0) buildNeighbourLists(s, grid, cellStart, wallStart, movingWallStart, start, end, lists, listRadius2);
  const { nbr, count: nbrCount, rank, overflow } = lists;
  const { x, y, z, vx, vy, vz, rho, mass, p, nx: wnx, ny: wny, nz: wnz, gvx, gvy, gvz } = s.f;
  const { ax: oax, ay: oay, az: oaz, drho: odrho, fvx, fvy, fvz } = s.f;
  const { sx, sy, sz, srho, svx, svy, svz, fs, fsn } = s.f;
  const kind = s.kind;
  const body = s.body;
  const { h, support2, kernelGrad, kernelAlpha, wDx, rho0, c0, nu, wallVolume } = prm;
  const gx = gravity === null ? prm.gx : gravity[0];
  const gy = gravity === null ? prm.gy : gravity[1];
  const gz = gravity === null ? prm.gz : gravity[2];
  // Moving walls: their bodies' velocity fields and their acceleration (ax..az) enter the wall terms.
  // They sit behind the walls at rest, from the start of their cell list on (or anywhere, without one).
  const wallsMove = prm.wallsMove !== 0 && bodyFields !== null;
  const movingFrom = movingWallStart === null ? 0 : movingWallStart[0];
  const bf = bodyFields ?? new Float64Array(0);
  // Rotating frame: centrifugal (a potential, so also in the hydrostatic parts), Coriolis and Euler forces.
  const rotating = prm.rotating !== 0;
  const [wx, wy, wz] = prm.omega;
  const [wdx, wdy, wdz] = prm.omegaDot;
  const [fcx, fcy, fcz] = prm.frameCenter;
  const w2 = wx * wx + wy * wy + wz * wz;
  const doPressure = (flags & RATE_PRESSURE) !== 0;
  const doViscous = (flags & RATE_VISCOUS) !== 0;
  const doShift = (flags & RATE_SHIFT) !== 0 && prm.shifting !== ShiftingMode.zero;
  const lyu = prm.shifting === ShiftingMode.lyu21;
  const frozen = (flags & RATE_FROZEN_VISCOUS) !== 0;
  const storeViscous = (flags & RATE_STORE_VISCOUS) !== 0;
  const riemannWall = prm.wallMode === WallMode.riemann;
  const lowDiss = prm.lowDissipation !== 0;
  const noSlip = prm.noSlip;
  const deltaCoeff = 2 * prm.delta * h * c0;
  const hydroCoeff = rho0 / (c0 * c0);
  const artCoeff = prm.alphaVisc * h * c0 * rho0;
  const eta2 = 0.01 * h * h;
  const viscCoeff = 10;
  const invH = 1 / h;
  const invWDx = 1 / wDx;
  // Heat conduction (physics/heat.ts) with the pressure terms, so that every RK4 stage of either scheme has it.
  const hp = prm.heat;
  const heatOn = hp !== null && doPressure;
  const { temp, wdepth, hnorm, dtemp } = s.f;
  const heatArea = hp === null ? 0 : hp.dx * hp.dx;
  let maxA2 = 0;

  for (let i = start; i < end; i++) {
    if (kind[i] !== FLUID) continue;
    const xi = x[i], yi = y[i], zi = z[i];
    const vxi = vx[i], vyi = vy[i], vzi = vz[i];
    const rhoi = rho[i], pi = p[i];
    const invRhoi = 1 / rhoi;
    let ax = 0, ay = 0, az = 0, dr = 0;
    let vax = 0, vay = 0, vaz = 0;
    const ti = temp[i];
    let dT = 0;
    // Shifting accumulators: kernel gradient sum, position divergence, anti-clustering sum, gradients.
    let gcx = 0, gcy = 0, gcz = 0, divr = 0, shx = 0, shy = 0, shz = 0;
    let grx = 0, gry = 0, grz = 0;
    // Nearest free-surface neighbour (flags of the previous shifting evaluation): the vicinity.
    let surf2 = support2, srx = 0, sry = 0, srz = 0;
    let gxx = 0, gxy = 0, gxz = 0, gyx = 0, gyy = 0, gyz = 0, gzx = 0, gzy = 0, gzz = 0;
    // Body force at i: its potential part b (gravity less the frame acceleration, centrifugal), which the
    // hydrostatic terms use too, and the rest f (Coriolis, Euler).
    let bx = gx, by = gy, bz = gz, fx = 0, fy = 0, fz = 0;
    if (rotating) {
      const rx = xi - fcx, ry = yi - fcy, rz = zi - fcz;
      const wr = wx * rx + wy * ry + wz * rz;
      // −ω × (ω × r) = ω² r − (ω·r) ω
      bx += w2 * rx - wr * wx;
      by += w2 * ry - wr * wy;
      bz += w2 * rz - wr * wz;
      // −ω̇ × r − 2 ω × v
      fx = -(wdy * rz - wdz * ry) - 2 * (wy * vzi - wz * vyi);
      fy = -(wdz * rx - wdx * rz) - 2 * (wz * vxi - wx * vzi);
      fz = -(wdx * ry - wdy * rx) - 2 * (wx * vyi - wy * vxi);
    }

    // Velocity field of the last wall body met, at x_i.
    let fieldBody = -1, vwx = 0, vwy = 0, vwz = 0;
    // Walls first, then fluid and buffer neighbours (the list keeps them apart, see buildNeighbourLists).
    let list = nbr;
    let k0 = rank[i] * MAX_NEIGHBOURS;
    let kw: number, k1: number;
    const packed = nbrCount[i];
    if (packed < 0) {
      list = overflow.get(i) as Int32Array;
      kw = 1 + list[0];
      k0 = 1;
      k1 = list.length;
    } else {
      kw = k0 + (packed >>> 16);
      k1 = k0 + (packed & 0xffff);
    }
    for (let k = k0; k < kw; k++) {
      const j = list[k];
      const rx = xi - x[j], ry = yi - y[j], rz = zi - z[j];
      const r2 = rx * rx + ry * ry + rz * rz;
      if (r2 >= support2) continue;
      const r = Math.sqrt(r2);
      const t = 1 - 0.5 * r * invH;
      const F = kernelGrad * t * t * t;
      const inv = 1 / (r2 + eta2);
      const vj = wallVolume;
      const slip = noSlip[body[j]] === 0;
      if (heatOn) {
        // r_ij points from the wall particle to the fluid particle.
        const wt = hp.walls[body[j]];
        if (wt !== undefined && wt.kind === ThermoKindCode.temperature) {
          const dj = wdepth[j];
          dT += temperatureWallRate(hp, wt.temperature, ti, rhoi, F, r2, wnx[j] * rx + wny[j] * ry + wnz[j] * rz - dj, dj);
        } else if (wt !== undefined && wt.kind !== ThermoKindCode.adiabatic && hnorm[j] > 0) {
          const q = r * invH;
          const wk = kernelAlpha * t * t * t * t * (2 * q + 1);
          dT += (wallSurfaceFlux(wt, ti) * heatArea * wk) / (hnorm[j] * rhoi * hp.heatCapacity);
        }
      }
      // Velocity relative to the wall and the wall's acceleration (zero for walls at rest). The wall's
      // velocity is its body's field W x + u taken at x_i, not the wall particle's own: a turning wall
      // moves ω × r_ij differently there, which the normal approach speed of the Riemann problem would
      // take for the fluid pressing on the wall (it braked a fluid turning with its tank by 2.5 %).
      let rvx = vxi, rvy = vyi, rvz = vzi, awx = 0, awy = 0, awz = 0;
      if (wallsMove && j >= movingFrom) {
        const bj = body[j];
        if (bj !== fieldBody) {
          fieldBody = bj;
          const o = bj * BODY_FIELDS + FIELD_W;
          const u = bj * BODY_FIELDS + FIELD_U;
          vwx = bf[o] * xi + bf[o + 1] * yi + bf[o + 2] * zi + bf[u];
          vwy = bf[o + 3] * xi + bf[o + 4] * yi + bf[o + 5] * zi + bf[u + 1];
          vwz = bf[o + 6] * xi + bf[o + 7] * yi + bf[o + 8] * zi + bf[u + 2];
        }
        if (slip) {
          // A slip wall moves the fluid only through its normal velocity; its velocity along the surface
          // does not exist for the fluid.
          const vn = vwx * wnx[j] + vwy * wny[j] + vwz * wnz[j];
          rvx -= vn * wnx[j];
          rvy -= vn * wny[j];
          rvz -= vn * wnz[j];
        } else {
          rvx -= vwx;
          rvy -= vwy;
          rvz -= vwz;
        }
        awx = oax[j];
        awy = oay[j];
        awz = oaz[j];
      }
      if (riemannWall) {
        if (doPressure) {
          // One-sided Riemann problem with the mirrored state (Zhang, Hu & Adams 2017): p* = p_c + p_d.
          // The central part p_c acts along the pair like any pressure; the dissipative part p_d = β ρ u_L
          // of the normal approach speed acts along the wall normal (the kernel gradient projected on it),
          // so that it only ever removes normal momentum: along the pair it would brake flow sliding
          // along the wall, and a normal part pushed along the pair would kick flow out of corners. A
          // moving wall: u_L of the velocity relative to the wall, and the mirrored pressure from the
          // body force less the wall's acceleration (the fluid at the wall moves with it).
          const nxj = wnx[j], nyj = wny[j], nzj = wnz[j];
          const uL = -(rvx * nxj + rvy * nyj + rvz * nzj);
          let pR = pi - rhoi * ((bx - awx) * rx + (by - awy) * ry + (bz - awz) * rz);
          if (rotating) {
            const wr = wx * rx + wy * ry + wz * rz;
            pR += 0.5 * rhoi * (w2 * r2 - wr * wr);
          }
          const dU = 2 * uL;
          let beta = c0;
          if (lowDiss) {
            const lim = dU > 0 ? 3 * dU : 0;
            beta = lim < c0 ? lim : c0;
          }
          const pf = -(pi + pR) * invRhoi * vj * F;
          const rn = rx * nxj + ry * nyj + rz * nzj;
          const pd = rn > 0 ? -beta * dU * vj * F * rn : 0;
          ax += pf * rx + pd * nxj;
          ay += pf * ry + pd * nyj;
          az += pf * rz + pd * nzj;
          dr += rhoi * (rvx * rx + rvy * ry + rvz * rz) * F * vj;
        }
        if (doViscous && !slip) {
          // Ghost velocity 2 v_wall - v_i of a no-slip wall, so v_i − v_ghost = 2 (v_i − v_wall).
          const lam = (2 * viscCoeff * nu * vj * F * (rvx * rx + rvy * ry + rvz * rz)) * inv;
          vax += lam * rx;
          vay += lam * ry;
          vaz += lam * rz;
        }
      } else {
        const rhoj = rho[j];
        if (doPressure) {
          const pf = -(pi + p[j]) * invRhoi * vj * F;
          ax += pf * rx;
          ay += pf * ry;
          az += pf * rz;
          dr += rhoi * (rvx * rx + rvy * ry + rvz * rz) * F * vj;
        }
        if (doViscous && !slip) {
          // Laminar viscosity only: artificial viscosity against the ghost velocity would act as
          // a strong numerical wall friction.
          const gx_ = vxi - gvx[j], gy_ = vyi - gvy[j], gz_ = vzi - gvz[j];
          const lam = (0.5 * viscCoeff * nu * (rhoi + rhoj) * invRhoi * vj * F * (gx_ * rx + gy_ * ry + gz_ * rz)) * inv;
          vax += lam * rx;
          vay += lam * ry;
          vaz += lam * rz;
        }
      }
      if (doShift) {
        const fv = F * vj;
        gcx += fv * rx;
        gcy += fv * ry;
        gcz += fv * rz;
        divr -= r2 * fv;
        const q = r * invH;
        const wr = kernelAlpha * t * t * t * t * (2 * q + 1) * invWDx;
        const wr2 = wr * wr;
        const anti = fv * (1 + 0.2 * wr2 * wr2);
        shx += anti * rx;
        shy += anti * ry;
        shz += anti * rz;
      }
    }
    for (let k = kw; k < k1; k++) {
      const j = list[k];
      const rx = xi - x[j], ry = yi - y[j], rz = zi - z[j];
      const r2 = rx * rx + ry * ry + rz * rz;
      if (r2 >= support2) continue;
      const r = Math.sqrt(r2);
      const t = 1 - 0.5 * r * invH;
      const F = kernelGrad * t * t * t;
      const inv = 1 / (r2 + eta2);
      const rhoj = rho[j];
      const vj = mass[j] / rhoj;
      const vxij = vxi - vx[j], vyij = vyi - vy[j], vzij = vzi - vz[j];
      if (heatOn) dT += fluidHeatRate(hp, ti, temp[j], rhoi, mass[j], rhoj, F, r2);
      const vdotr = vxij * rx + vyij * ry + vzij * rz;
      if (doPressure) {
        const pf = -(pi + p[j]) * invRhoi * vj * F;
        ax += pf * rx;
        ay += pf * ry;
        az += pf * rz;
        dr += rhoi * vdotr * F * vj;
        // δ-SPH diffusion of the dynamic density (hydrostatic part removed, Fourtakas et al. 2019), with
        // the body force at the pair's midpoint (exact for the centrifugal potential, quadratic in r).
        let bdotr = bx * rx + by * ry + bz * rz;
        if (rotating) {
          const wr = wx * rx + wy * ry + wz * rz;
          bdotr -= 0.5 * (w2 * r2 - wr * wr);
        }
        const rhoH = -hydroCoeff * bdotr;
        dr -= deltaCoeff * (rhoj - rhoi - rhoH) * F * vj;
      }
      if (doViscous) {
        const lam = (0.5 * viscCoeff * nu * (rhoi + rhoj) * invRhoi * vj * F * vdotr) * inv;
        const art = (artCoeff * invRhoi * vdotr * F * vj) * inv;
        vax += (lam + art) * rx;
        vay += (lam + art) * ry;
        vaz += (lam + art) * rz;
      }
      if (doShift) {
        const fv = F * vj;
        gcx += fv * rx;
        gcy += fv * ry;
        gcz += fv * rz;
        divr -= r2 * fv;
        const q = r * invH;
        const wr = kernelAlpha * t * t * t * t * (2 * q + 1) * invWDx;
        const wr2 = wr * wr;
        const anti = fv * (1 + 0.2 * wr2 * wr2);
        shx += anti * rx;
        shy += anti * ry;
        shz += anti * rz;
        if (fs[j] !== 0 && r2 < surf2) {
          surf2 = r2;
          srx = -rx;
          sry = -ry;
          srz = -rz;
        }
        if (lyu) {
          const dRho = (rhoj - rhoi) * fv;
          grx += dRho * rx;
          gry += dRho * ry;
          grz += dRho * rz;
          // ∇v as Σ (v_j - v_i) ⊗ ∇W V_j, rows = velocity component.
          gxx -= vxij * fv * rx; gxy -= vxij * fv * ry; gxz -= vxij * fv * rz;
          gyx -= vyij * fv * rx; gyy -= vyij * fv * ry; gyz -= vyij * fv * rz;
          gzx -= vzij * fv * rx; gzy -= vzij * fv * ry; gzz -= vzij * fv * rz;
        }
      }
    }

    if (storeViscous) {
      fvx[i] = vax;
      fvy[i] = vay;
      fvz[i] = vaz;
    }
    if (doPressure) {
      let tax = ax + bx + fx, tay = ay + by + fy, taz = az + bz + fz;
      if (doViscous && !storeViscous) {
        tax += vax;
        tay += vay;
        taz += vaz;
      }
      if (frozen) {
        tax += fvx[i];
        tay += fvy[i];
        taz += fvz[i];
      }
      oax[i] = tax;
      oay[i] = tay;
      oaz[i] = taz;
      odrho[i] = dr;
      if (heatOn) dtemp[i] = dT;
      const a2 = tax * tax + tay * tay + taz * taz;
      if (a2 > maxA2) maxA2 = a2;
    }
    if ((flags & RATE_SHIFT) !== 0) {
      let dx = 0, dy = 0, dz = 0, dRho = 0, dvx = 0, dvy = 0, dvz = 0;
      if (doShift && divr >= prm.isolatedDivr) {
        // Unscaled: the step multiplies by U Δt and caps the length when it applies the shift.
        dx = -prm.shiftCoeff * shx;
        dy = -prm.shiftCoeff * shy;
        dz = -prm.shiftCoeff * shz;
        const gl = Math.sqrt(gcx * gcx + gcy * gcy + gcz * gcz);
        const surface = divr < prm.surfaceDivr;
        let nx = 0, ny = 0, nz = 0, fade = 0;
        if (surface && gl > 0) {
          // Outward unit normal: the kernel gradient sum points into the fluid.
          nx = -gcx / gl;
          ny = -gcy / gl;
          nz = -gcz / gl;
        } else if (surf2 < support2) {
          // Within the kernel support of the surface: the normal points to the nearest surface particle.
          const sl = Math.sqrt(surf2);
          nx = srx / sl;
          ny = sry / sl;
          nz = srz / sl;
          fade = sl / prm.h * 0.5;
        }
        if (nx !== 0 || ny !== 0 || nz !== 0) {
          const dn = dx * nx + dy * ny + dz * nz;
          // sun17: tangential shifting at the surface and in its vicinity. lyu21: the normal part fades
          // in with the distance from the surface, never outwards, so the surface neither swells nor
          // sinks.
          const remove = lyu && !surface ? (dn > 0 ? dn : (1 - fade) * dn) : dn;
          dx -= remove * nx;
          dy -= remove * ny;
          dz -= remove * nz;
        }
        if (lyu) {
          dRho = grx * dx + gry * dy + grz * dz;
          dvx = gxx * dx + gxy * dy + gxz * dz;
          dvy = gyx * dx + gyy * dy + gyz * dz;
          dvz = gzx * dx + gzy * dy + gzz * dz;
        }
      }
      fsn[i] = doShift && divr < prm.surfaceDivr ? 1 : 0;
      sx[i] = dx;
      sy[i] = dy;
      sz[i] = dz;
      srho[i] = dRho;
      svx[i] = dvx;
      svy[i] = dvy;
      svz[i] = dvz;
    }
  }
  return maxA2;
}

/**
 * Neighbour lists of the fluid particles in [start, end): every particle within √listRadius2, the walls
 * (from their cell lists: still walls, then moving walls) before the moving particles. count = walls << 16
 * | total, or -1 for a list in the overflow map (whose first element is the wall count).
 */
function buildNeighbourLists(
  s: ParticleStore, grid: GridSpec, cellStart: Int32Array, wallStart: Int32Array, movingWallStart: Int32Array | null,
  start: number, end: number, lists: NeighbourLists, listRadius2: number,
): void {
  const { x, y, z } = s.f;
  const kind = s.kind;
  const cell = s.cell;
  const { nbr, count, rank, overflow } = lists;
  const gnx = grid.nx, gny = grid.ny, gnz = grid.nz;
  overflow.clear();
  let extra: number[] | null = null;
  for (let i = start; i < end; i++) {
    if (kind[i] !== FLUID) continue;
    const xi = x[i], yi = y[i], zi = z[i];
    const base = rank[i] * MAX_NEIGHBOURS;
    let n = 0;
    const ci = cell[i];
    const cx = ci % gnx;
    const cyz = (ci - cx) / gnx;
    const cy = cyz % gny;
    const cz = (cyz - cy) / gny;
    const x0c = cx > 0 ? cx - 1 : 0;
    const x1c = cx < gnx - 1 ? cx + 1 : gnx - 1;
    let walls = 0;
    for (let pass = movingWallStart === null ? 1 : 0; pass < 3; pass++) {
      const starts = pass === 0 ? movingWallStart as Int32Array : pass === 1 ? wallStart : cellStart;
      for (let dzc = -1; dzc <= 1; dzc++) {
        const zz = cz + dzc;
        if (zz < 0 || zz >= gnz) continue;
        for (let dyc = -1; dyc <= 1; dyc++) {
          const yy = cy + dyc;
          if (yy < 0 || yy >= gny) continue;
          const row = (zz * gny + yy) * gnx;
          const jEnd = starts[row + x1c + 1];
          for (let j = starts[row + x0c]; j < jEnd; j++) {
            if (j === i) continue;
            const rx = xi - x[j], ry = yi - y[j], rz = zi - z[j];
            if (rx * rx + ry * ry + rz * rz >= listRadius2) continue;
            if (n < MAX_NEIGHBOURS) nbr[base + n] = j;
            else (extra ??= []).push(j);
            n++;
          }
        }
      }
      if (pass === 1) walls = n;
    }
    if (n > MAX_NEIGHBOURS && extra !== null) {
      // Overflow list: the wall count first, then the entries.
      const all = new Int32Array(n + 1);
      all[0] = walls;
      all.set(nbr.subarray(base, base + MAX_NEIGHBOURS), 1);
      all.set(extra, MAX_NEIGHBOURS + 1);
      overflow.set(i, all);
      count[i] = -1;
      extra = null;
    } else {
      count[i] = (walls << 16) | n;
    }
  }
}
