// The embedded server shuts down in the middle of a run: the run checkpoints and hands itself over (the
// session ends 'worker shut down' and a resuming one is scheduled); the next start of the server on the
// same database and storage picks it up and completes the run with every output and one ledger. Also:
// cancelling jobs by id from the Jobs panel, only for kinds that may be cancelled.
import { afterAll, describe, expect, it } from 'vitest';
import { outputCount } from '../../../src/domain/settings.ts';
import { RUN_MESSAGES } from '../../../src/domain/runs.ts';
import { buildApp } from '../../../src/server/app.ts';
import { INITIAL_CREDITS } from '../../../src/server/account/seed.ts';
import { createTestDatabase, testConfig, type TestDatabase } from '../server/harness.ts';
import { findUserByEmail } from '../../../src/server/account/users.repository.ts';
import {
  call,
  createSimulationWithSetup,
  expectConsistentLedger,
  FAST_RUNS,
  runLogEvents,
  smallDamBreak,
  solverId,
  tokenFor,
  waitFor,
  waitForState,
  type RunsTestApp,
} from './harness.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function serverOn(db: TestDatabase, storageDir: string | null): Promise<RunsTestApp> {
  const config = testConfig(storageDir ? { storageDir } : {});
  cleanups.push(() => config.cleanup());
  const app = await buildApp(config, { database: db, logger: false, runs: { ...FAST_RUNS, redisUrl: null, processJobs: true, kinds: null } });
  const admin = await findUserByEmail(db.db, app.surge.seed.adminEmail);
  if (!admin) throw new Error('no admin');
  return { app, config, db, organizationId: app.surge.seed.organizationId, admin, storageDir: config.storageDir, close: () => app.close() };
}

describe('restart of the embedded server', () => {
  it('hands a running simulation over at shutdown and completes it after the next start', async () => {
    const db = await createTestDatabase('pglite');
    cleanups.push(() => db.drop());
    const first = await serverOn(db, null);
    const token = await tokenFor(first, first.admin.id, { expiresIn: '1h' });
    const setup = smallDamBreak({ endTime: 2, outputTimeInterval: 0.1 });
    const simId = await createSimulationWithSetup(first, token, setup);
    const started = await call(first, token, 'POST', `/api/simulations/${simId}/runs`, { solverId: await solverId(first, token), cores: 1, mode: 'start' });
    expect(started.status).toBe(201);
    // Shut down as soon as the run is under way: on a busy machine polling for more outputs can see the
    // solver (its own process) finish the whole run first, and then there is nothing to hand over.
    await waitFor('outputs', async () => (await call(first, token, 'GET', `/api/simulations/${simId}/outputs`)).json().length >= 1);
    await first.app.close();

    const t = await serverOn(db, first.storageDir);
    cleanups.push(() => t.close());
    expect(await waitForState(t.db.db, simId, ['completed', 'failed', 'stopped'], 90_000)).toBe('completed');
    const jobs = (await call(t, token, 'GET', `/api/simulations/${simId}/jobs`)).json();
    expect(jobs.map((j: { attempt: number; state: string }) => `${j.attempt}:${j.state}`)).toEqual(['2:completed', '1:failed']);
    expect(jobs[1].errors.map((e: { errorCode: string }) => e.errorCode)).toEqual(['worker_shutdown']);
    const outputs = (await call(t, token, 'GET', `/api/simulations/${simId}/outputs`)).json();
    expect(outputs.map((o: { outputNo: number }) => o.outputNo)).toEqual([...Array(outputCount(setup.settings)).keys()]);
    const events = await runLogEvents(t, simId, started.json().id);
    expect(events.filter((e) => e === 'start')).toHaveLength(1);
    expect(events).toContain('resume');
    await expectConsistentLedger(t.db.db, t.organizationId, INITIAL_CREDITS);

    // Jobs panel cancel by id: a finished job and a simulation run cannot be cancelled; a discretization can.
    const refused = await call(t, token, 'DELETE', `/api/jobs/${jobs[0].id}`);
    expect(refused.status).toBe(409);
    expect(refused.json().description).toBe(RUN_MESSAGES.notCancellable);
    const discretization = await call(t, token, 'POST', `/api/simulations/${simId}/discretizations`);
    const canceled = await call(t, token, 'DELETE', `/api/jobs/${discretization.json().id}`);
    expect(canceled.status, canceled.text).toBe(202);
    const final = await waitFor('canceled', async () => {
      const job = (await call(t, token, 'GET', `/api/jobs/${discretization.json().id}`)).json();
      return job.state === 'scheduled' || job.state === 'running' ? null : job;
    });
    expect(final.state).toBe('canceled');
  }, 150_000);
});
