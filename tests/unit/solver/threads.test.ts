// The CPU backend gives bit-identical results for any thread count: every pass gathers per particle
// and the sort is serial, so splitting the index range over threads cannot change a single bit.
import { describe, expect, it } from 'vitest';
import { engineSetupOf, prepareCase } from '../../../src/solver/caseInput.ts';
import { CpuBackend } from '../../../src/solver/cpu/cpuBackend.ts';
import { spawnNodeWorker } from '../../../src/solver/cpu/nodeThreads.ts';
import { STATE_ARRAY_KEYS } from '../../../src/solver/engine.ts';
import { tankCase } from './cases.ts';

describe('CPU threads', () => {
  it.each(['runge_kutta_4', 'dual_timestep_rk_4'] as const)('1 and 2 threads agree bit for bit (%s)', async (scheme) => {
    const setup = tankCase({
      dx: 0.02, tank: [0.4, 0.1, 0.2], column: [0.1, 0.1, 0.2],
      settings: { integrationScheme: scheme, shifting: 'lyu21', noRiemannWall: scheme === 'dual_timestep_rk_4' },
    });
    const c = await prepareCase(setup);
    const one = new CpuBackend(engineSetupOf(c), { threads: 1, spawnWorker: null });
    const two = new CpuBackend(engineSetupOf(c), { threads: 2, spawnWorker: spawnNodeWorker });
    expect(two.threads).toBe(2);
    try {
      await one.advance(0.04, { maxWallMs: 1e9, maxSteps: 1e9 });
      await two.advance(0.04, { maxWallMs: 1e9, maxSteps: 1e9 });
      const a = await one.snapshot();
      const b = await two.snapshot();
      expect(a.step).toBeGreaterThan(20);
      expect(b.step).toBe(a.step);
      expect(b.time).toBe(a.time);
      for (const key of STATE_ARRAY_KEYS) expect(Array.from(b[key])).toEqual(Array.from(a[key]));
      expect(Array.from(b.id)).toEqual(Array.from(a.id));
      let moved = 0;
      for (let i = 0; i < a.count; i++) if (a.kind[i] === 0 && Math.abs(a.vx[i]) > 0.01) moved++;
      expect(moved).toBeGreaterThan(10);
    } finally {
      await one.dispose();
      await two.dispose();
    }
  });
});
