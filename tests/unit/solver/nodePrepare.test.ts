// Preparation in a process of its own hands back what preparation in this process gives, each typed
// array in a buffer of its own, and an array that the prepared case holds under two names once; its
// particles, released once a backend holds them, are freed without changing the run. A discretization
// gets the counts and warnings alone, and either way the preparing process validates the setup (the
// server's solver process, which asks it, loads no schemas).
import { describe, expect, it } from 'vitest';
import { engineSetupOf, prepareCase } from '../../../src/solver/caseInput.ts';
import { CpuBackend } from '../../../src/solver/cpu/cpuBackend.ts';
import { discretizeCaseInProcess, prepareCaseInProcess, releaseParticleArrays } from '../../../src/solver/nodePrepare.ts';
import { UnsupportedCaseError } from '../../../src/solver/preparedCase.ts';
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

  it('sends a discretization only the counts and warnings, and refuses what the in-process preparation refuses', async () => {
    const setup = tankCase({ dx: 0.02, tank: [0.3, 0.1, 0.2], column: [0.1, 0.1, 0.15] });
    const here = await prepareCase(setup);
    const report = await discretizeCaseInProcess(setup);
    expect(Object.keys(report).sort()).toEqual(['counts', 'warnings']);
    expect(report.counts).toEqual(here.discretized.counts);
    expect(report.warnings).toEqual(here.discretized.warnings);
    // Not a setup document: the schema's error, by name, as prepareCase throws it here.
    const invalid = { ...setup, settings: { ...setup.settings, endTime: 'soon' } };
    const inProcess = await prepareCase(invalid).catch((e: unknown) => e as Error);
    // Both run at once; each refusal is caught as it comes (one awaited after the other left the second
    // unhandled for as long as the first process ran).
    const refusals = await Promise.all([prepareCaseInProcess(invalid), discretizeCaseInProcess(invalid)]
      .map((apart) => apart.catch((e: unknown) => e as Error)));
    for (const error of refusals) {
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).name).toBe((inProcess as Error).name);
      expect((error as Error).message).toBe((inProcess as Error).message);
    }
    // A setup the engine does not implement: the same issues.
    const unsupported = { ...setup, settings: { ...setup.settings, airDrag: true } };
    const error = await discretizeCaseInProcess(unsupported).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnsupportedCaseError);
    expect((error as UnsupportedCaseError).issues.map((i) => i.setting)).toContain('settings.airDrag');
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
