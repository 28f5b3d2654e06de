// Field inlet profile (ioProfileKind 'field', src/solver/physics/ioProfile.ts): a channel with slip walls fed
// through an inlet whose normal velocity varies linearly across the channel, u(y) = 0.25 + 5 y m/s over
// y ∈ [0, 0.1] m, from a table of points on the inlet. A parallel shear flow with a linear profile is a
// steady solution of the Euler equations between slip walls, so the profile must carry downstream as given.
// - mass flow rate through a cross-section downstream (net particle crossings between two instants)
//   against ∫ ρ u dA of the table, within 3 %;
// - velocity profile of the fluid just downstream of the inlet, in bins across the channel, against the
//   table, within 5 % of the table's largest velocity.
import { describe, expect, it } from 'vitest';
import { engineSetupOf, prepareCase } from '../../src/solver/caseInput.ts';
import { CpuBackend } from '../../src/solver/cpu/cpuBackend.ts';
import { ParticleKind } from '../../src/solver/particles.ts';
import type { EngineSnapshot } from '../../src/solver/engine.ts';
import { profiledChannelCase } from '../unit/solver/cases.ts';
import { validationCpuOptions } from '../support/threads.ts';

const DX = 0.01;
const LENGTH = 0.4;
/** Channel section (m) and inlet plane of channelCase. */
const SECTION = 0.1;
const INLET_X = 0.06;
/** u(y) = U0 + SHEAR y. */
const U0 = 0.25;
const SHEAR = 5;
const profile = (y: number) => U0 + SHEAR * y;

function report(name: string, measured: number, reference: number, error: number, tolerance: number): void {
  console.log(`${name}: measured ${measured.toFixed(5)}, reference ${reference.toFixed(5)}, error ${(100 * error).toFixed(2)} %, tolerance ${(100 * tolerance).toFixed(1)} %`);
}

describe('field inlet profile', () => {
  it('linear inlet profile: mass flow within 3 % of ∫ρu dA and profile within 5 % near the inlet', async () => {
    const c = await prepareCase(profiledChannelCase(DX, LENGTH, U0, SHEAR));
    const be = new CpuBackend(engineSetupOf(c), validationCpuOptions());
    const rho0 = c.material.density;
    try {
      const run = async (t: number) => {
        while (be.time() < t) await be.advance(t, { maxWallMs: 1e9, maxSteps: 1e9 });
        return be.snapshot();
      };
      // The inlet's buffer particles carry the table's velocity from the start.
      const first = await be.snapshot();
      let bufferErr = 0;
      for (let i = 0; i < first.count; i++) {
        if (first.kind[i] === ParticleKind.buffer && first.x[i] < 0.1) bufferErr = Math.max(bufferErr, Math.abs(first.vx[i] - profile(first.y[i])));
      }
      report('buffer velocity against the table (m/s)', bufferErr, 0, bufferErr / profile(SECTION), 1e-6);
      expect(bufferErr).toBeLessThan(1e-6 * profile(SECTION));

      // Let the flow settle, then measure over a window short enough that nothing upstream of the section
      // at t1 reaches the outlet by t2.
      const t1 = 0.2, t2 = 0.3;
      const a = await run(t1);
      const b = await run(t2);
      const section = 0.2;
      const reference = rho0 * SECTION * (U0 * SECTION + 0.5 * SHEAR * SECTION * SECTION);
      const measured = netCrossing(a, b, section) / (b.time - a.time);
      const flowErr = Math.abs(measured - reference) / reference;
      report(`mass flow through x = ${section} m (kg/s)`, measured, reference, flowErr, 0.03);

      // Profile just downstream of the inlet: fluid between 1 and 5 Δx past the plane, in bins of 2 Δx.
      const bins = 5;
      const sum = new Float64Array(bins), n = new Float64Array(bins);
      for (let i = 0; i < b.count; i++) {
        if (b.kind[i] !== ParticleKind.fluid || b.x[i] < INLET_X + DX || b.x[i] > INLET_X + 5 * DX) continue;
        const k = Math.min(bins - 1, Math.max(0, Math.floor((b.y[i] / SECTION) * bins)));
        sum[k] += b.vx[i];
        n[k]++;
      }
      let worst = 0;
      for (let k = 0; k < bins; k++) {
        const yc = ((k + 0.5) / bins) * SECTION;
        const u = sum[k] / n[k];
        const err = Math.abs(u - profile(yc)) / profile(SECTION);
        worst = Math.max(worst, err);
        report(`u at y = ${yc.toFixed(3)} m near the inlet (m/s, ${n[k]} particles)`, u, profile(yc), err, 0.05);
      }
      expect(flowErr).toBeLessThan(0.03);
      expect(worst).toBeLessThan(0.05);
    } finally {
      await be.dispose();
    }
  });
});

/** Net fluid mass that crossed the plane x = section (downstream minus upstream) between two snapshots, by id. */
function netCrossing(a: EngineSnapshot, b: EngineSnapshot, section: number): number {
  const before = new Map<number, number>();
  for (let i = 0; i < a.count; i++) if (a.kind[i] === ParticleKind.fluid || a.kind[i] === ParticleKind.buffer) before.set(a.id[i], a.x[i]);
  let mass = 0;
  for (let i = 0; i < b.count; i++) {
    if (b.kind[i] !== ParticleKind.fluid && b.kind[i] !== ParticleKind.buffer) continue;
    const x0 = before.get(b.id[i]);
    // A particle that entered after the first instant started upstream of the section, at the inlet.
    const wasUpstream = x0 === undefined ? true : x0 < section;
    const isUpstream = b.x[i] < section;
    if (wasUpstream && !isUpstream) mass += b.mass[i];
    else if (!wasUpstream && isUpstream) mass -= b.mass[i];
  }
  return mass;
}
