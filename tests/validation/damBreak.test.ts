// Dam break against Martin & Moyce (1952) at 20 particles across the column, in a slab periodic across its
// thickness (src/solver/cases/martinMoyce.ts), on the CPU backend and, where the adapter is a real GPU, on
// the WebGPU one (SwiftShader would take some 20 minutes for its 1,300 steps). The convergence at 20, 40
// and 80 across, with the 5 % at 40 and the error not growing, is measured by the benchmark
// (benchmarks/solver/convergence.ts [--gpu]): 40 across takes some 20 minutes on the two cores of CI.
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareCase } from '../../src/solver/caseInput.ts';
import { CpuBackend } from '../../src/solver/cpu/cpuBackend.ts';
import { createNodeGpuBackend } from '../../src/solver/gpu/nodeGpu.ts';
import type { SolverBackend } from '../../src/solver/engine.ts';
import {
  COLUMN_WIDTH, SLAB_LAYERS, compareWithMartinMoyce, martinMoyceEngine, periodicMartinMoyceSetup, type FrontComparison,
} from '../../src/solver/cases/martinMoyce.ts';
import { validationCpuOptions } from '../support/threads.ts';
import { realGpuSkipReason } from '../support/gpu.ts';

/** Why the GPU case does not run here, or null when the adapter is a real GPU. */
let gpuSkipped: string | null = 'not probed';

beforeAll(async () => {
  gpuSkipped = await realGpuSkipReason();
});

async function compareAt(across: number, backend: 'cpu' | 'gpu' = 'cpu'): Promise<FrontComparison> {
  const c = await prepareCase(periodicMartinMoyceSetup(across, { integrationScheme: 'runge_kutta_4' }));
  expect(c.discretized.counts.fluid).toBe(across * SLAB_LAYERS * 2 * across);
  const engine = martinMoyceEngine(c);
  const be: SolverBackend = backend === 'gpu' ? await createNodeGpuBackend(engine) : new CpuBackend(engine, validationCpuOptions());
  const started = performance.now();
  try {
    const r = await compareWithMartinMoyce(be, COLUMN_WIDTH / across, 6, (line) => console.log(`${across} across: ${line}`));
    console.log(`dam break at ${across} across (${be.device}): ${engine.state.count} particles, ${r.steps} steps, ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s; front error worst ${(100 * r.worst).toFixed(1)} %, mean ${(100 * r.mean).toFixed(1)} %; ` +
      `largest speed ${r.maxSpeed.toFixed(2)} m/s (c0 = 30 m/s = ${(30 / r.maxSpeed).toFixed(1)} × that)`);
    expect(r.points).toHaveLength(6);
    expect(30).toBeGreaterThanOrEqual(10 * r.maxSpeed);
    // A release that takes time can only delay the experiment's front: the computed one must lead.
    expect(r.shiftT).toBeLessThanOrEqual(0);
    return r;
  } finally {
    await be.dispose();
  }
}

describe('dam break', () => {
  it('follows the surge front of Martin & Moyce (1952) within 10 % for Z ≤ 6 at 20 across', async () => {
    const r = await compareAt(20);
    expect(r.worst).toBeLessThan(0.1);
  }, 1_800_000);

  it('on the GPU, follows the surge front of Martin & Moyce (1952) within 10 % for Z ≤ 6 at 20 across', async (ctx) => {
    if (gpuSkipped !== null) {
      console.log(`GPU case skipped: ${gpuSkipped}`);
      ctx.skip();
    }
    const r = await compareAt(20, 'gpu');
    expect(r.worst).toBeLessThan(0.1);
  }, 1_800_000);
});
