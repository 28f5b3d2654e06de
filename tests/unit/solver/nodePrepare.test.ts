// Preparation in a process of its own hands back what preparation in this process gives, each typed
// array in a buffer of its own, and an array that the prepared case holds under two names once; its
// particles, released once a backend holds them, are freed without changing the run.
import { describe, expect, it } from 'vitest';
import { engineSetupOf, prepareCase } from '../../../src/solver/caseInput.ts';
import { CpuBackend } from '../../../src/solver/cpu/cpuBackend.ts';
import { prepareCaseInProcess, releaseParticleArrays } from '../../../src/solver/nodePrepare.ts';
import { tankCase } from './cases.ts';

const SHARED_KEYS = ['x', 'y', 'z', 'vx', 'vy', 'vz', 'rho', 'p', 'mass', 'nx', 'ny', 'nz', 'kind', 'body'] as const;

describe('case preparation in a process of its own', () => {
  it('gives the in-process result with shared arrays copied once', async () => {
    const setup = tankCase({ dx: 0.02, tank: [0.3, 0.1, 0.2], column: [0.1, 0.1, 0.15] });
    const here = await prepareCase(setup);
    const apart = await prepareCaseInProcess(setup);
    expect(apart.state.count).toBe(here.state.count);
    for (const key of SHARED_KEYS) {
      // The engine state's arrays are the discretized particles' own, here and in the process's answer.
      expect(here.state[key], key).toBe(here.discretized.particles[key]);
      expect(apart.state[key], key).toBe(apart.discretized.particles[key]);
      const a = apart.state[key];
      expect(a.buffer.byteLength, key).toBe(a.byteLength);
      expect(Array.from(a), key).toEqual(Array.from(here.state[key]));
    }
    expect(Array.from(apart.state.id)).toEqual(Array.from(here.state.id));
  });

  it('frees the particles once a backend holds them, and the run goes on unchanged', async () => {
    const setup = tankCase({ dx: 0.02, tank: [0.3, 0.1, 0.2], column: [0.1, 0.1, 0.15] });
    const kept = await prepareCaseInProcess(setup);
    const released = await prepareCaseInProcess(setup);
    const a = new CpuBackend(engineSetupOf(kept), { threads: 1, spawnWorker: null });
    const b = new CpuBackend(engineSetupOf(released), { threads: 1, spawnWorker: null });
    try {
      releaseParticleArrays(released);
      expect(released.state.x.length).toBe(0);
      expect(released.state.id.length).toBe(0);
      expect(released.discretized.particles.wallDepth.length).toBe(0);
      expect(kept.state.x.length).toBe(kept.state.count);
      await a.advance(1, { maxWallMs: 1e9, maxSteps: 5 });
      await b.advance(1, { maxWallMs: 1e9, maxSteps: 5 });
      const sa = await a.snapshot(), sb = await b.snapshot();
      expect(sb.time).toBe(sa.time);
      for (const key of ['x', 'z', 'vx', 'vz', 'rho', 'p'] as const) expect(Array.from(sb[key]), key).toEqual(Array.from(sa[key]));
    } finally {
      await a.dispose();
      await b.dispose();
    }
  });
});
