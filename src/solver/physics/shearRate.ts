// Shear rate γ̇ = sqrt(2 D:D), D the symmetric part of the SPH velocity gradient
// ∇v_i = Σ_j (v_j - v_i) ⊗ ∇_i W_ij V_j over fluid neighbours; computed for outputs only.
import { ParticleKind, type ParticleStore } from '../particles.ts';
import { CELL_RUN_SLOTS, neighbourCellRuns, type GridSpec } from '../grid.ts';
import { NO_PERIOD, minImage } from '../periodic.ts';
import type { PhysicsParams } from '../params.ts';

export function shearRates(
  s: ParticleStore, grid: GridSpec, cellStart: Int32Array, prm: PhysicsParams, count: number, sortedCount: number,
  out: Float64Array,
): void {
  const { x, y, z, vx, vy, vz, rho, mass } = s.f;
  const kind = s.kind;
  const cell = s.cell;
  const { support2, kernelGrad, h } = prm;
  const [px, py, pz] = prm.period ?? NO_PERIOD;
  const invH = 1 / h;
  const runs = new Int32Array(CELL_RUN_SLOTS);
  for (let i = 0; i < count; i++) {
    out[i] = 0;
    if (i >= sortedCount || kind[i] !== ParticleKind.fluid) continue;
    let gxx = 0, gxy = 0, gxz = 0, gyx = 0, gyy = 0, gyz = 0, gzx = 0, gzy = 0, gzz = 0;
    const nRuns = neighbourCellRuns(grid, cell[i], runs);
    for (let run = 0; run < nRuns; run += 2) {
      const jEnd = Math.min(cellStart[runs[run + 1] + 1], sortedCount);
      for (let j = cellStart[runs[run]]; j < jEnd; j++) {
        if (j === i || kind[j] !== ParticleKind.fluid) continue;
        const rx = minImage(x[i] - x[j], px), ry = minImage(y[i] - y[j], py), rz = minImage(z[i] - z[j], pz);
        const r2 = rx * rx + ry * ry + rz * rz;
        if (r2 >= support2) continue;
        const t = 1 - 0.5 * Math.sqrt(r2) * invH;
        const fv = kernelGrad * t * t * t * (mass[j] / rho[j]);
        const dvx = vx[j] - vx[i], dvy = vy[j] - vy[i], dvz = vz[j] - vz[i];
        gxx += dvx * fv * rx; gxy += dvx * fv * ry; gxz += dvx * fv * rz;
        gyx += dvy * fv * rx; gyy += dvy * fv * ry; gyz += dvy * fv * rz;
        gzx += dvz * fv * rx; gzy += dvz * fv * ry; gzz += dvz * fv * rz;
      }
    }
    const dxy = 0.5 * (gxy + gyx), dxz = 0.5 * (gxz + gzx), dyz = 0.5 * (gyz + gzy);
    const dd = gxx * gxx + gyy * gyy + gzz * gzz + 2 * (dxy * dxy + dxz * dxz + dyz * dyz);
    out[i] = Math.sqrt(2 * dd);
  }
}
