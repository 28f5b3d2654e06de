// A stop condition close to the end of a short run: the solver stops at the threshold and ends while the
// worker still reacts to the log entry that reached it. The run ends stopped (not failed with a broken
// pipe), the condition is recorded as triggered, the run is resumable and the ledger adds up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INITIAL_CREDITS } from '../../../src/server/account/seed.ts';
import {
  adminToken,
  call,
  createSimulationWithSetup,
  expectConsistentLedger,
  smallDamBreak,
  solverId,
  startRunsApp,
  waitForState,
  type RunsTestApp,
} from './harness.ts';

let t: RunsTestApp;
let token: string;
let solver: string;

beforeAll(async () => {
  t = await startRunsApp();
  token = await adminToken(t);
  solver = await solverId(t, token);
});
afterAll(async () => t?.close());

describe('a stop condition near the end of a run', () => {
  it('ends the run stopped with the condition recorded', async () => {
    const setup = smallDamBreak();
    const simId = await createSimulationWithSetup(t, token, setup);
    const condition = { id: 'stop', valueType: 'time', action: 'stop', operator: 'gte', threshold: 0.09, triggered: false };
    const started = await call(t, token, 'POST', `/api/simulations/${simId}/runs`, { solverId: solver, cores: 1, mode: 'start', conditions: [condition] });
    expect(started.status, started.text).toBe(201);
    const ended = await waitForState(t.db.db, simId, ['stopped', 'completed', 'failed', 'launch_failed']);
    const [run] = (await call(t, token, 'GET', `/api/simulations/${simId}/runs`)).json();
    expect(ended, run.errorMessage).toBe('stopped');

    const simulation = (await call(t, token, 'GET', `/api/simulations/${simId}`)).json();
    expect(simulation).toMatchObject({ state: 'stopped', resumable: true, lastStopCondition: { valueType: 'time', threshold: 0.09 } });
    expect(simulation.log.time).toBeGreaterThanOrEqual(0.09);
    expect(run).toMatchObject({ state: 'stopped', stopReason: 'condition', errorMessage: null, lastStopCondition: { valueType: 'time', threshold: 0.09 } });
    expect(run.conditions).toEqual([{ ...condition, triggered: true }]);
    const [job] = (await call(t, token, 'GET', `/api/simulations/${simId}/jobs`)).json();
    expect(job).toMatchObject({ kind: 'solver_run', state: 'completed', errors: [] });
    expect(job.result.status).toBe('condition');
    await expectConsistentLedger(t.db.db, t.organizationId, INITIAL_CREDITS);

    // The run continues past the condition to its end.
    const resumed = await call(t, token, 'POST', `/api/simulations/${simId}/runs`, { solverId: solver, cores: 1, mode: 'resume' });
    expect(resumed.status, resumed.text).toBe(201);
    expect(resumed.json().conditions).toEqual([]);
    expect(await waitForState(t.db.db, simId, ['stopped', 'completed', 'failed'])).toBe('completed');
    await expectConsistentLedger(t.db.db, t.organizationId, INITIAL_CREDITS);
  });
});
