// The CPU backend's neighbour-list pool, reserved for twice the lists at rest, holds the lists of a dam
// break gathering speed without growing: a grown pool is a new buffer, and the old one stays resident
// for as long as a solver thread, which hardly ever collects, keeps a view of it.
import { describe, expect, it } from 'vitest';
import { engineSetupOf, prepareCase } from '../../../src/solver/caseInput.ts';
import { CpuBackend } from '../../../src/solver/cpu/cpuBackend.ts';
import { listBytesPerParticle, listRadius2 } from '../../../src/solver/physics/neighbourLists.ts';
import { CFL_ACOUSTIC } from '../../../src/solver/params.ts';
import { ParticleKind } from '../../../src/solver/particles.ts';
import { tankCase } from './cases.ts';

describe('CPU neighbour-list pool', () => {
  it('does not grow while a dam break gathers speed', async () => {
    const c = await prepareCase(tankCase({ dx: 0.02, tank: [0.4, 0.1, 0.3], column: [0.12, 0.1, 0.25] }));
    const be = new CpuBackend(engineSetupOf(c), { threads: 1, spawnWorker: null });
    try {
      const before = be.bytesPerParticle;
      await be.advance(0.12, { maxWallMs: 1e9, maxSteps: 1e9 });
      const after = be.bytesPerParticle;
      const s = await be.snapshot();
      let v2 = 0;
      for (let i = 0; i < s.count; i++) if (s.kind[i] === ParticleKind.fluid) v2 = Math.max(v2, s.vx[i] ** 2 + s.vy[i] ** 2 + s.vz[i] ** 2);
      // The pool bytes per fluid particle the lists need at rest and at the speed reached (the backend's
      // skin lasts two steps: LIST_STEPS).
      const atRest = listBytesPerParticle(listRadius2(c.prm, 0, CFL_ACOUSTIC, 2), c.prm.dx);
      const reached = listBytesPerParticle(listRadius2(c.prm, v2, CFL_ACOUSTIC, 2), c.prm.dx);
      console.log(`fastest ${Math.sqrt(v2).toFixed(2)} m/s (${(Math.sqrt(v2) / c.prm.c0).toFixed(3)} c0): lists need ${reached} bytes ` +
        `per fluid particle against ${atRest} at rest; backend memory ${before} bytes per particle at the start, ${after} now`);
      // Without the reserve the pool would have grown: the lists now need more than those at rest.
      expect(reached).toBeGreaterThan(atRest);
      expect(after).toBe(before);
    } finally {
      await be.dispose();
    }
  });
});
