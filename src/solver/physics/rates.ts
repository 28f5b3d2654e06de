// Pair loops of the δ-SPH scheme over the cell-linked list: rates of fluid particles (momentum,
// continuity with density diffusion, viscosity, wall forces) and the particle shifting of the step.
// Every function works on an index range and only writes to particles of that range (gather form), so
// the result does not depend on how the range is split over threads. Equations: src/solver/README.md.
import { ParticleKind, type ParticleStore } from '../particles.ts';
import type { GridSpec } from '../grid.ts';
import { NO_PERIOD, minImage } from '../periodic.ts';
import { ShiftingMode, WallMode, type PhysicsParams } from '../params.ts';
import { BODY_FIELDS, FIELD_U, FIELD_W } from './bodyFieldLayout.ts';
import { ThermoKindCode, fluidHeatRate, temperatureWallRate, wallSurfaceFlux } from './heat.ts';
import { usesViscosityTable } from './viscosity.ts';
import { buildNeighbourLists, decodeNeighbours, type NeighbourLists } from './neighbourLists.ts';

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
  const nbrCount = lists.count;
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
  const viscCoeff = prm.laminarCoeff;
  const invH = 1 / h;
  const invWDx = 1 / wDx;
  // Heat conduction (physics/heat.ts) with the pressure terms, so that every RK4 stage of either scheme has it.
  const hp = prm.heat;
  const heatOn = hp !== null && doPressure;
  const { temp, wdepth, hnorm, dtemp, visc } = s.f;
  // Viscosity from a table: ν of each particle for this step (physics/viscosity.ts), paired by the
  // harmonic mean; a wall or buffer partner takes the fluid particle's own ν.
  const tableViscosity = usesViscosityTable(prm);
  const heatArea = hp === null ? 0 : hp.dx * hp.dx;
  // Several fluids (README, Multiphase): per-phase constants and the viscous coefficients of unlike pairs.
  const phases = prm.phases;
  const multi = phases !== null;
  const mp = multi ? multiphasePairConstants(prm) : null;
  // Surface tension (physics/surfaceTension.ts): curvature from the neighbours' interface normals.
  const st = prm.surfaceTension;
  const stOn = st !== null && doPressure;
  const sigma = st === null ? 0 : st.sigma;
  const { cnx, cny, cnz, cdel } = s.f;
  // Periodic axes: every pair difference is the minimum image (periods 0 elsewhere).
  const [px, py, pz] = prm.period ?? NO_PERIOD;
  let maxA2 = 0;

  for (let i = start; i < end; i++) {
    if (kind[i] !== FLUID) continue;
    const xi = x[i], yi = y[i], zi = z[i];
    const vxi = vx[i], vyi = vy[i], vzi = vz[i];
    const rhoi = rho[i], pi = p[i];
    const invRhoi = 1 / rhoi;
    // The constants of i's phase (one fluid: the case's).
    const phi = multi ? phases.bodyPhase[body[i]] : 0;
    let c0i = c0, nui = nu, deltaI = deltaCoeff, hydroI = hydroCoeff, artI = artCoeff;
    if (mp !== null) {
      c0i = mp.c0[phi];
      nui = mp.nu[phi];
      deltaI = mp.delta[phi];
      hydroI = mp.hydro[phi];
      artI = mp.art[phi];
    }
    // Interface normal: Σ ∇W_ij V_j over the other phases' neighbours, pointing towards them.
    let inx = 0, iny = 0, inz = 0;
    let ax = 0, ay = 0, az = 0, dr = 0;
    let vax = 0, vay = 0, vaz = 0;
    const ti = temp[i];
    let dT = 0;
    // A viscosity table gives each particle its own ν of the step (several fluids: its phase's table or constant).
    if (tableViscosity) nui = visc[i];
    // Shifting accumulators: kernel gradient sum, position divergence, anti-clustering sum, gradients.
    let gcx = 0, gcy = 0, gcz = 0, divr = 0, shx = 0, shy = 0, shz = 0;
    let grx = 0, gry = 0, grz = 0;
    // Nearest free-surface neighbour (flags of the previous shifting evaluation): the vicinity.
    let surf2 = support2, srx = 0, sry = 0, srz = 0;
    let gxx = 0, gxy = 0, gxz = 0, gyx = 0, gyy = 0, gyz = 0, gzx = 0, gzy = 0, gzz = 0;
    const nix = stOn ? cnx[i] : 0, niy = stOn ? cny[i] : 0, niz = stOn ? cnz[i] : 0;
    const interface_ = nix !== 0 || niy !== 0 || niz !== 0;
    let curvNum = 0, curvDen = 0;
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
    const list = decodeNeighbours(lists, i);
    let k0 = 0, kw: number, k1: number;
    const packed = nbrCount[i];
    if (packed < 0) {
      kw = 1 + list[0];
      k0 = 1;
      k1 = list.length;
    } else {
      kw = packed >>> 16;
      k1 = packed & 0xffff;
    }
    for (let k = k0; k < kw; k++) {
      const j = list[k];
      const rx = minImage(xi - x[j], px), ry = minImage(yi - y[j], py), rz = minImage(zi - z[j], pz);
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
          dT += temperatureWallRate(hp, wt.temperature, ti, rhoi, F, r2, wnx[j] * rx + wny[j] * ry + wnz[j] * rz - dj, dj, phi);
        } else if (wt !== undefined && wt.kind !== ThermoKindCode.adiabatic && hnorm[j] > 0) {
          const q = r * invH;
          const wk = kernelAlpha * t * t * t * t * (2 * q + 1);
          dT += (wallSurfaceFlux(wt, ti) * heatArea * wk) / (hnorm[j] * rhoi * hp.phases[phi].heatCapacity);
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
          let beta = c0i;
          if (lowDiss) {
            const lim = dU > 0 ? 3 * dU : 0;
            beta = lim < c0i ? lim : c0i;
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
          const lam = (2 * viscCoeff * nui * vj * F * (rvx * rx + rvy * ry + rvz * rz)) * inv;
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
          const lam = (0.5 * viscCoeff * nui * (rhoi + rhoj) * invRhoi * vj * F * (gx_ * rx + gy_ * ry + gz_ * rz)) * inv;
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
      const rx = minImage(xi - x[j], px), ry = minImage(yi - y[j], py), rz = minImage(zi - z[j], pz);
      const r2 = rx * rx + ry * ry + rz * rz;
      if (r2 >= support2) continue;
      const r = Math.sqrt(r2);
      const t = 1 - 0.5 * r * invH;
      const F = kernelGrad * t * t * t;
      const inv = 1 / (r2 + eta2);
      const rhoj = rho[j];
      const vj = mass[j] / rhoj;
      const vxij = vxi - vx[j], vyij = vyi - vy[j], vzij = vzi - vz[j];
      // Several fluids: each side's k and c_p (physics/heat.ts), the phases as below.
      if (heatOn) dT += fluidHeatRate(hp, ti, temp[j], rhoi, mass[j], rhoj, F, r2, phi, mp === null ? 0 : mp.bodyPhase[body[j]]);
      if (interface_ && (cnx[j] !== 0 || cny[j] !== 0 || cnz[j] !== 0)) {
        // Σ (n_j − n_i)·∇W V_j and the tangential second moment Σ |F| (r² − (r·n_i)²) V_j.
        const rn = rx * nix + ry * niy + rz * niz;
        curvNum += ((cnx[j] - nix) * rx + (cny[j] - niy) * ry + (cnz[j] - niz) * rz) * F * vj;
        curvDen -= F * (r2 - rn * rn) * vj;
      }
      const vdotr = vxij * rx + vyij * ry + vzij * rz;
      // Unlike phases: no density diffusion, no density gradient, the interface's viscosity.
      const phj = mp === null ? 0 : mp.bodyPhase[body[j]];
      const same = phj === phi;
      if (doPressure) {
        // Pressure sum of the pair and weight of the relative velocity in the continuity equation.
        let pij = pi + p[j], cont = 1;
        if (!same) {
          const rho0i = (mp as MultiphasePairConstants).rho0[phi], rho0j = (mp as MultiphasePairConstants).rho0[phj];
          if (rho0i < rho0j) {
            // A lighter fluid meets the heavier one as a moving wall: its own pressure, carried to j by
            // its own hydrostatic gradient, in place of p_j. The heavy phase's far steeper pressure
            // gradient would otherwise reach into the light one through the kernel (ρ_heavy/ρ_light
            // times its weight).
            let pw = pi - rhoi * (bx * rx + by * ry + bz * rz);
            if (rotating) {
              const wr = wx * rx + wy * ry + wz * rz;
              pw += 0.5 * rhoi * (w2 * r2 - wr * wr);
            }
            pij = pi + pw;
          } else if (rho0i > rho0j) {
            // A heavier fluid meets the lighter one as a free surface under the light one's pressure:
            // the light neighbour presses with twice its pressure carried by its own hydrostatic gradient
            // to the pair's midpoint, where the interface between them lies (the limit of the pair's
            // Riemann pressure as the heavy side's impedance grows). Uncarried, the light phase's weight
            // over the kernel held the heavy one up (2.5 % low pressure under oil); carried all the way
            // to x_i, it pressed it down (5 % high). Its velocity does not compress the heavy fluid (the
            // interface moves with the heavy side).
            let pl = p[j] + 0.5 * rho[j] * (bx * rx + by * ry + bz * rz);
            if (rotating) {
              const wr = wx * rx + wy * ry + wz * rz;
              pl -= 0.375 * rho[j] * (w2 * r2 - wr * wr);
            }
            pij = 2 * pl;
            cont = 0;
          }
        }
        const pf = -pij * invRhoi * vj * F;
        ax += pf * rx;
        ay += pf * ry;
        az += pf * rz;
        dr += cont * rhoi * vdotr * F * vj;
        if (same) {
          // δ-SPH diffusion of the dynamic density (hydrostatic part removed, Fourtakas et al. 2019), with
          // the body force at the pair's midpoint (exact for the centrifugal potential, quadratic in r).
          let bdotr = bx * rx + by * ry + bz * rz;
          if (rotating) {
            const wr = wx * rx + wy * ry + wz * rz;
            bdotr -= 0.5 * (w2 * r2 - wr * wr);
          }
          const rhoH = -hydroI * bdotr;
          dr -= deltaI * (rhoj - rhoi - rhoH) * F * vj;
        }
      }
      if (doViscous) {
        let lam: number, art: number;
        if (same) {
          let nuij = nui;
          if (tableViscosity && kind[j] === FLUID) {
            const nuj = visc[j];
            nuij = nui + nuj > 0 ? (2 * nui * nuj) / (nui + nuj) : 0;
          }
          lam = (0.5 * viscCoeff * nuij * (rhoi + rhoj) * invRhoi * vj * F * vdotr) * inv;
          art = (artI * invRhoi * vdotr * F * vj) * inv;
        } else {
          // Dynamic viscosities averaged over the pair (harmonic mean), divided by i's own density:
          // the pair exchanges equal and opposite momentum, and the light phase does not drag the
          // heavy one as hard as the heavy one drags it.
          const m = mp as MultiphasePairConstants;
          const pair = m.phases * phi + phj;
          let mu = m.pairMu[pair];
          if (tableViscosity) {
            // Each side's ν of the step (its table's or its constant), as dynamic viscosities.
            const muI = m.rho0[phi] * nui, muJ = m.rho0[phj] * visc[j];
            mu = muI + muJ > 0 ? (2 * muI * muJ) / (muI + muJ) : 0;
          }
          lam = (viscCoeff * mu * invRhoi * vj * F * vdotr) * inv;
          art = (m.pairArt[pair] * invRhoi * vdotr * F * vj) * inv;
        }
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
        if (!same) {
          inx += fv * rx;
          iny += fv * ry;
          inz += fv * rz;
        }
        if (lyu) {
          const dRho = same ? (rhoj - rhoi) * fv : 0;
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

    if (interface_ && curvDen > 0) {
      // a = −σ κ δ n / ρ with κ = (d − 1) num / den at the particle, taken to the interface half a
      // spacing outside it (each principal radius longer by Δx/2): κ / (1 + κ Δx/4).
      const kappa = (2 * curvNum) / curvDen;
      const f = (-sigma * kappa / (1 + 0.25 * kappa * prm.dx)) * cdel[i] * invRhoi;
      ax += f * nix;
      ay += f * niy;
      az += f * niz;
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
        const il = Math.sqrt(inx * inx + iny * iny + inz * inz);
        if (il > 0) {
          // Within the kernel support of another phase: tangential shifting only, so that no particle is
          // shifted towards the interface or away from it (the interface is a material surface).
          const dn = (dx * inx + dy * iny + dz * inz) / il;
          dx -= (dn * inx) / il;
          dy -= (dn * iny) / il;
          dz -= (dn * inz) / il;
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

/** Constants of a multiphase case by phase, and by ordered phase pair (index phases · a + b). */
export interface MultiphasePairConstants {
  phases: number;
  bodyPhase: number[];
  rho0: number[];
  c0: number[];
  nu: number[];
  /** 2 δ h c0 of the phase's density diffusion and ρ0 / c0² of its hydrostatic part. */
  delta: number[];
  hydro: number[];
  /** α h c0 ρ0 of the artificial viscosity. */
  art: number[];
  /** Harmonic mean of the pair's dynamic viscosities ρ0 ν. */
  pairMu: number[];
  /** α h c̄ ρ̄ of an unlike pair: mean sound speed, harmonic mean of the reference densities. */
  pairArt: number[];
}

/** The constants of a multiphase case as the rates use them (the GPU backend uploads the same). */
export function multiphasePairConstants(prm: PhysicsParams): MultiphasePairConstants {
  const ph = prm.phases as NonNullable<PhysicsParams['phases']>;
  const n = ph.rho0.length;
  const pairMu: number[] = [];
  const pairArt: number[] = [];
  for (let a = 0; a < n; a++) {
    for (let b = 0; b < n; b++) {
      const muA = ph.rho0[a] * ph.nu[a], muB = ph.rho0[b] * ph.nu[b];
      pairMu.push(muA + muB > 0 ? (2 * muA * muB) / (muA + muB) : 0);
      const rhoBar = (2 * ph.rho0[a] * ph.rho0[b]) / (ph.rho0[a] + ph.rho0[b]);
      pairArt.push(prm.alphaVisc * prm.h * 0.5 * (ph.c0[a] + ph.c0[b]) * rhoBar);
    }
  }
  return {
    phases: n, bodyPhase: ph.bodyPhase, rho0: ph.rho0, c0: ph.c0, nu: ph.nu,
    delta: ph.c0.map((c) => 2 * prm.delta * prm.h * c),
    hydro: ph.c0.map((c, k) => ph.rho0[k] / (c * c)),
    art: ph.c0.map((c, k) => prm.alphaVisc * prm.h * c * ph.rho0[k]),
    pairMu, pairArt,
  };
}
