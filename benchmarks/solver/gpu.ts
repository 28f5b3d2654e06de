// The solver benchmark's GPU figures alone, for a machine with a GPU and no time for the CPU runs: the dam
// break at about 100k, 1M and 10M particles on the WebGPU backend through Dawn (particle-steps/s, ms per
// step, bytes per particle), after the column impact case for its whole 0.5 s; last, where a step's GPU
// time goes at a million particles (GpuBackend.profile). Each size runs first as the baseline, in the same
// run: the host grid's whole cells and the generic kernels, against the GPU's half cells (sortGrid) and
// kernels built for the case and each rate dispatch. The 80-across front
// reference and Martin & Moyce on the GPU are `impactGpu.ts reference 80` and `convergence.ts --gpu`.
// `node benchmarks/solver/gpu.ts [largest] [--no-impact] [--repeat N]`: largest, the biggest size in particles
// (10,000,000 unless given; below 100,000 that size alone); --no-impact skips the column impact; --repeat N
// alternates the baseline and the new layout N times at each size and compares their medians (1 unless given).
const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const option = (name: string, fallback: number) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const repeat = Math.max(1, option('--repeat', 1));
const positional = args.filter((a, i) => !a.startsWith('--') && !(i > 0 && args[i - 1] === '--repeat'));
import { caseOfSize, damBreak, gpuBackend, measure, printGpuTarget, printMeasurements, type Measurement } from './throughput.ts';
import { printColumnImpactGpu } from './impactGpu.ts';
import { engineSetupOf, prepareCase, type PreparedCase } from '../../src/solver/caseInput.ts';

const largest = Number(positional[0] ?? 10_000_000);
const probe = await gpuBackend(await prepareCase(damBreak(0.1)));
if (probe === null) process.exit(1);
const realGpu = !probe.software;
console.log(`${probe.backend.device}${realGpu ? '' : ' (software: its figures say nothing of a GPU)'}`);
await probe.backend.dispose();

// The column impact first: seconds on a GPU, and the figure users compare with the CPU table.
if (!flag('--no-impact')) await printColumnImpactGpu(0.02, realGpu ? 0.5 : 0.02, null);

const results: Measurement[] = [];
let previous: PreparedCase | undefined;
let profiled: PreparedCase | undefined;
const sizes = largest < 100_000 ? [{ target: largest, steps: 100 }]
  : [{ target: 100_000, steps: 100 }, { target: 1_000_000, steps: 50 }, { target: 10_000_000, steps: 10 }];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const { target, steps } of sizes) {
  if (target > largest) break;
  const started = performance.now();
  const c = await caseOfSize(target, previous);
  previous = c;
  if (target <= 1_000_000) profiled = c;
  const k = c.discretized.counts;
  console.log(`\n--- dam break, Δx = ${c.setup.settings.particleDiameter} m: ${k.total} particles (${k.fluid} fluid, ${k.wall} wall), ` +
    `discretized in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  // The baseline first, in the same run: whole cells (27 around a particle's) and the generic kernels;
  // then the new layout, alternated `repeat` times.
  const bases: Measurement[] = [];
  const news: Measurement[] = [];
  let reach: number | undefined;
  for (let r = 0; r < repeat; r++) {
    const before = await gpuBackend(c, true);
    if (before === null) break;
    bases.push(await measure(`${target / 1000}k baseline`, before.backend, 2, realGpu ? steps : 2));
    const gpu = await gpuBackend(c);
    if (gpu === null) break;
    reach = (gpu.backend as { reach?: number }).reach;
    news.push(await measure(`${target / 1000}k gpu`, gpu.backend, 2, realGpu ? steps : 2));
    console.log(`pair ${r + 1}: baseline ${bases[r].msPerStep.toFixed(2)} ms/step, new ${news[r].msPerStep.toFixed(2)} ms/step`);
  }
  if (news.length === 0 || bases.length === 0) break;
  const m = news.find((x) => x.msPerStep === median(news.map((y) => y.msPerStep))) as Measurement;
  const base = bases.find((x) => x.msPerStep === median(bases.map((y) => y.msPerStep))) as Measurement;
  console.log(`${m.msPerStep.toFixed(2)} ms/step, ${m.particleStepsPerSecond.toExponential(3)} particle-steps/s, ${m.bytesPerParticle} bytes/particle ` +
    `(${reach === 2 ? 'half' : 'whole'} cells, case-built kernels); baseline (whole cells, generic kernels) ${base.msPerStep.toFixed(2)} ms/step, ` +
    `${base.bytesPerParticle} bytes/particle: ${(m.particleStepsPerSecond / base.particleStepsPerSecond).toFixed(2)}× its particle-steps/s` +
    `${repeat > 1 ? ` (medians of ${repeat} pairs)` : ''}`);
  results.push(base, m);
}
printMeasurements(results);
printGpuTarget(results, realGpu);

// Where a step's time goes at the largest size measured up to a million particles.
if (profiled !== undefined) {
  const { createNodeGpuBackend } = await import('../../src/solver/gpu/nodeGpu.ts');
  for (const options of [{ cells: 'whole', pipelines: 'generic' }, {}] as const) {
    const be = await createNodeGpuBackend(engineSetupOf(profiled), options);
    try {
      await be.advance(1, { maxWallMs: 1e9, maxSteps: 2 });
      const p = await be.profile(realGpu ? 20 : 1);
      const share = (ms: number) => `${ms.toFixed(2)} ms (${(100 * ms / p.step).toFixed(0)} %)`;
      const layout = 'cells' in options ? 'baseline (whole cells, generic kernels)' : `${be.reach === 2 ? 'half' : 'whole'} cells, case-built kernels`;
      console.log(`\nGPU time of one RK4 step at ${be.particleCount()} particles, ${layout}: ${p.step.toFixed(2)} ms; ` +
        `the sort ${share(p.sort)}, four rate evaluations ${share(4 * p.rates)}, four wall-state passes ${share(4 * p.wallStates)}, ` +
        `four stage updates ${share(4 * p.stageUpdate)}, the rest ${share(p.step - p.sort - 4 * (p.rates + p.wallStates + p.stageUpdate))}`);
    } finally {
      await be.dispose();
    }
  }
}
process.exit(0);
