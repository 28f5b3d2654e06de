// Time per step of a setup on the CPU backend, shared by the benchmarks that compare two variants of one
// case in the same process (heat on / off, one fluid / two).
import type { SetupDocument } from '../../src/domain/setup.ts';
import { engineSetupOf, prepareCase } from '../../src/solver/caseInput.ts';
import { CpuBackend } from '../../src/solver/cpu/cpuBackend.ts';
import { spawnNodeWorker } from '../../src/solver/cpu/nodeThreads.ts';

/** Milliseconds per step over `steps` steps after two warm-up steps, and the particle count. */
export async function msPerStep(setup: SetupDocument, threads: number, steps: number): Promise<{ ms: number; particles: number }> {
  const c = await prepareCase(setup);
  const be = new CpuBackend(engineSetupOf(c), { threads, spawnWorker: threads > 1 ? spawnNodeWorker : null });
  try {
    await be.advance(1, { maxWallMs: 1e9, maxSteps: 2 });
    const start = performance.now();
    let done = 0;
    while (done < steps) done += (await be.advance(1, { maxWallMs: 1e9, maxSteps: steps - done })).steps;
    return { ms: (performance.now() - start) / done, particles: be.particleCount() };
  } finally {
    await be.dispose();
  }
}
