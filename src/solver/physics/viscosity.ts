// Viscosity per fluid particle from a material's table (viscosityKind shear_rate or temperature): ν of the
// shear rate γ̇ = √(2 D:D) or of the temperature, interpolated linearly between rows and held at the end
// values beyond them. Evaluated once per step, from the state at the start of the step; the laminar term
// (physics/rates.ts) pairs ν_i and ν_j by their harmonic mean. With several fluids each phase reads its own
// table, or keeps its constant ν. Equations: src/solver/README.md 'Viscosity'.
import { ParticleKind, type ParticleStore } from '../particles.ts';
import { CELL_RUN_SLOTS, neighbourCellRuns, type GridSpec } from '../grid.ts';
import { NO_PERIOD, minImage } from '../periodic.ts';
import { WallMode, type PhysicsParams } from '../params.ts';

export const ViscosityKindCode = { shearRate: 1, temperature: 2 } as const;

/** A viscosity table with rows sorted by their argument (shear rate in 1/s or temperature in K). */
export interface ViscosityTable {
  kind: number;
  /** Arguments, ascending. */
  x: number[];
  /** Kinematic viscosity (m²/s) at each argument. */
  nu: number[];
}

/** The table of the given rows (any order; equal arguments keep their order). */
export function viscosityTableOf(kind: number, x: readonly number[], nu: readonly number[]): ViscosityTable {
  const order = x.map((_, k) => k).sort((a, b) => x[a] - x[b] || a - b);
  return { kind, x: order.map((k) => x[k]), nu: order.map((k) => nu[k]) };
}

/** ν at `value`: linear between the rows around it, the first or last row's ν outside the table. */
export function viscosityAt(table: ViscosityTable, value: number): number {
  const { x, nu } = table;
  const n = x.length;
  if (!(value > x[0])) return nu[0];
  if (value >= x[n - 1]) return nu[n - 1];
  let lo = 0, hi = n - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (x[mid] <= value) lo = mid;
    else hi = mid;
  }
  const span = x[hi] - x[lo];
  if (!(span > 0)) return nu[hi];
  const w = (value - x[lo]) / span;
  return nu[lo] + w * (nu[hi] - nu[lo]);
}

/** The largest ν a table can give: the viscous bound of the time step. */
export function tableMaxViscosity(table: ViscosityTable): number {
  return Math.max(...table.nu);
}

/** Whether any fluid of the case takes its viscosity from a table (ν per particle in `visc`). */
export function usesViscosityTable(prm: PhysicsParams): boolean {
  return prm.viscosity !== null || (prm.phases !== null && prm.phases.viscosity.some((t) => t !== null));
}

/** Whether any fluid's table is one of shear rate: its argument walks the cell lists. */
export function usesShearRateTable(prm: PhysicsParams): boolean {
  const isShear = (t: ViscosityTable | null) => t !== null && t.kind === ViscosityKindCode.shearRate;
  return isShear(prm.viscosity) || (prm.phases !== null && prm.phases.viscosity.some(isShear));
}

/** Pair viscosity of the laminar term: the harmonic mean 2 ν_i ν_j / (ν_i + ν_j). */
export function pairViscosity(nui: number, nuj: number): number {
  const sum = nui + nuj;
  return sum > 0 ? (2 * nui * nuj) / sum : 0;
}

/**
 * Writes ν of every fluid particle in [start, end) into `visc`. Shear rate: the symmetric part D of the
 * SPH velocity gradient ∇v_i = Σ_j (v_j − v_i) ⊗ ∇_i W_ij V_j over fluid and buffer neighbours and over
 * the walls of no-slip bodies with their ghost velocity (Riemann walls: 2 v_w − v_i with the wall
 * particle's velocity; mirrored walls: the extrapolated ghost velocity), so that a particle beside a wall
 * sees the shear the wall imposes rather than half of it. Temperature: the particle's own temperature.
 * Several fluids: each particle reads its phase's table, and a phase without one writes its constant ν.
 * Other particles get ν of the table at 0 (unused). Gather form: only particles of the range are written.
 */
export function particleViscosities(
  s: ParticleStore, grid: GridSpec, cellStart: Int32Array, wallStart: Int32Array, movingWallStart: Int32Array | null,
  prm: PhysicsParams, start: number, end: number,
): void {
  if (!usesViscosityTable(prm)) return;
  const { x, y, z, vx, vy, vz, rho, mass, temp, visc, gvx, gvy, gvz } = s.f;
  const kind = s.kind;
  const body = s.body;
  const cell = s.cell;
  const { support2, kernelGrad, h, wallVolume, noSlip } = prm;
  const [px, py, pz] = prm.period ?? NO_PERIOD;
  const runs = new Int32Array(CELL_RUN_SLOTS);
  const mirrored = prm.wallMode === WallMode.mirrored;
  const invH = 1 / h;
  const phases = prm.phases;
  for (let i = start; i < end; i++) {
    // The table of i's fluid: the case's, or with several fluids its phase's (walls: none).
    let table = prm.viscosity;
    if (phases !== null) {
      const phase = phases.bodyPhase[body[i]] ?? -1;
      table = phase < 0 ? null : phases.viscosity[phase];
      if (table === null) {
        visc[i] = phase < 0 ? prm.nu : phases.nu[phase];
        continue;
      }
    }
    if (table === null) continue;
    if (kind[i] !== ParticleKind.fluid) {
      visc[i] = viscosityAt(table, 0);
      continue;
    }
    if (table.kind === ViscosityKindCode.temperature) {
      visc[i] = viscosityAt(table, temp[i]);
      continue;
    }
    const xi = x[i], yi = y[i], zi = z[i], vxi = vx[i], vyi = vy[i], vzi = vz[i];
    let gxx = 0, gxy = 0, gxz = 0, gyx = 0, gyy = 0, gyz = 0, gzx = 0, gzy = 0, gzz = 0;
    let mxx = 0, mxy = 0, mxz = 0, myy = 0, myz = 0, mzz = 0;
    const nRuns = neighbourCellRuns(grid, cell[i], runs);
    for (let pass = movingWallStart === null ? 1 : 0; pass < 3; pass++) {
      const starts = pass === 0 ? movingWallStart as Int32Array : pass === 1 ? wallStart : cellStart;
      const walls = pass < 2;
      for (let run = 0; run < nRuns; run += 2) {
        const jEnd = starts[runs[run + 1] + 1];
        for (let j = starts[runs[run]]; j < jEnd; j++) {
          if (j === i) continue;
          if (walls && noSlip[body[j]] === 0) continue;
          const rx = minImage(xi - x[j], px), ry = minImage(yi - y[j], py), rz = minImage(zi - z[j], pz);
          const r2 = rx * rx + ry * ry + rz * rz;
          if (r2 >= support2) continue;
          const t = 1 - 0.5 * Math.sqrt(r2) * invH;
          let dvx: number, dvy: number, dvz: number, vj: number;
          if (!walls) {
            vj = mass[j] / rho[j];
            dvx = vx[j] - vxi; dvy = vy[j] - vyi; dvz = vz[j] - vzi;
          } else if (mirrored) {
            vj = wallVolume;
            dvx = gvx[j] - vxi; dvy = gvy[j] - vyi; dvz = gvz[j] - vzi;
          } else {
            vj = wallVolume;
            dvx = 2 * (vx[j] - vxi); dvy = 2 * (vy[j] - vyi); dvz = 2 * (vz[j] - vzi);
          }
          const fv = kernelGrad * t * t * t * vj;
          gxx += dvx * fv * rx; gxy += dvx * fv * ry; gxz += dvx * fv * rz;
          gyx += dvy * fv * rx; gyy += dvy * fv * ry; gyz += dvy * fv * rz;
          gzx += dvz * fv * rx; gzy += dvz * fv * ry; gzz += dvz * fv * rz;
          mxx -= fv * rx * rx; mxy -= fv * rx * ry; mxz -= fv * rx * rz;
          myy -= fv * ry * ry; myz -= fv * ry * rz; mzz -= fv * rz * rz;
        }
      }
    }
    // First-order correction (Bonet & Lok 1999): ∇v = G M⁻¹ with M = −Σ_j F r_ij ⊗ r_ij V_j (the identity
    // under a full kernel), so that the kernel cut off by a slip wall or a free surface does not shrink γ̇.
    // A particle with too few neighbours for M to be invertible keeps the plain sum.
    const c00 = myy * mzz - myz * myz, c01 = mxz * myz - mxy * mzz, c02 = mxy * myz - mxz * myy;
    const det = mxx * c00 + mxy * c01 + mxz * c02;
    const tr = (mxx + myy + mzz) / 3;
    if (det > 0.05 * tr * tr * tr) {
      const inv = 1 / det;
      const i00 = c00 * inv, i01 = c01 * inv, i02 = c02 * inv;
      const i11 = (mxx * mzz - mxz * mxz) * inv, i12 = (mxy * mxz - mxx * myz) * inv, i22 = (mxx * myy - mxy * mxy) * inv;
      const ax = gxx * i00 + gxy * i01 + gxz * i02, ay = gxx * i01 + gxy * i11 + gxz * i12, az = gxx * i02 + gxy * i12 + gxz * i22;
      const bx = gyx * i00 + gyy * i01 + gyz * i02, by = gyx * i01 + gyy * i11 + gyz * i12, bz = gyx * i02 + gyy * i12 + gyz * i22;
      const cx = gzx * i00 + gzy * i01 + gzz * i02, cy = gzx * i01 + gzy * i11 + gzz * i12, cz = gzx * i02 + gzy * i12 + gzz * i22;
      gxx = ax; gxy = ay; gxz = az; gyx = bx; gyy = by; gyz = bz; gzx = cx; gzy = cy; gzz = cz;
    }
    const dxy = 0.5 * (gxy + gyx), dxz = 0.5 * (gxz + gzx), dyz = 0.5 * (gyz + gzy);
    const dd = gxx * gxx + gyy * gyy + gzz * gzz + 2 * (dxy * dxy + dxz * dxz + dyz * dyz);
    visc[i] = viscosityAt(table, Math.sqrt(2 * dd));
  }
}
