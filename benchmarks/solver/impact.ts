// The dam break against a floor-standing column (DualSPHysics' 01_DamBreak geometry) on the CPU backend:
// wall time to simulate it, peak resident memory, particle counts, steps, and the quality of the flow
// after impact (fluid through walls, velocity noise, fastest particle, density limiter).
// `node benchmarks/solver/impact.ts [dx] [endTime] [scheme] [threads]` runs one configuration alone.
import { availableParallelism } from 'node:os';
import { spawnSync } from 'node:child_process';
import { engineSetupOf, prepareCase } from '../../src/solver/caseInput.ts';
import { CpuBackend } from '../../src/solver/cpu/cpuBackend.ts';
import { spawnNodeWorker } from '../../src/solver/cpu/nodeThreads.ts';
import { columnImpactCase } from '../../src/solver/cases/impactCases.ts';
import { measureImpact } from '../../src/solver/cases/impactMetrics.ts';
import type { SimulationSettings } from '../../src/domain/settings.ts';
import { surgeFront } from '../../src/solver/cases/martinMoyce.ts';

export interface ImpactRun {
  label: string;
  fluid: number;
  wall: number;
  seconds: number;
  steps: number;
  /** Rate evaluations (each a full pass over the fluid's neighbours). */
  evaluations: number;
  peakRssMb: number;
  /** Surge front (m) at t = 0.3 s, just before the column (x = 0.9 m). */
  front03: number;
  worstNoise: number;
  maxSpeed: number;
  crossed: number;
  atLimiter: number;
  minDt: number;
}

export async function runColumnImpact(
  label: string, dx: number, endTime: number, settings: Partial<SimulationSettings>, threads: number, verbose: boolean,
): Promise<ImpactRun> {
  const c = columnImpactCase(dx, { endTime, ...settings });
  const prepared = await prepareCase(c.setup);
  const be = new CpuBackend(
    engineSetupOf(prepared),
    { threads, spawnWorker: threads > 1 ? spawnNodeWorker : null },
  );
  const H = c.water.size[2];
  const vRef = Math.sqrt(2 * 9.81 * H);
  const started = performance.now();
  let peakRss = process.memoryUsage().rss;
  let worstNoise = 0, maxSpeed = 0, crossed = 0, atLimiter = 0, minDt = Infinity, front03 = Number.NaN;
  const sample = 0.02;
  try {
    for (let n = 1; n * sample <= endTime + 1e-9; n++) {
      const t = n * sample;
      while (be.time() < t - 1e-12) {
        // One step at a time: the shortest step counts all but the ones shortened to land on t.
        const r = await be.advance(t, { maxWallMs: 1e9, maxSteps: 1 });
        if (r.lastDt > 0 && be.time() < t - 1e-12) minDt = Math.min(minDt, r.lastDt);
      }
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
      const snap = await be.snapshot();
      if (Math.abs(be.time() - 0.3) < 1e-9) front03 = surgeFront(snap, dx);
      const m = measureImpact(snap, c, prepared.prm);
      worstNoise = Math.max(worstNoise, m.noiseRms);
      maxSpeed = Math.max(maxSpeed, m.maxSpeed);
      crossed = Math.max(crossed, m.crossed);
      atLimiter = Math.max(atLimiter, m.atLimiter);
      if (verbose) {
        console.log(`t ${be.time().toFixed(2)} s: noise rms ${m.noiseRms.toFixed(3)} (${(m.noiseRms / vRef * 100).toFixed(1)} % of √(2gH)), ` +
          `max ${m.noiseMax.toFixed(2)} m/s, fastest ${m.maxSpeed.toFixed(2)} m/s at (${m.fastestAt.map((v) => v.toFixed(2)).join(', ')}), crossed ${m.crossed} (deepest ${(m.deepest / dx).toFixed(2)} Δx), ` +
          `at limiter ${m.atLimiter}, steps ${be.steps()}`);
      }
    }
  } finally {
    await be.dispose();
  }
  return {
    label, fluid: prepared.discretized.counts.fluid, wall: prepared.discretized.counts.wall,
    seconds: (performance.now() - started) / 1000, steps: be.steps(), evaluations: be.evaluations, peakRssMb: peakRss / 2 ** 20,
    worstNoise, maxSpeed, crossed, atLimiter, minDt, front03,
  };
}

/** Settings compared side by side: the product's defaults, and plain RK4 with the same shifting. */
export const IMPACT_CONFIGURATIONS: { label: string; scheme: SimulationSettings['integrationScheme'] }[] = [
  { label: 'defaults (dual time step RK4, lyu21)', scheme: 'dual_timestep_rk_4' },
  { label: 'runge_kutta_4, lyu21', scheme: 'runge_kutta_4' },
];

/**
 * Each configuration in a process of its own, so that its peak resident memory is its own; prints the
 * table with the wall time against DualSPHysics' published 92 s on the same 2-core machine.
 */
export function printColumnImpact(dx: number, endTime: number, threads: number): void {
  const runs: ImpactRun[] = [];
  for (const c of IMPACT_CONFIGURATIONS) {
    const res = spawnSync(process.execPath, [import.meta.filename, String(dx), String(endTime), c.scheme, String(threads)], { encoding: 'utf8' });
    const last = res.stdout.trim().split('\n').pop() ?? '';
    if (res.status !== 0 || !last.startsWith('{')) {
      console.log(`${c.label}: failed (${res.status}): ${res.stderr.slice(-400)}`);
      continue;
    }
    runs.push({ ...(JSON.parse(last) as ImpactRun), label: c.label });
  }
  const H = 0.3;
  const vRef = Math.sqrt(2 * 9.81 * H);
  console.log(`\n--- column impact (DualSPHysics 01_DamBreak geometry), Δx = ${dx} m, ${endTime} s simulated, ${threads} threads`);
  console.log('settings                              fluid   wall   wall s  vs 92 s  peak MB  steps  evaluations  shortest dt  front 0.3 s  noise/√2gH  fastest  crossed  at limiter');
  for (const r of runs) {
    console.log(`${r.label.padEnd(36)} ${String(r.fluid).padStart(6)} ${String(r.wall).padStart(6)} ${r.seconds.toFixed(1).padStart(8)} ` +
      `${(r.seconds / 92).toFixed(2).padStart(8)} ${r.peakRssMb.toFixed(0).padStart(8)} ${String(r.steps).padStart(6)} ${String(r.evaluations).padStart(12)} ` +
      `${r.minDt.toExponential(2).padStart(12)} ${r.front03.toFixed(3).padStart(12)} ${(100 * r.worstNoise / vRef).toFixed(1).padStart(9)} % ` +
      `${r.maxSpeed.toFixed(2).padStart(8)} ${String(r.crossed).padStart(8)} ${String(r.atLimiter).padStart(11)}`);
  }
  console.log('targets: wall time ≤ 46 s (half of DualSPHysics v5.4, 92 s on 2 threads), ≤ 100 MB resident; noise < 10 % of √(2gH), fastest < ' +
    `${(2 * vRef).toFixed(2)} m/s, no fluid through walls`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dx = Number(process.argv[2] ?? 0.02);
  const endTime = Number(process.argv[3] ?? 0.5);
  const scheme = (process.argv[4] ?? 'dual_timestep_rk_4') as SimulationSettings['integrationScheme'];
  const threads = Number(process.argv[5] ?? Math.min(2, availableParallelism()));
  const r = await runColumnImpact(scheme, dx, endTime, { integrationScheme: scheme }, threads, true);
  console.log(JSON.stringify(r));
}
