// Walls that hold at impact: dam breaks against a column standing on the floor (DualSPHysics'
// 01_DamBreak geometry), a box obstacle, a thin plate and into a concave corner. Through the whole run no
// fluid particle may end up inside a solid or beyond the tank by more than 0.5 Δx; after the column impact
// the velocity noise (a particle's velocity against the kernel-weighted mean around it) stays below 10 %
// of √(2 g H) and no particle is faster than 2 √(2 g H). CPU, and the WebGPU backend through Dawn where
// an adapter exists (SwiftShader here, so the GPU case is the smallest).
import { beforeAll, describe, expect, it } from 'vitest';
import { engineSetupOf, prepareCase } from '../../src/solver/caseInput.ts';
import { CpuBackend } from '../../src/solver/cpu/cpuBackend.ts';
import { createNodeGpuBackend } from '../../src/solver/gpu/nodeGpu.ts';
import { nodeGpuAvailable } from '../support/gpu.ts';
import type { SolverBackend } from '../../src/solver/engine.ts';
import {
  boxObstacleCase, columnImpactCase, concaveCornerCase, thinPlateCase, type ImpactCase,
} from '../../src/solver/cases/impactCases.ts';
import { measureImpact } from '../../src/solver/cases/impactMetrics.ts';
import { validationCpuOptions } from '../support/threads.ts';

let gpuAvailable = false;

beforeAll(async () => {
  gpuAvailable = await nodeGpuAvailable('the GPU case');
});

interface Watch {
  deepest: number;
  crossed: number;
  /** Worst noise and speed after `quietFrom`. */
  noise: number;
  speed: number;
  atLimiter: number;
  vRef: number;
}

/** Runs the case to `endTime`, measuring every `sample` seconds. */
async function watch(c: ImpactCase, backend: 'cpu' | 'gpu', endTime: number, sample: number, quietFrom: number): Promise<Watch> {
  const prepared = await prepareCase(c.setup);
  const setup = engineSetupOf(prepared);
  const be: SolverBackend = backend === 'gpu'
    ? await createNodeGpuBackend(setup)
    : new CpuBackend(setup, validationCpuOptions());
  const vRef = Math.sqrt(2 * 9.81 * c.water.size[2]);
  const w: Watch = { deepest: 0, crossed: 0, noise: 0, speed: 0, atLimiter: 0, vRef };
  try {
    for (let n = 1; n * sample <= endTime + 1e-9; n++) {
      const t = n * sample;
      while (be.time() < t) await be.advance(t, { maxWallMs: 1e9, maxSteps: 1e9 });
      const m = measureImpact(await be.snapshot(), c, prepared.prm);
      w.deepest = Math.max(w.deepest, m.deepest);
      w.crossed = Math.max(w.crossed, m.crossed);
      w.atLimiter = Math.max(w.atLimiter, m.atLimiter);
      if (t >= quietFrom - 1e-9) {
        w.noise = Math.max(w.noise, m.noiseRms);
        w.speed = Math.max(w.speed, m.maxSpeed);
      }
    }
  } finally {
    await be.dispose();
  }
  const dx = prepared.prm.dx;
  console.log(`${backend}: ${prepared.discretized.counts.fluid} fluid, ${prepared.discretized.counts.wall} wall particles, ${be.steps()} steps; ` +
    `deepest crossing ${(w.deepest / dx).toFixed(2)} Δx (limit 0.50), ${w.crossed} particles beyond 0.5 Δx; ` +
    `at the density limiter at most ${w.atLimiter}`);
  return w;
}

function expectHeld(w: Watch, dx: number): void {
  expect(w.crossed).toBe(0);
  expect(w.deepest).toBeLessThanOrEqual(0.5 * dx);
}

describe('walls at impact', () => {
  it('a dam break against a floor-standing column: no fluid in the column, quiet after impact', async () => {
    const dx = 0.04;
    const c = columnImpactCase(dx, { endTime: 0.5 });
    // The front reaches the column (x = 0.9 m) at about 0.3 s.
    const w = await watch(c, 'cpu', 0.5, 0.02, 0.3);
    const noiseShare = w.noise / w.vRef;
    console.log(`after impact: velocity noise ${w.noise.toFixed(3)} m/s = ${(100 * noiseShare).toFixed(1)} % of √(2gH) = ${w.vRef.toFixed(2)} m/s (limit 10 %); ` +
      `fastest ${w.speed.toFixed(2)} m/s against 2 √(2gH) = ${(2 * w.vRef).toFixed(2)} m/s`);
    expectHeld(w, dx);
    expect(noiseShare).toBeLessThan(0.1);
    expect(w.speed).toBeLessThan(2 * w.vRef);
  });

  it('a dam break against a box obstacle: no fluid in the box or beyond the tank', async () => {
    const dx = 0.02;
    const w = await watch(boxObstacleCase(dx), 'cpu', 0.4, 0.01, 0.2);
    expectHeld(w, dx);
  });

  it('a dam break against a thin plate one particle thick: no fluid through the plate', async () => {
    const dx = 0.02;
    const w = await watch(thinPlateCase(dx), 'cpu', 0.3, 0.01, 0.2);
    expectHeld(w, dx);
  });

  it('a dam break into a concave corner under a shelf: no fluid into the shelf or the end wall', async () => {
    const dx = 0.02;
    const w = await watch(concaveCornerCase(dx), 'cpu', 0.3, 0.01, 0.2);
    expectHeld(w, dx);
  });

  it('the box obstacle on the WebGPU backend: no fluid in the box or beyond the tank', async (ctx) => {
    if (!gpuAvailable) ctx.skip();
    const dx = 0.04;
    // The front reaches the box (x = 0.45 m) at about 0.15 s.
    const w = await watch(boxObstacleCase(dx), 'gpu', 0.25, 0.05, 0.15);
    expectHeld(w, dx);
  });
});
