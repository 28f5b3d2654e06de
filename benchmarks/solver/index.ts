// Solver throughput: a 3D dam break at about 10k, 100k (and 1M and 10M on a real GPU) particles, a fixed number
// of RK4 steps per case on the CPU backend with 1 and 2 threads and on the WebGPU backend. Prints
// particle-steps per second, ms per step and bytes per particle side by side, with the CPU 1-thread run
// as the baseline of the ratios. First the discretization of a 1M-point fill (discretization.ts); then the
// cost of moving walls (a turning paddle against a still one, motion.ts); last the column impact case with
// wall time, memory and flow quality per settings (impact.ts).
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { engineSetupOf, prepareCase } from '../../src/solver/caseInput.ts';
import { CpuBackend } from '../../src/solver/cpu/cpuBackend.ts';
import { spawnNodeWorker } from '../../src/solver/cpu/nodeThreads.ts';
import { startChromiumSolver, type ChromiumSolver } from './chromium.ts';
import { measureDiscretization, printDiscretization } from './discretization.ts';
import { printColumnImpact } from './impact.ts';
import { printColumnImpactGpu } from './impactGpu.ts';
import { printAcousticStability } from './acousticStability.ts';
import { printPaddle } from './motion.ts';
import { printHeat } from './heat.ts';
import { printMultiphase } from './multiphase.ts';
import { caseOfSize, damBreak, gpuBackend, measure, printGpuTarget, printMeasurements, type Measurement } from './throughput.ts';

const SWIFTSHADER_ICD = '/usr/lib/chromium/vk_swiftshader_icd.json';
if (process.env.VK_ICD_FILENAMES === undefined && existsSync(SWIFTSHADER_ICD)) process.env.VK_ICD_FILENAMES = SWIFTSHADER_ICD;

async function main(): Promise<void> {
  printDiscretization(await measureDiscretization());
  const results: Measurement[] = [];
  const cores = availableParallelism();
  let realGpu = false;
  const probe = await gpuBackend(await prepareCase(damBreak(0.1)));
  if (probe !== null) {
    realGpu = !probe.software;
    await probe.backend.dispose();
  }
  const sizes: { target: number; cpuSteps: number; gpuSteps: number }[] = [
    { target: 10_000, cpuSteps: 20, gpuSteps: realGpu ? 200 : 5 },
    { target: 100_000, cpuSteps: 4, gpuSteps: realGpu ? 100 : 2 },
  ];
  // The same WGSL solver in headless Chromium's WebGPU (on SwiftShader here, like Dawn in Node).
  let chromium: ChromiumSolver | null = null;
  try {
    chromium = await startChromiumSolver();
  } catch (e) {
    console.log(`Chromium WebGPU not available (${(e as Error).message}); browser figures skipped`);
  }
  if (realGpu) sizes.push({ target: 1_000_000, cpuSteps: 0, gpuSteps: 50 }, { target: 10_000_000, cpuSteps: 0, gpuSteps: 10 });
  else console.log('GPU is SwiftShader (software): the 1M- and 10M-particle cases run only on a real GPU');

  for (const size of sizes) {
    const c = await caseOfSize(size.target);
    const k = c.discretized.counts;
    console.log(`\n--- dam break, Δx = ${c.setup.settings.particleDiameter} m: ${k.total} particles (${k.fluid} fluid, ${k.wall} wall)`);
    if (size.cpuSteps > 0) {
      results.push(await measure(`${size.target / 1000}k cpu x1`, new CpuBackend(engineSetupOf(c), { threads: 1, spawnWorker: null }), 2, size.cpuSteps));
      if (cores > 1) {
        results.push(await measure(`${size.target / 1000}k cpu x2`, new CpuBackend(engineSetupOf(c), { threads: 2, spawnWorker: spawnNodeWorker }), 2, size.cpuSteps));
      }
    }
    const gpu = await gpuBackend(c);
    if (gpu !== null) results.push(await measure(`${size.target / 1000}k gpu`, gpu.backend, 1, size.gpuSteps));
    if (chromium !== null && (realGpu || size.target <= 100_000)) {
      const m = await chromium.measure(c.setup, 1, size.gpuSteps);
      results.push({
        label: `${size.target / 1000}k chromium`, device: `Chromium ${m.device}`, particles: m.particles, steps: m.steps,
        msPerStep: m.ms / m.steps, particleStepsPerSecond: (m.particles * m.steps) / (m.ms / 1000),
        bytesPerParticle: m.bytesPerParticle, cpuLoad: Number.NaN,
      });
    }
  }
  // The column impact case on the GPU: the whole 0.5 s on a real GPU, its first 0.02 s on SwiftShader.
  await printColumnImpactGpu(0.02, realGpu ? 0.5 : 0.02, chromium);
  await chromium?.close();

  printMeasurements(results);
  for (const size of ['10k', '100k']) {
    const one = results.find((r) => r.label === `${size} cpu x1`);
    const two = results.find((r) => r.label === `${size} cpu x2`);
    if (one !== undefined && two !== undefined) {
      console.log(`CPU scaling ${size}: 2 threads / 1 thread = ${(two.particleStepsPerSecond / one.particleStepsPerSecond).toFixed(2)}` +
        ` (cpu load ${one.cpuLoad.toFixed(2)} → ${two.cpuLoad.toFixed(2)}; a load well below 2 with 2 threads means the cores were busy elsewhere)`);
    }
  }
  // Memory at 1M particles: the CPU backend's own bytes per particle (state, work arrays, neighbour
  // lists, cell lists) and the process's resident memory with the case loaded, against the 300 B target.
  {
    const c = await caseOfSize(1_000_000);
    const rssBefore = process.memoryUsage().rss;
    const be = new CpuBackend(engineSetupOf(c), { threads: Math.min(2, cores), spawnWorker: cores > 1 ? spawnNodeWorker : null });
    await be.advance(1, { maxWallMs: 1e9, maxSteps: 1 });
    const rss = process.memoryUsage().rss;
    console.log(`memory at ${c.discretized.counts.total.toLocaleString('en')} particles (CPU, ${be.threads} threads): ` +
      `${be.bytesPerParticle} bytes/particle in the backend (target ≤ 300), resident ${(rss / 2 ** 20).toFixed(0)} MB ` +
      `(${((rss - rssBefore) / c.discretized.counts.total).toFixed(0)} bytes/particle more than before the backend)`);
    await be.dispose();
  }
  printGpuTarget(results, realGpu);
}

await main();
await printPaddle(0.025, 20);
await printHeat(0.015, 10);
await printMultiphase(0.015, 5);
printAcousticStability();
printColumnImpact(0.02, 0.5, Math.min(2, availableParallelism()));
process.exit(0);
