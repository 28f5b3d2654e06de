// Dam break against Martin & Moyce (1952) at 20 particles across the column (src/solver/cases/martinMoyce.ts).
// The benchmark (benchmarks/solver/convergence.ts) runs the same comparison at 40 and 80 across.
import { describe, expect, it } from 'vitest';
import { availableParallelism } from 'node:os';
import { engineSetupOf, prepareCase } from '../../src/solver/caseInput.ts';
import { CpuBackend } from '../../src/solver/cpu/cpuBackend.ts';
import { spawnNodeWorker } from '../../src/solver/cpu/nodeThreads.ts';
import { COLUMN_WIDTH, compareWithMartinMoyce, martinMoyceSetup } from '../../src/solver/cases/martinMoyce.ts';

const ACROSS = 20;

describe('dam break', () => {
  it('follows the surge front of Martin & Moyce (1952) within 10 % for Z ≤ 6', async () => {
    const c = await prepareCase(martinMoyceSetup(ACROSS, { integrationScheme: 'runge_kutta_4' }));
    expect(c.discretized.counts.fluid).toBe(20 * 4 * 40);
    const threads = Math.min(2, availableParallelism());
    const be = new CpuBackend(engineSetupOf(c), {
      threads, spawnWorker: threads > 1 ? spawnNodeWorker : null,
    });
    const started = performance.now();
    try {
      const r = await compareWithMartinMoyce(be, COLUMN_WIDTH / ACROSS, 6, (line) => console.log(line));
      console.log(`dam break at ${ACROSS} across: ${c.discretized.counts.total} particles, ${r.steps} steps, ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s; front error worst ${(100 * r.worst).toFixed(1)} %, mean ${(100 * r.mean).toFixed(1)} %; ` +
        `largest speed ${r.maxSpeed.toFixed(2)} m/s (c0 = 30 m/s = ${(30 / r.maxSpeed).toFixed(1)} × that)`);
      expect(r.points).toHaveLength(7);
      expect(r.worst).toBeLessThan(0.1);
      expect(30).toBeGreaterThanOrEqual(10 * r.maxSpeed);
    } finally {
      await be.dispose();
    }
  });
});
