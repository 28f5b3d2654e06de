// Deletion boundary and open boundaries: particles that leave the calculation domain are removed;
// an inlet feeds new fluid at its velocity and an outlet lets fluid leave.
import { describe, expect, it } from 'vitest';
import { engineSetupOf, prepareCase } from '../../../src/solver/caseInput.ts';
import { CpuBackend } from '../../../src/solver/cpu/cpuBackend.ts';
import { ParticleKind } from '../../../src/solver/particles.ts';
import { channelCase, tankCase } from './cases.ts';

describe('deletion boundary', () => {
  it('removes particles that leave the calculation domain', async () => {
    // A water block in a tank whose floor lies below the domain: falling water leaves through the bottom.
    const setup = tankCase({
      dx: 0.02, tank: [0.2, 0.2, 0.6], column: [0.1, 0.1, 0.1],
      settings: { calcDomainActive: true, calcDomainMin: [-0.1, -0.1, 0.3], calcDomainMax: [0.3, 0.3, 0.7] },
    });
    setup.parts[1].shape.translation = [0.1, 0.1, 0.45];
    const c = await prepareCase(setup);
    expect(c.discretized.counts.fluid).toBe(125);
    const be = new CpuBackend(engineSetupOf(c), { threads: 1, spawnWorker: null });
    await be.advance(0.1, { maxWallMs: 1e9, maxSteps: 1e9 });
    const mid = await be.snapshot();
    const fluidAt = (s: typeof mid) => Array.from(s.kind).filter((k) => k === ParticleKind.fluid).length;
    expect(fluidAt(mid)).toBe(125);
    // Free fall from z ≥ 0.4 to below 0.3 takes about 0.14 s; by 0.3 s the block has gone.
    await be.advance(0.3, { maxWallMs: 1e9, maxSteps: 1e9 });
    const end = await be.snapshot();
    console.log(`fluid particles: ${c.discretized.counts.fluid} at t = 0, ${fluidAt(mid)} at 0.1 s, ${fluidAt(end)} at 0.3 s`);
    expect(fluidAt(end)).toBe(0);
    for (let i = 0; i < end.count; i++) expect(end.kind[i]).not.toBe(ParticleKind.fluid);
    await be.dispose();
  });
});

describe('open boundaries', () => {
  it('feeds fluid through the inlet and lets it leave through the outlet', async () => {
    const u = 0.5;
    const c = await prepareCase(channelCase(0.02, 0.4, u));
    const counts = c.discretized.counts;
    expect(counts.buffer).toBe(2 * 3 * 25);
    expect(counts.fluid).toBe(14 * 25);
    const be = new CpuBackend(engineSetupOf(c), { threads: 1, spawnWorker: null });
    await be.advance(0.22, { maxWallMs: 1e9, maxSteps: 1e9 });
    const s = await be.snapshot();
    // Ids: initial fluid first, then walls, then buffer particles; spawned particles get new ids.
    const initialIds = counts.total;
    let entered = 0, fluid = 0, ux = 0;
    const ids = new Set<number>();
    for (let i = 0; i < s.count; i++) {
      ids.add(s.id[i]);
      if (s.kind[i] !== ParticleKind.fluid) continue;
      fluid++;
      ux += s.vx[i];
      if (s.id[i] >= counts.fluid) entered++;
    }
    let gone = 0;
    for (let id = 0; id < counts.fluid; id++) if (!ids.has(id)) gone++;
    ux /= fluid;
    console.log(`after 0.22 s: ${fluid} fluid particles, ${entered} came in through the inlet, ${gone} left at the outlet, mean u = ${ux.toFixed(3)} m/s`);
    // 0.22 s at 0.5 m/s moves 0.11 m = 5.5 Δx: the three buffer layers and more enter, and the layers
    // that crossed the outlet plane and the buffer depth behind it (3 Δx) are gone: the two layers
    // within 2 Δx of the outlet at least (the third, at 2.5 Δx, needs the full 0.11 m).
    expect(entered).toBeGreaterThan(100);
    expect(s.nextId).toBeGreaterThan(initialIds);
    expect(gone).toBeGreaterThanOrEqual(50);
    expect(Math.abs(fluid - counts.fluid)).toBeLessThan(0.25 * counts.fluid);
    expect(Math.abs(ux - u)).toBeLessThan(0.2 * u);
    await be.dispose();
  });
});
