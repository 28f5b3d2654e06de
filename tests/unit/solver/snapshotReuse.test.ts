// A snapshot taken into the arrays of an earlier one holds exactly what a fresh snapshot holds, in
// those same arrays: sampling a run reuses its memory without changing a value.
import { describe, expect, it } from 'vitest';
import { engineSetupOf, prepareCase } from '../../../src/solver/caseInput.ts';
import { CpuBackend } from '../../../src/solver/cpu/cpuBackend.ts';
import type { EngineSnapshot } from '../../../src/solver/engine.ts';
import type { SetupDocument } from '../../../src/domain/setup.ts';
import { heatedTankCase, tankCase } from './cases.ts';

const ARRAY_KEYS = [
  'x', 'y', 'z', 'vx', 'vy', 'vz', 'rho', 'p', 'mass', 'nx', 'ny', 'nz', 'fs', 'kind', 'body', 'id',
  'ax', 'ay', 'az', 'shearRate', 'kinematicViscosity', 'temp', 'wdepth', 'heatFlux',
] as const satisfies readonly (keyof EngineSnapshot)[];

const cases: [string, () => SetupDocument, number][] = [
  ['dam break', () => tankCase({ dx: 0.02, tank: [0.3, 0.1, 0.2], column: [0.1, 0.1, 0.15], settings: { shifting: 'lyu21' } }), 0.02],
  ['heated tank', () => heatedTankCase({
    dx: 0.01, size: [0.06, 0.05, 0.05], tank: { thermoKind: 'adiabatic' },
    block: { min: [0.01, 0.01, 0.01], max: [0.05, 0.04, 0.03], thermal: { thermoKind: 'heat_flux', heatFlux: 5000 } },
    fluid: { min: [0, 0, 0], max: [0.06, 0.05, 0.05], temperature: 300 },
  }), 0.002],
];

describe('CPU snapshot into earlier arrays', () => {
  it.each(cases)('equals a fresh snapshot and keeps its arrays (%s)', async (_name, setupOf, end) => {
    const c = await prepareCase(setupOf());
    const fresh = new CpuBackend(engineSetupOf(c), { threads: 1, spawnWorker: null });
    const reused = new CpuBackend(engineSetupOf(c), { threads: 1, spawnWorker: null });
    try {
      // Both take a snapshot halfway: a snapshot sorts the particles, which the run then goes on from.
      await fresh.advance(end / 2, { maxWallMs: 1e9, maxSteps: 1e9 });
      await fresh.snapshot();
      await reused.advance(end / 2, { maxWallMs: 1e9, maxSteps: 1e9 });
      const earlier = await reused.snapshot();
      const earlierArrays = ARRAY_KEYS.map((k) => earlier[k]);
      await fresh.advance(end, { maxWallMs: 1e9, maxSteps: 1e9 });
      await reused.advance(end, { maxWallMs: 1e9, maxSteps: 1e9 });
      const a = await fresh.snapshot();
      const b = await reused.snapshot(earlier);
      expect(b.step).toBeGreaterThan(earlier.step);
      expect(b.time).toBe(a.time);
      for (const [i, key] of ARRAY_KEYS.entries()) {
        const want = a[key], got = b[key];
        expect(got === undefined, key).toBe(want === undefined);
        if (want === undefined || got === undefined) continue;
        expect(got, key).toBe(earlierArrays[i]);
        expect(Array.from(got), key).toEqual(Array.from(want));
      }
    } finally {
      await fresh.dispose();
      await reused.dispose();
    }
  });
});
