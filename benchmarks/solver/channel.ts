// Plane channel flow between no-slip plates, periodic along the flow and across the width (CPU): the
// profile against the analytic Newtonian and power-law (n = 0.5) profiles at a chosen resolution, printed
// every tenth of the run. `node benchmarks/solver/channel.ts [newtonian|powerlaw] [across] [threads] [table's lowest shear rate / wall's]`.
import { engineSetupOf, prepareCase } from '../../src/solver/caseInput.ts';
import { CpuBackend } from '../../src/solver/cpu/cpuBackend.ts';
import { spawnNodeWorker } from '../../src/solver/cpu/nodeThreads.ts';
import { withPeriodicAxes } from '../../src/solver/periodic.ts';
import {
  CHANNEL_AXES, channelOptions, channelProfile, channelSetup, poiseuilleVelocity, powerLawVelocity, profileError,
} from '../../src/solver/cases/channelCases.ts';

async function main(): Promise<void> {
  const kind = process.argv[2] === 'powerlaw' ? 'powerlaw' : 'newtonian';
  const across = Number(process.argv[3] ?? 20);
  const threads = Number(process.argv[4] ?? 1);
  const o = channelOptions(kind, across, Number(process.argv[5] ?? 0.1));
  const prepared = await prepareCase(channelSetup(o));
  const be = new CpuBackend(withPeriodicAxes(engineSetupOf(prepared), CHANNEL_AXES), {
    threads, spawnWorker: threads > 1 ? spawnNodeWorker : null,
  });
  const H = o.across * o.dx;
  const reference = (z: number) => (o.powerLaw === undefined ? poiseuilleVelocity(z, H, o.g, o.nu) : powerLawVelocity(z, H, o.g, o.powerLaw));
  const uMax = reference(H / 2);
  console.log(`${kind}, ${o.across} across: ${be.particleCount()} particles, u_max ${uMax.toFixed(4)} m/s`);
  const start = performance.now();
  try {
    for (let k = 1; k <= 10; k++) {
      const t = (o.endTime * k) / 10;
      while (be.time() < t) await be.advance(t, { maxWallMs: 1e9, maxSteps: 1e9 });
      const p = channelProfile(await be.snapshot(), o.dx, o.across);
      const e = profileError(p, reference);
      const centre = p.u[Math.floor(p.u.length / 2)];
      console.log(`t ${t.toFixed(4)} s, ${be.steps()} steps: max error ${(100 * e.error / uMax).toFixed(2)} % of u_max at z = ${(e.at / o.dx).toFixed(2)} Δx, ` +
        `centre ${centre.toFixed(4)} m/s, ${((performance.now() - start) / 1000).toFixed(0)} s`);
    }
  } finally {
    await be.dispose();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
