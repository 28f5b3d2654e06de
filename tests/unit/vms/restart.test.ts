// Machines across restarts of the embedded server: shutting down stops a running machine (its processes
// and home go, its hours are booked to the stop); a machine the database still calls running after a
// crash is marked stopped by the next start, booked only up to its last booking.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { VM_MESSAGES, type RemoteVm } from '../../../src/domain/vm.ts';
import { buildApp } from '../../../src/server/app.ts';
import { findUserByEmail } from '../../../src/server/account/users.repository.ts';
import { remoteVms, simulations } from '../../../src/server/platform/db/schema.ts';
import { createTestDatabase, TEST_VMS, testConfig, type TestDatabase } from '../server/harness.ts';
import { call, createSimulationWithSetup, FAST_RUNS, smallDamBreak, solverId, tokenFor, waitFor, waitForState, type RunsTestApp } from '../runs/harness.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function serverOn(db: TestDatabase, dataDir?: { storageDir: string; dataDir: string }): Promise<RunsTestApp> {
  const config = testConfig(dataDir ?? {});
  if (!dataDir) cleanups.push(() => config.cleanup());
  const app = await buildApp(config, { database: db, logger: false, runs: { ...FAST_RUNS, redisUrl: null, processJobs: true, kinds: null }, vms: { ...TEST_VMS, dir: join(config.dataDir, 'vms'), accountingMs: 300 } });
  const admin = await findUserByEmail(db.db, app.surge.seed.adminEmail);
  if (!admin) throw new Error('no admin');
  return { app, config, db, organizationId: app.surge.seed.organizationId, admin, storageDir: config.storageDir, close: () => app.close() };
}

describe('machines across restarts', () => {
  it('stops a running machine at shutdown, and marks one left running by a crash stopped at the next start', async () => {
    const db = await createTestDatabase('pglite');
    cleanups.push(() => db.drop());
    const first = await serverOn(db);
    const token = await tokenFor(first, first.admin.id, { expiresIn: '1h' });
    const simId = await createSimulationWithSetup(first, token, smallDamBreak());
    const started = await call(first, token, 'POST', `/api/simulations/${simId}/runs`, { solverId: await solverId(first, token), cores: 1, mode: 'start' });
    expect(started.status, started.text).toBe(201);
    expect(await waitForState(db.db, simId, ['completed', 'failed'])).toBe('completed');
    expect((await call(first, token, 'POST', `/api/simulations/${simId}/remote_vms`)).status).toBe(201);
    const running = await waitFor('running', async () => {
      const vm = (await call(first, token, 'GET', `/api/simulations/${simId}/remote_vms`)).json() as RemoteVm;
      return vm.state === 'running' ? vm : null;
    });
    const home = join(first.config.dataDir, 'vms', running.id);
    expect(existsSync(home)).toBe(true);
    await first.app.close();

    const [afterShutdown] = await db.db.select().from(remoteVms).where(eq(remoteVms.id, running.id));
    console.log(`shutdown: machine ${afterShutdown.state} (${afterShutdown.stopReason}), ${(afterShutdown.hoursConsumed * 3600).toFixed(2)} s booked`);
    expect(afterShutdown.state).toBe('stopped');
    expect(afterShutdown.message).toBe(VM_MESSAGES.stoppedServerShutdown);
    expect(afterShutdown.hoursConsumed).toBeGreaterThan(0);
    expect(existsSync(home)).toBe(false);

    // As a crash leaves it: the row says running, booked 10 minutes ago; nothing runs.
    const lastBooking = new Date(Date.now() - 10 * 60_000);
    const [crashed] = await db.db
      .insert(remoteVms)
      .values({ organizationId: first.organizationId, simulationId: simId, name: 'vm-crashed', username: 'vm-crashed', passwordHash: 'x', passwordSealed: 'x', state: 'running', runningSince: new Date(lastBooking.getTime() - 3_600_000), accountedUntil: lastBooking })
      .returning();
    await db.db.update(simulations).set({ remoteVmRunState: 'running' }).where(eq(simulations.id, simId));

    const second = await serverOn(db, { storageDir: first.config.storageDir, dataDir: first.config.dataDir });
    cleanups.push(() => second.close());
    const [row] = await db.db.select().from(remoteVms).where(eq(remoteVms.id, crashed.id));
    console.log(`restart: left-running machine ${row.state}, ${row.hoursConsumed.toFixed(4)} h booked (1 h up to its last booking)`);
    expect(row.state).toBe('stopped');
    expect(row.message).toBe(VM_MESSAGES.stoppedHostLost);
    expect(row.hoursConsumed).toBeCloseTo(1, 6);
    const simulation = (await call(second, token, 'GET', `/api/simulations/${simId}`)).json() as { remoteVmRunState: string };
    expect(simulation.remoteVmRunState).toBe('stopped');

    // Deleting the simulation stops its machine; the row stays for the month's hours.
    expect((await call(second, token, 'POST', `/api/simulations/${simId}/remote_vms`)).status).toBe(201);
    const live = await waitFor('running again', async () => {
      const vm = (await call(second, token, 'GET', `/api/simulations/${simId}/remote_vms`)).json() as RemoteVm;
      return vm.state === 'running' ? vm : null;
    });
    expect((await call(second, token, 'DELETE', `/api/simulations/${simId}`)).status).toBeLessThan(300);
    const gone = await waitFor('stopped with its simulation', async () => {
      const [current] = await db.db.select().from(remoteVms).where(eq(remoteVms.id, live.id));
      return current.state === 'stopped' ? current : null;
    });
    expect(gone.simulationId).toBeNull();
    expect(gone.message).toBe(VM_MESSAGES.stoppedSimulationDeleted);
    expect(existsSync(join(first.config.dataDir, 'vms', live.id))).toBe(false);
  }, 120_000);
});
