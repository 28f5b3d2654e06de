// Credits and the run lifecycle around them: a stop leaves a checkpoint and the run resumes from it; a
// worker that dies mid-run (simulated: its job is taken away) is noticed and the run continues from its
// checkpoint; conditions warn or stop. After each, every output is there once and the ledger adds up.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outputCount } from '../../../src/domain/settings.ts';
import { jobs } from '../../../src/server/platform/db/schema.ts';
import { INITIAL_CREDITS } from '../../../src/server/account/seed.ts';
import {
  adminToken,
  call,
  createSimulationWithSetup,
  expectConsistentLedger,
  runLogEvents,
  smallDamBreak,
  solverId,
  startRunsApp,
  waitFor,
  waitForState,
  type RunsTestApp,
} from './harness.ts';

let t: RunsTestApp;
let token: string;
let solver: string;
const LONG = { endTime: 2, outputTimeInterval: 0.1 };

beforeAll(async () => {
  t = await startRunsApp();
  token = await adminToken(t);
  solver = await solverId(t, token);
});
afterAll(async () => t?.close());

async function outputNumbers(simId: string): Promise<number[]> {
  return (await call(t, token, 'GET', `/api/simulations/${simId}/outputs`)).json().map((o: { outputNo: number }) => o.outputNo);
}

async function waitForOutputs(simId: string, n: number) {
  return waitFor(`${n} outputs of ${simId}`, async () => (await outputNumbers(simId)).length >= n, 60_000);
}

describe('credits across stop, crash and resume', () => {
  it('stops with a checkpoint, resumes without charging twice, and completes with every output', async () => {
    const setup = smallDamBreak(LONG);
    const simId = await createSimulationWithSetup(t, token, setup);
    const first = await call(t, token, 'POST', `/api/simulations/${simId}/runs`, { solverId: solver, cores: 2, mode: 'start' });
    expect(first.status, first.text).toBe(201);
    await waitForOutputs(simId, 3);

    const stop = await call(t, token, 'POST', `/api/simulations/${simId}/stop`);
    expect(stop.status, stop.text).toBe(202);
    expect(['stopping', 'stopped']).toContain(stop.json().state);
    expect(await waitForState(t.db.db, simId, ['stopped', 'completed'])).toBe('stopped');
    const stopped = (await call(t, token, 'GET', `/api/simulations/${simId}`)).json();
    expect(stopped).toMatchObject({ state: 'stopped', setupLocked: true, resumable: true });
    const beforeResume = await expectConsistentLedger(t.db.db, t.organizationId, INITIAL_CREDITS);
    expect(beforeResume.consumed).toBeGreaterThan(0);
    const stoppedAt = stopped.log.output as number;
    expect(stoppedAt).toBeLessThan(outputCount(setup.settings) - 1);

    const resumed = await call(t, token, 'POST', `/api/simulations/${simId}/runs`, { solverId: solver, cores: 2, mode: 'resume' });
    expect(resumed.status, resumed.text).toBe(201);
    expect(resumed.json()).toMatchObject({ id: first.json().id, mode: 'resume' });
    expect(await waitForState(t.db.db, simId, ['completed', 'failed', 'stopped'])).toBe('completed');
    expect(await outputNumbers(simId)).toEqual([...Array(outputCount(setup.settings)).keys()]);

    const runJobs = (await call(t, token, 'GET', `/api/simulations/${simId}/jobs`)).json();
    expect(runJobs.map((j: { state: string; attempt: number }) => `${j.attempt}:${j.state}`)).toEqual(['2:completed', '1:canceled']);
    const runs = (await call(t, token, 'GET', `/api/simulations/${simId}/runs`)).json();
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ state: 'completed', sessions: 2 });
    const events = await runLogEvents(t, simId, runs[0].id);
    expect(events.filter((e) => e === 'start')).toHaveLength(1);
    expect(events.filter((e) => e === 'resume')).toHaveLength(1);
    expect(events.at(-1)).toBe('complete');
    // The log went on from the checkpoint: simulated time only grows.
    const log = (await call(t, token, 'GET', `/api/simulations/${simId}/logs?key=time`)).json();
    for (let i = 1; i < log.time.length; i++) expect(log.time[i]).toBeGreaterThanOrEqual(log.time[i - 1]);
    const after = await expectConsistentLedger(t.db.db, t.organizationId, INITIAL_CREDITS);
    expect(after.consumed).toBeGreaterThan(beforeResume.consumed);
    const sequences = (await call(t, token, 'GET', '/api/credits/sequences?pageLimit=40')).json();
    const ofRun = sequences.results.filter((s: { kind: string; simulationName: string }) => s.kind === 'simulation');
    expect(ofRun.length).toBeGreaterThanOrEqual(1);
  });

  it('continues a run whose worker stopped responding from its checkpoint, charging each session once', async () => {
    // Long enough that the solver cannot reach its end before the loss is seen (one heartbeat later,
    // longer on a loaded machine): a run that finished meanwhile would rightly end completed in one session.
    const setup = smallDamBreak({ endTime: 4, outputTimeInterval: 0.2 });
    const simId = await createSimulationWithSetup(t, token, setup);
    const started = await call(t, token, 'POST', `/api/simulations/${simId}/runs`, { solverId: solver, cores: 1, mode: 'start' });
    expect(started.status, started.text).toBe(201);
    await waitForOutputs(simId, 2);
    // The worker "dies": its job now belongs to a worker that never beats again. Our process sees it
    // lost at its next heartbeat and kills its solver; the sweeper then finds the job abandoned.
    const [lost] = await t.db.db
      .update(jobs)
      .set({ workerId: 'vanished-host:1:dead', heartbeatAt: sql`now()` })
      .where(sql`${jobs.runId} = ${started.json().id} and ${jobs.state} = 'running'`)
      .returning();
    expect(lost).toBeDefined();
    expect(await waitForState(t.db.db, simId, ['completed', 'failed', 'stopped'], 90_000)).toBe('completed');
    expect(await outputNumbers(simId)).toEqual([...Array(outputCount(setup.settings)).keys()]);

    const [first] = await t.db.db.select().from(jobs).where(eq(jobs.id, lost.id));
    expect(first.state).toBe('failed');
    expect(first.errors.map((e) => e.errorCode)).toContain('worker_lost');
    const runJobs = (await call(t, token, 'GET', `/api/simulations/${simId}/jobs`)).json();
    expect(runJobs.map((j: { state: string; attempt: number }) => `${j.attempt}:${j.state}`)).toEqual(['2:completed', '1:failed']);
    expect(runJobs[0].result.credits).toBeGreaterThan(0);
    // The second session continued from the checkpoint of an output, not from the start.
    const events = await runLogEvents(t, simId, started.json().id);
    expect(events.filter((e) => e === 'start')).toHaveLength(1);
    expect(events).toContain('resume');
    await expectConsistentLedger(t.db.db, t.organizationId, INITIAL_CREDITS);
  });

  it('warns and stops on conditions, records the stop condition, and resumes past it', async () => {
    const setup = smallDamBreak(LONG);
    const simId = await createSimulationWithSetup(t, token, setup);
    const conditions = [
      { id: 'warn', valueType: 'time', action: 'warning', operator: 'gte', threshold: 0.2, triggered: false },
      { id: 'stop', valueType: 'time', action: 'stop', operator: 'gte', threshold: 0.5, triggered: false },
    ];
    const started = await call(t, token, 'POST', `/api/simulations/${simId}/runs`, { solverId: solver, cores: 1, mode: 'start', conditions });
    expect(started.status, started.text).toBe(201);
    expect(await waitForState(t.db.db, simId, ['stopped', 'completed', 'failed'])).toBe('stopped');
    const simulation = (await call(t, token, 'GET', `/api/simulations/${simId}`)).json();
    expect(simulation.lastStopCondition).toEqual({ valueType: 'time', threshold: 0.5 });
    expect(simulation.resumable).toBe(true);
    expect(simulation.log.time).toBeGreaterThanOrEqual(0.5);
    expect(simulation.log.time).toBeLessThan(setup.settings.endTime);
    const [run] = (await call(t, token, 'GET', `/api/simulations/${simId}/runs`)).json();
    expect(run.stopReason).toBe('condition');
    expect(run.conditions.map((c: { id: string; triggered: boolean }) => `${c.id}:${c.triggered}`)).toEqual(['warn:true', 'stop:true']);
    const [job] = (await call(t, token, 'GET', `/api/simulations/${simId}/jobs`)).json();
    expect(job.state).toBe('completed');
    expect(job.warnings.map((w: { message: string }) => w.message)).toContain('Condition reached: time 0.2');

    // Resuming needs thresholds ahead of where the run stands.
    const behind = await call(t, token, 'POST', `/api/simulations/${simId}/runs`, { solverId: solver, cores: 1, mode: 'resume', conditions: [conditions[1]] });
    expect(behind.status).toBe(400);
    expect(behind.json().description).toBe('time threshold must be greater than the current value');
    const resumed = await call(t, token, 'POST', `/api/simulations/${simId}/runs`, { solverId: solver, cores: 1, mode: 'resume', conditions: [] });
    expect(resumed.status, resumed.text).toBe(201);
    expect(await waitForState(t.db.db, simId, ['completed', 'failed', 'stopped'])).toBe('completed');
    expect(await outputNumbers(simId)).toEqual([...Array(outputCount(setup.settings)).keys()]);
    await expectConsistentLedger(t.db.db, t.organizationId, INITIAL_CREDITS);
  });

  it('unlocks the setup: editable again, no longer resumable', async () => {
    const simId = await createSimulationWithSetup(t, token, smallDamBreak(LONG));
    await call(t, token, 'POST', `/api/simulations/${simId}/runs`, { solverId: solver, cores: 1, mode: 'start', conditions: [{ id: 's', valueType: 'time', action: 'stop', operator: 'gte', threshold: 0.2, triggered: false }] });
    expect(await waitForState(t.db.db, simId, ['stopped', 'completed', 'failed'])).toBe('stopped');
    const unlocked = await call(t, token, 'POST', `/api/simulations/${simId}/unlock`);
    expect(unlocked.status, unlocked.text).toBe(200);
    expect(unlocked.json()).toMatchObject({ setupLocked: false, resumable: false, state: 'stopped' });
    expect((await call(t, token, 'PUT', `/api/simulations/${simId}/setup`, smallDamBreak(LONG))).status).toBe(200);
    const resume = await call(t, token, 'POST', `/api/simulations/${simId}/runs`, { solverId: solver, cores: 1, mode: 'resume' });
    expect(resume.status).toBe(400);
    await expectConsistentLedger(t.db.db, t.organizationId, INITIAL_CREDITS);
  });
});
