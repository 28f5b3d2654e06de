// Convergence of the dam break against Martin & Moyce (1952): the surge-front error at 20, 40 and 80
// particles across the column (80: 102,400 fluid particles in the periodic slab, hours on 2 cores; without
// it with --coarse). Prints each comparison and whether the error grows with resolution, and beside the
// reference (the a = 2.25 in column) the same figure's a = 1.125 in column and the error against it.
// `node benchmarks/solver/convergence.ts [--gpu] [--coarse | --only ACROSS...]` (--only: just those resolutions; each
// point is printed as the run reaches it; --gpu: on the WebGPU backend through Dawn, minutes in all on a real GPU).
import { availableParallelism } from 'node:os';
import { prepareCase } from '../../src/solver/caseInput.ts';
import { CpuBackend } from '../../src/solver/cpu/cpuBackend.ts';
import { spawnNodeWorker } from '../../src/solver/cpu/nodeThreads.ts';
import type { SolverBackend } from '../../src/solver/engine.ts';
import {
  COLUMN_WIDTH, compareWithMartinMoyce, martinMoyceEngine, periodicMartinMoyceSetup, type FrontComparison,
} from '../../src/solver/cases/martinMoyce.ts';

const only = process.argv.indexOf('--only');
const resolutions = only > 0 ? process.argv.slice(only + 1).filter((a) => !a.startsWith('--')).map(Number) : process.argv.includes('--coarse') ? [20, 40] : [20, 40, 80];
const threads = Math.min(2, availableParallelism());
const onGpu = process.argv.includes('--gpu');
const results: { across: number; seconds: number; particles: number; r: FrontComparison }[] = [];
for (const across of resolutions) {
  const c = await prepareCase(periodicMartinMoyceSetup(across, { integrationScheme: 'runge_kutta_4' }));
  const engine = martinMoyceEngine(c);
  const fluid = c.discretized.counts.fluid;
  console.log(`\n--- ${across} across: Δx = ${(COLUMN_WIDTH / across * 1000).toFixed(2)} mm, ${fluid} fluid, ${engine.state.count - fluid} wall particles`);
  const be: SolverBackend = onGpu
    ? await (await import('../../src/solver/gpu/nodeGpu.ts')).createNodeGpuBackend(engine)
    : new CpuBackend(engine, { threads, spawnWorker: threads > 1 ? spawnNodeWorker : null });
  if (onGpu) console.log(be.device);
  const started = performance.now();
  try {
    const r = await compareWithMartinMoyce(be, COLUMN_WIDTH / across, 6, (line) => console.log(line));
    results.push({ across, seconds: (performance.now() - started) / 1000, particles: engine.state.count, r });
  } finally {
    await be.dispose();
  }
}
console.log(`\n${onGpu ? 'GPU' : `CPU, ${threads} threads`}`);
console.log('across  particles  steps  wall s  worst error  mean error  (Z ≤ 6; target: ≤ 5 % at 40, not growing with resolution)' +
  '  worst / mean against the 1.125 in column');
for (const { across, seconds, particles, r } of results) {
  console.log(`${String(across).padStart(6)} ${String(particles).padStart(10)} ${String(r.steps).padStart(6)} ${seconds.toFixed(0).padStart(7)} ` +
    `${(100 * r.worst).toFixed(1).padStart(10)} % ${(100 * r.mean).toFixed(1).padStart(9)} %` +
    `${(100 * r.smallColumnWorst).toFixed(1).padStart(12)} % / ${(100 * r.smallColumnMean).toFixed(1)} %`);
}
// How far the experiment's two columns lie apart at the reference's times: the scatter no computed front
// can be nearer to both than.
if (results.length > 0) {
  console.log('the experiment\'s two columns (1.125 in against 2.25 in) at T = ' + results[0].r.points
    .map((p) => `${p.T}: ${p.smallColumn === null ? '–' : `${(100 * (p.smallColumn - p.reference) / p.reference).toFixed(1)} %`}`).join(', '));
}
for (let k = 1; k < results.length; k++) {
  const a = results[k - 1], b = results[k];
  console.log(`${a.across} → ${b.across} across: mean error ${b.r.mean <= a.r.mean ? 'does not grow' : 'grows'} ` +
    `(${(100 * a.r.mean).toFixed(1)} % → ${(100 * b.r.mean).toFixed(1)} %), worst ${(100 * a.r.worst).toFixed(1)} % → ${(100 * b.r.worst).toFixed(1)} %`);
}
process.exit(0);
