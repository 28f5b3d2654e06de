// The job system: records move scheduled -> running -> completed | failed | canceled as the domain allows,
// with progress events; cancel works before and during a run; a worker that lost its job writes nothing
// more and the sweeper fails abandoned jobs exactly once; handlers of new kinds plug into the registry.
// Then the discretization job over the API: result, one at a time, cancel.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canTransitionJob, type JobState } from '../../../src/domain/jobs.ts';
import type { JobRecord } from '../../../src/domain/jobRecords.ts';
import { RUN_MESSAGES } from '../../../src/domain/runs.ts';
import { jobs } from '../../../src/server/platform/db/schema.ts';
import { claimJob, findJob } from '../../../src/server/platform/jobs/jobs.repository.ts';
import { JobDispatcher } from '../../../src/server/platform/jobs/dispatcher.ts';
import { LocalEventBus } from '../../../src/server/platform/jobs/events.ts';
import { InProcessQueue } from '../../../src/server/platform/jobs/queue.ts';
import { JobHandlerRegistry, type JobContext, type JobHandler, type JobServices } from '../../../src/server/platform/jobs/registry.ts';
import { JobRunner } from '../../../src/server/platform/jobs/runner.ts';
import { JobSweeper } from '../../../src/server/platform/jobs/sweeper.ts';
import { RunStorage } from '../../../src/server/platform/storage/storage.ts';
import { adminToken, call, createSimulationWithSetup, FAST_RUNS, smallDamBreak, startRunsApp, waitFor, type RunsTestApp } from './harness.ts';

let t: RunsTestApp;
let token: string;
let simId: string;

beforeAll(async () => {
  t = await startRunsApp();
  token = await adminToken(t);
  simId = await createSimulationWithSetup(t, token, smallDamBreak());
});
afterAll(async () => t?.close());

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A job system of its own over the test database, with `handler` for sensor recomputation jobs. */
function jobSystem(handler: JobHandler, options: { concurrency?: number } = {}) {
  const registry = new JobHandlerRegistry().register(handler);
  const bus = new LocalEventBus();
  let runner: JobRunner | null = null;
  const queue = new InProcessQueue((id) => runner?.process(id) ?? Promise.resolve(), () => options.concurrency ?? 1, silent);
  const dispatcher = new JobDispatcher({ db: t.db.db, queue, bus, log: silent, registry });
  const services: JobServices = { db: t.db.db, storage: new RunStorage(t.storageDir), bus, log: silent, config: { ...t.app.surge.runs.services.config, ...FAST_RUNS }, dispatcher };
  dispatcher.attach(services);
  runner = new JobRunner({ services, registry, heartbeatMs: 100 });
  const events: JobRecord[] = [];
  bus.onEvent((e) => {
    if (e.message.type === 'job.update') events.push(e.message.job);
  });
  const sweeper = new JobSweeper({ services, registry, staleMs: 1000, intervalMs: 60_000 });
  return {
    runner,
    dispatcher,
    sweeper,
    events,
    submit: () => dispatcher.submit({ kind: 'sensor_recomputation', organizationId: t.organizationId, simulationId: simId }),
    async close() {
      await runner?.shutdown(1000);
      await queue.close();
      await bus.close();
    },
  };
}

async function jobState(id: string): Promise<JobState> {
  return (await findJob(t.db.db, id))?.state as JobState;
}

function expectLegalPath(kind: JobRecord['kind'], states: JobState[]) {
  const distinct = states.filter((s, i) => i === 0 || s !== states[i - 1]);
  for (let i = 1; i < distinct.length; i++) expect(canTransitionJob(kind, distinct[i - 1], distinct[i]), `${distinct[i - 1]} -> ${distinct[i]}`).toBe(true);
  return distinct;
}

describe('job runner', () => {
  it('runs a handler of a newly registered kind through scheduled, running and completed with progress', async () => {
    const system = jobSystem({
      kind: 'sensor_recomputation',
      concurrency: 1,
      async run(context: JobContext) {
        for (const progress of [25, 50, 75]) await context.update({ progress });
        return { state: 'completed', progress: 100, result: { outputs: [0, 1] } };
      },
    });
    const job = await system.submit();
    expect(job?.state).toBe('scheduled');
    await waitFor('completed', async () => (await jobState(job!.id)) === 'completed');
    const path = expectLegalPath('sensor_recomputation', system.events.map((e) => e.state));
    expect(path).toEqual(['scheduled', 'running', 'completed']);
    expect(system.events.map((e) => e.progress).filter((p) => p !== null)).toEqual([25, 50, 75, 100]);
    const done = await findJob(t.db.db, job!.id);
    expect(done).toMatchObject({ workerId: system.runner.workerId, result: { outputs: [0, 1] } });
    expect(done?.finishedAt).not.toBeNull();
    await system.close();
  });

  it('cancels a running job through its signal, and a scheduled one before any worker takes it', async () => {
    const system = jobSystem({
      kind: 'sensor_recomputation',
      concurrency: 1,
      run: (context) =>
        new Promise((resolve) => {
          context.signal.addEventListener('abort', () => resolve({ state: context.abortReason() === 'cancel' ? 'canceled' : 'failed' }));
        }),
    });
    const running = await system.submit();
    const waiting = await system.submit();
    await waitFor('running', async () => (await jobState(running!.id)) === 'running');
    expect(await jobState(waiting!.id)).toBe('scheduled');
    await system.dispatcher.cancel((await findJob(t.db.db, waiting!.id))!);
    expect(await jobState(waiting!.id)).toBe('canceled');
    expect(await claimJob(t.db.db, waiting!.id, 'someone')).toBeUndefined();
    await system.dispatcher.cancel((await findJob(t.db.db, running!.id))!);
    await waitFor('canceled', async () => (await jobState(running!.id)) === 'canceled');
    for (const id of [running!.id, waiting!.id]) {
      expectLegalPath('sensor_recomputation', system.events.filter((e) => e.id === id).map((e) => e.state));
    }
    await system.close();
  });

  it('records a handler that throws as failed with the reason', async () => {
    const system = jobSystem({
      kind: 'sensor_recomputation',
      concurrency: 1,
      async run() {
        throw new Error('sensor 3 has no mesh');
      },
    });
    const job = await system.submit();
    await waitFor('failed', async () => (await jobState(job!.id)) === 'failed');
    expect((await findJob(t.db.db, job!.id))?.errors).toEqual([{ message: 'sensor 3 has no mesh' }]);
    await system.close();
  });

  it('stops writing when the job was taken away, and the sweeper fails an abandoned job exactly once', async () => {
    // Only this test's sweepers look for abandoned jobs here.
    await t.app.surge.runs.sweeper.stop();
    const lostCalls: string[] = [];
    let sawReason: string | null = null;
    const system = jobSystem({
      kind: 'sensor_recomputation',
      concurrency: 1,
      run: (context) =>
        new Promise((resolve) => {
          context.signal.addEventListener('abort', () => {
            sawReason = context.abortReason();
            resolve({ state: 'completed' });
          });
        }),
      async onWorkerLost(_services, job) {
        lostCalls.push(job.id);
      },
    });
    const job = await system.submit();
    await waitFor('running', async () => (await jobState(job!.id)) === 'running');
    await t.db.db.update(jobs).set({ workerId: 'gone:1:x', heartbeatAt: sql`now() - interval '1 minute'` }).where(eq(jobs.id, job!.id));
    await waitFor('lost', async () => sawReason === 'lost');
    // The handler said completed, but the job was not ours any more: nothing was written.
    expect(await jobState(job!.id)).toBe('running');
    const second = jobSystem({ kind: 'sensor_recomputation', concurrency: 1, run: async () => ({ state: 'completed' }) });
    const counts = await Promise.all([system.sweeper.sweep(), second.sweeper.sweep()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(lostCalls).toEqual([job!.id]);
    const swept = await findJob(t.db.db, job!.id);
    expect(swept?.state).toBe('failed');
    expect(swept?.errors).toEqual([{ message: RUN_MESSAGES.workerLost, errorCode: 'worker_lost' }]);
    await second.close();
    await system.close();
  });
});

describe('discretization job', () => {
  it('reports particle counts and warnings as its result', async () => {
    const created = await call(t, token, 'POST', `/api/simulations/${simId}/discretizations`);
    expect(created.status, created.text).toBe(201);
    expect(created.json()).toMatchObject({ kind: 'discretization', state: 'scheduled', simulationId: simId });
    const done = await waitFor('discretized', async () => {
      const list = (await call(t, token, 'GET', `/api/simulations/${simId}/jobs`)).json() as JobRecord[];
      const job = list.find((j) => j.id === created.json().id);
      return job && job.state !== 'scheduled' && job.state !== 'running' ? job : null;
    });
    expect(done.state).toBe('completed');
    expect(done.result).toMatchObject({ particleCounts: { fluid: 32, wall: 1848, buffer: 0, total: 1880 } });
    expect(Object.values((done.result as { particlesPerPart: Record<string, number> }).particlesPerPart).reduce((a, b) => a + b, 0)).toBe(1880);
  });

  it('allows one discretization at a time and cancels it', async () => {
    const setup = smallDamBreak({ particleDiameter: 0.008 });
    const big = await createSimulationWithSetup(t, token, setup);
    const first = await call(t, token, 'POST', `/api/simulations/${big}/discretizations`);
    expect(first.status).toBe(201);
    const second = await call(t, token, 'POST', `/api/simulations/${big}/discretizations`);
    expect(second.status).toBe(409);
    expect(second.json().description).toBe(RUN_MESSAGES.discretizationActive);
    const cancel = await call(t, token, 'DELETE', `/api/simulations/${big}/discretizations`);
    expect(cancel.status).toBe(204);
    const state = await waitFor('canceled', async () => {
      const s = await jobState(first.json().id);
      return s === 'scheduled' || s === 'running' ? null : s;
    });
    expect(state).toBe('canceled');
    // Nothing is left active; a new one may start.
    expect((await call(t, token, 'POST', `/api/simulations/${big}/discretizations`)).status).toBe(201);
    await call(t, token, 'DELETE', `/api/simulations/${big}/discretizations`);
  });
});
