// Heat conduction in the fluid and the thermal wall conditions of rigid parts (settings.thermodynamics).
// Energy equation in temperature form with the SPH Laplacian of Cleary & Monaghan (1999, J. Comput. Phys.
// 148:227), which conserves energy pair by pair and keeps the heat flux continuous where k jumps:
//   ρ_i c_p,i dT_i/dt = Σ_j 4 k_i k_j / (k_i + k_j) (T_i − T_j) F_ij r_ij² / (r_ij² + η²) m_j / ρ_j,
// with ∇_i W_ij = F_ij r_ij (F ≤ 0) and η = 0.1 h. With several fluids each particle takes its own
// phase's k and c_p, and an unlike pair the harmonic mean of the two conductivities (the factor above is
// twice it): the series resistance of the two half-spacings, so the flux is continuous across the
// interface. Wall particles take part according to their body's condition (see `heatRates`). `heatRates` works on a pair list (tests, reference); the engine evaluates the
// same terms inside its rate loop (physics/rates.ts) with `wallHeatSums` before it.
import { ParticleKind, type ParticleStore } from '../particles.ts';
import { CELL_RUN_SLOTS, cellOf, neighbourCellRuns, runHoldsFluid, type GridSpec } from '../grid.ts';
import { NO_PERIOD, minImage } from '../periodic.ts';
import type { PhysicsParams } from '../params.ts';

/** Thermal condition of a rigid body (component thermoKind). */
export const ThermoKindCode = { adiabatic: 0, temperature: 1, heatFlux: 2, heatTransferCoefficient: 3 } as const;

export interface WallThermal {
  kind: number;
  /** Wall temperature (K) of a `temperature` wall. */
  temperature: number;
  /** Heat flux into the fluid (W/m²) of a `heat_flux` wall. */
  heatFlux: number;
  /** h (W/(m² K)) and the reference temperature (K) of a `heat_transfer_coefficient` wall. */
  heatTransferCoefficient: number;
  referenceTemperature: number;
}

/** The thermal constants of one fluid. */
export interface ThermalPhase {
  /** Thermal conductivity k (W/(m K)) and specific heat capacity c_p (J/(kg K)). */
  conductivity: number;
  heatCapacity: number;
  /** Reference density ρ0 (kg/m³): the conduction bound of the time step. */
  density: number;
}

export interface HeatParams {
  /** Thermal conductivity k (W/(m K)) and specific heat capacity c_p (J/(kg K)) of the (first) fluid material. */
  conductivity: number;
  heatCapacity: number;
  /** Each fluid's constants by phase; one entry (the material above) for a single fluid. */
  phases: ThermalPhase[];
  /** Phase of each body's particles by body id (-1 walls); empty for a single fluid (all phase 0). */
  bodyPhase: number[];
  /**
   * Conductivity factor of the pair term by ordered phase pair (index phases · a + b): 4 k_a k_b /
   * (k_a + k_b), twice the harmonic mean; 2 k for a like pair.
   */
  pairConductivity: number[];
  /** Thermal condition by body id; bodies that are not rigid walls are adiabatic. */
  walls: WallThermal[];
  /** η² = (0.1 h)²: keeps the pair term finite for particles that come very close. */
  eta2: number;
  /** Volume of a wall particle, Δx³. */
  wallVolume: number;
  /** Smallest distance of a fluid particle to a temperature wall's surface in its pair term, Δx / 4. */
  minWallDistance: number;
  /** Lattice spacing Δx: a wall particle of the first layer (depth under Δx) stands for Δx² of surface. */
  dx: number;
}

/** Diffusion number of the explicit conduction step: dt ≤ THERMAL_CFL ρ c_p h² / k. */
export const THERMAL_CFL = 0.1;

/** Conduction parameters of one fluid (density: NaN, the time step takes the case's ρ0, see `thermalDt`). */
export function heatParamsOf(conductivity: number, heatCapacity: number, walls: WallThermal[], h: number, dx: number): HeatParams {
  return multiphaseHeatParamsOf([{ conductivity, heatCapacity, density: Number.NaN }], [], walls, h, dx);
}

/** Conduction parameters of several fluids: each phase's constants and the phase of each body (-1 walls). */
export function multiphaseHeatParamsOf(phases: ThermalPhase[], bodyPhase: number[], walls: WallThermal[], h: number, dx: number): HeatParams {
  const n = phases.length;
  const pairConductivity: number[] = [];
  for (let a = 0; a < n; a++) {
    for (let b = 0; b < n; b++) {
      const ka = phases[a].conductivity, kb = phases[b].conductivity;
      pairConductivity.push(a === b ? 2 * ka : ka + kb > 0 ? (4 * ka * kb) / (ka + kb) : 0);
    }
  }
  return {
    conductivity: phases[0].conductivity, heatCapacity: phases[0].heatCapacity,
    phases: phases.map((p) => ({ ...p })), bodyPhase: [...bodyPhase], pairConductivity,
    walls, eta2: 0.01 * h * h, wallVolume: dx * dx * dx, minWallDistance: 0.25 * dx, dx,
  };
}

/** Phase of a body's particles in the conduction terms: 0 for a single fluid and for walls. */
export function thermalPhaseOf(hp: HeatParams, body: number): number {
  const phase = hp.bodyPhase[body];
  return phase === undefined || phase < 0 ? 0 : phase;
}

export function adiabaticWall(): WallThermal {
  return { kind: ThermoKindCode.adiabatic, temperature: 0, heatFlux: 0, heatTransferCoefficient: 0, referenceTemperature: 0 };
}

/**
 * Largest stable explicit step of the conduction term: a single fluid of density rho0, or with several
 * fluids the smallest over the phases of ρ0 c_p h² over the largest pair factor / 2 the phase meets (its
 * own k, or the harmonic mean with a better conductor, up to 2 k).
 */
export function thermalDt(hp: HeatParams, rho0: number, h: number): number {
  const n = hp.phases.length;
  if (n === 1) return (THERMAL_CFL * rho0 * hp.heatCapacity * h * h) / hp.conductivity;
  let dt = Infinity;
  for (let a = 0; a < n; a++) {
    const kMax = 0.5 * Math.max(...hp.pairConductivity.slice(n * a, n * a + n));
    if (kMax > 0) dt = Math.min(dt, (THERMAL_CFL * hp.phases[a].density * hp.phases[a].heatCapacity * h * h) / kMax);
  }
  return dt;
}

/**
 * dT_i/dt from a fluid (or inlet buffer) neighbour j of phase `phj`, i of phase `phi` (0 for one fluid):
 * the Cleary–Monaghan pair term with the pair's factor 4 k_i k_j / (k_i + k_j) (2 k for one material) over
 * i's own ρ c_p. `f` is the kernel gradient factor F_ij, `r2` = |r_ij|².
 */
export function fluidHeatRate(
  hp: HeatParams, ti: number, tj: number, rhoi: number, mj: number, rhoj: number, f: number, r2: number,
  phi = 0, phj = 0,
): number {
  const kij = hp.pairConductivity[hp.phases.length * phi + phj];
  return (kij / (rhoi * hp.phases[phi].heatCapacity)) * (ti - tj) * f * (r2 / (r2 + hp.eta2)) * (mj / rhoj);
}

/**
 * dT_i/dt from wall particle j of a `temperature` wall (T_w). The wall particle stands for the temperature
 * continued linearly through the wall surface, T_j = T_w − (T_i − T_w) d_j / d_i, with d_i and d_j the
 * distances of the two particles to the surface (Morris, Fox & Zhu 1997, there for the no-slip velocity):
 * T_i − T_j = (T_i − T_w)(1 + d_j / d_i), so the surface itself sits at T_w. A wall held at a constant T_w
 * throughout would put the surface half a spacing too deep and let too little heat through. d_i is kept at
 * least Δx / 4 (a fluid particle on the surface would otherwise take an unbounded rate). The continued
 * temperature is the fluid's own, so the pair conducts with k and c_p of i's phase `phi`.
 */
export function temperatureWallRate(
  hp: HeatParams, tWall: number, ti: number, rhoi: number, f: number, r2: number, di: number, dj: number, phi = 0,
): number {
  const ratio = 1 + dj / Math.max(di, hp.minWallDistance);
  const ph = hp.phases[phi];
  return ((2 * ph.conductivity) / (rhoi * ph.heatCapacity)) * (ti - tWall) * ratio * f * (r2 / (r2 + hp.eta2)) * hp.wallVolume;
}

/** Heat flux (W/m², into the fluid) of a `heat_flux` or `heat_transfer_coefficient` wall seen by a fluid particle at T_i. */
export function wallSurfaceFlux(w: WallThermal, ti: number): number {
  if (w.kind === ThermoKindCode.heatFlux) return w.heatFlux;
  if (w.kind === ThermoKindCode.heatTransferCoefficient) return w.heatTransferCoefficient * (w.referenceTemperature - ti);
  return 0;
}

/** Particles a conduction evaluation reads: plain arrays, kind 0 fluid, 1 wall, 2 buffer. */
export interface ThermalParticles {
  count: number;
  x: Float64Array;
  y: Float64Array;
  z: Float64Array;
  rho: Float64Array;
  mass: Float64Array;
  nx: Float64Array;
  ny: Float64Array;
  nz: Float64Array;
  /** Distance of a wall particle behind its wall surface (m); (layer + ½) Δx on the lattice. */
  depth: Float64Array;
  kind: Uint8Array;
  body: Uint32Array;
  temperature: Float64Array;
}

/** A neighbour pair i < j with r_ij = r_i − r_j (minimum image in a periodic box), W_ij and F_ij. */
export interface NeighbourPairs {
  count: number;
  i: Uint32Array;
  j: Uint32Array;
  rx: Float64Array;
  ry: Float64Array;
  rz: Float64Array;
  w: Float64Array;
  f: Float64Array;
}

/**
 * dT/dt of every fluid and buffer particle over a pair list (walls keep 0: a temperature wall holds its
 * value, the others carry none). Each fluid pair is visited once and its two terms are equal and opposite,
 * so conduction inside the fluid conserves Σ m c_p T to rounding.
 *
 * Heat-flux and heat-transfer-coefficient walls are surface sources: each wall particle of the first layer
 * (depth under Δx) stands for a_j = Δx² of wall surface and hands its heat q a_j to the fluid around it in
 * proportion to V_i W_ij / Σ_k V_k W_kj, so a flat wall of area A passes exactly q A to the fluid that
 * touches it (`norm` holds Σ_k V_k W_kj of each wall particle; it is filled here). Where no fluid touches
 * the wall its heat goes nowhere: a dry wall heats the air, which the engine does not model.
 */
export function heatRates(hp: HeatParams, p: ThermalParticles, pairs: NeighbourPairs, dTdt: Float64Array, norm: Float64Array): void {
  dTdt.fill(0, 0, p.count);
  norm.fill(0, 0, p.count);
  const t = p.temperature;
  const isSource = (b: number) => {
    const k = hp.walls[b]?.kind ?? ThermoKindCode.adiabatic;
    return k === ThermoKindCode.heatFlux || k === ThermoKindCode.heatTransferCoefficient;
  };
  for (let n = 0; n < pairs.count; n++) {
    const i = pairs.i[n], j = pairs.j[n];
    const ki = p.kind[i], kj = p.kind[j];
    if ((ki === 1) === (kj === 1)) continue;
    const wall = ki === 1 ? i : j, fluid = ki === 1 ? j : i;
    if (isSource(p.body[wall]) && p.depth[wall] < hp.dx) norm[wall] += (pairs.w[n] * p.mass[fluid]) / p.rho[fluid];
  }
  const area = hp.dx * hp.dx;
  for (let n = 0; n < pairs.count; n++) {
    const i = pairs.i[n], j = pairs.j[n];
    const ki = p.kind[i], kj = p.kind[j];
    const f = pairs.f[n];
    let rx = pairs.rx[n], ry = pairs.ry[n], rz = pairs.rz[n];
    const r2 = rx * rx + ry * ry + rz * rz;
    if (ki !== 1 && kj !== 1) {
      // m_i c_p,i dT_i = −m_j c_p,j dT_j (the pair factor is symmetric): the pair moves heat, it makes none.
      const phi = thermalPhaseOf(hp, p.body[i]), phj = thermalPhaseOf(hp, p.body[j]);
      dTdt[i] += fluidHeatRate(hp, t[i], t[j], p.rho[i], p.mass[j], p.rho[j], f, r2, phi, phj);
      dTdt[j] += fluidHeatRate(hp, t[j], t[i], p.rho[j], p.mass[i], p.rho[i], f, r2, phj, phi);
      continue;
    }
    if (ki === 1 && kj === 1) continue;
    const wall = ki === 1 ? i : j, fluid = ki === 1 ? j : i;
    if (ki === 1) { rx = -rx; ry = -ry; rz = -rz; }
    // Now r points from the wall particle to the fluid particle.
    const w = hp.walls[p.body[wall]];
    if (w === undefined || w.kind === ThermoKindCode.adiabatic) continue;
    const phase = thermalPhaseOf(hp, p.body[fluid]);
    if (w.kind === ThermoKindCode.temperature) {
      const dj = p.depth[wall];
      const di = p.nx[wall] * rx + p.ny[wall] * ry + p.nz[wall] * rz - dj;
      dTdt[fluid] += temperatureWallRate(hp, w.temperature, t[fluid], p.rho[fluid], f, r2, di, dj, phase);
    } else if (norm[wall] > 0) {
      // q a_j of this wall particle, the share V_i W_ij / Σ_k V_k W_kj of it, over m_i c_p = ρ_i V_i c_p.
      dTdt[fluid] += (wallSurfaceFlux(w, t[fluid]) * area * pairs.w[n]) / (norm[wall] * p.rho[fluid] * hp.phases[phase].heatCapacity);
    }
  }
}

/** Thermal energy Σ m c_p T of the fluid and buffer particles (J, relative to 0 K), each with its phase's c_p. */
export function fluidThermalEnergy(hp: HeatParams, p: ThermalParticles): number {
  let e = 0;
  for (let i = 0; i < p.count; i++) {
    if (p.kind[i] !== 1) e += p.mass[i] * hp.phases[thermalPhaseOf(hp, p.body[i])].heatCapacity * p.temperature[i];
  }
  return e;
}

/**
 * Engine pass over wall particles [start, end): for each wall particle of a heat-flux or heat-transfer-
 * coefficient wall in the first layer, hnorm = Σ_k V_k W_kj over its fluid neighbours (the denominator of
 * the surface source); with `withFlux`, also the heat flux hflux (W/m², into the fluid) each wall particle
 * passes: the heat it hands its fluid neighbours per Δx² of surface. On a flat wall a column of wall
 * layers sums to the surface flux; a flux wall's first layer carries it all.
 */
export function wallHeatSums(
  s: ParticleStore, grid: GridSpec, cellStart: Int32Array, cellFluid: Uint8Array, prm: PhysicsParams,
  start: number, end: number, withFlux: boolean,
): void {
  const hp = prm.heat;
  if (hp === null) return;
  const { x, y, z, rho, mass, nx, ny, nz, temp, wdepth, hnorm, hflux } = s.f;
  const kind = s.kind;
  const body = s.body;
  const { h, support2, kernelAlpha, kernelGrad } = prm;
  const invH = 1 / h;
  const [px, py, pz] = prm.period ?? NO_PERIOD;
  const runs = new Int32Array(CELL_RUN_SLOTS);
  const area = hp.dx * hp.dx;
  for (let j = start; j < end; j++) {
    if (kind[j] !== ParticleKind.wall) continue;
    hnorm[j] = 0;
    if (withFlux) hflux[j] = 0;
    const w = hp.walls[body[j]];
    if (w === undefined || w.kind === ThermoKindCode.adiabatic) continue;
    const source = w.kind !== ThermoKindCode.temperature;
    if (source && wdepth[j] >= hp.dx) continue;
    if (!source && !withFlux) continue;
    const nRuns = neighbourCellRuns(grid, cellOf(grid, x[j], y[j], z[j]), runs);
    // Two sweeps for a source wall with flux: the kernel sum first, then the shares.
    for (let sweep = 0; sweep < (source && withFlux ? 2 : 1); sweep++) {
      let sumW = 0, heat = 0;
      for (let run = 0; run < nRuns; run += 2) {
        if (!runHoldsFluid(cellFluid, runs[run], runs[run + 1])) continue;
        const iEnd = cellStart[runs[run + 1] + 1];
        for (let i = cellStart[runs[run]]; i < iEnd; i++) {
          if (kind[i] !== ParticleKind.fluid) continue;
          // r from the wall particle to the fluid particle.
          const rx = minImage(x[i] - x[j], px), ry = minImage(y[i] - y[j], py), rz = minImage(z[i] - z[j], pz);
          const r2 = rx * rx + ry * ry + rz * rz;
          if (r2 >= support2) continue;
          const q = Math.sqrt(r2) * invH;
          const t = 1 - 0.5 * q;
          if (source) {
            const wk = kernelAlpha * t * t * t * t * (2 * q + 1);
            if (sweep === 0) sumW += (wk * mass[i]) / rho[i];
            else heat += (wallSurfaceFlux(w, temp[i]) * area * wk * mass[i]) / (rho[i] * hnorm[j]);
          } else {
            const di = nx[j] * rx + ny[j] * ry + nz[j] * rz - wdepth[j];
            const phase = thermalPhaseOf(hp, body[i]);
            const rate = temperatureWallRate(hp, w.temperature, temp[i], rho[i], kernelGrad * t * t * t, r2, di, wdepth[j], phase);
            heat += rate * mass[i] * hp.phases[phase].heatCapacity;
          }
        }
      }
      if (sweep === 0 && source) hnorm[j] = sumW;
      if (withFlux && (!source || sweep === 1)) hflux[j] = heat / area;
    }
    if (source && withFlux && hnorm[j] === 0) hflux[j] = 0;
  }
}

/** Output heat flux of fluid particles: |k_i ∇T| (W/m², k of i's phase) with ∇T_i = Σ_j (T_j − T_i) ∇_i W_ij V_j over fluid neighbours. */
export function fluidHeatFluxes(
  s: ParticleStore, grid: GridSpec, cellStart: Int32Array, prm: PhysicsParams, count: number, sortedCount: number,
  out: Float64Array,
): void {
  const hp = prm.heat;
  const { x, y, z, rho, mass, temp } = s.f;
  const kind = s.kind;
  const cell = s.cell;
  const { support2, kernelGrad, h } = prm;
  const [px, py, pz] = prm.period ?? NO_PERIOD;
  const runs = new Int32Array(CELL_RUN_SLOTS);
  const invH = 1 / h;
  for (let i = 0; i < count; i++) {
    out[i] = 0;
    if (hp === null || i >= sortedCount || kind[i] !== ParticleKind.fluid) continue;
    let gx = 0, gy = 0, gz = 0;
    const nRuns = neighbourCellRuns(grid, cell[i], runs);
    for (let run = 0; run < nRuns; run += 2) {
      const jEnd = Math.min(cellStart[runs[run + 1] + 1], sortedCount);
      for (let j = cellStart[runs[run]]; j < jEnd; j++) {
        if (j === i || kind[j] === ParticleKind.wall) continue;
        const rx = minImage(x[i] - x[j], px), ry = minImage(y[i] - y[j], py), rz = minImage(z[i] - z[j], pz);
        const r2 = rx * rx + ry * ry + rz * rz;
        if (r2 >= support2) continue;
        const t = 1 - 0.5 * Math.sqrt(r2) * invH;
        const fv = kernelGrad * t * t * t * (mass[j] / rho[j]) * (temp[j] - temp[i]);
        gx += fv * rx;
        gy += fv * ry;
        gz += fv * rz;
      }
    }
    out[i] = hp.phases[thermalPhaseOf(hp, s.body[i])].conductivity * Math.sqrt(gx * gx + gy * gy + gz * gz);
  }
}
