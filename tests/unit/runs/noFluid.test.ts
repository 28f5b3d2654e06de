// A run whose discretization yields no fluid does not start: the launch fails with the discretizer's
// reason, no output is written and nothing runs on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call, createSimulationWithSetup, smallDamBreak, solverId, startRunsApp, waitForState, type RunsTestApp } from './harness.ts';

let t: RunsTestApp;
let token: string;

beforeAll(async () => {
  t = await startRunsApp();
  token = await adminToken(t);
});
afterAll(async () => {
  await t?.close();
});

describe('a run without fluid', () => {
  it('fails its launch and says why', async () => {
    // The deletion boundary leaves out the water column (x from 0 to 0.1), the tank stays inside it.
    const setup = smallDamBreak({ calcDomainActive: true, calcDomainMin: [0.3, -0.1, -0.1], calcDomainMax: [0.9, 0.3, 0.5] });
    const simId = await createSimulationWithSetup(t, token, setup);
    const started = await call(t, token, 'POST', `/api/simulations/${simId}/runs`, { solverId: await solverId(t, token), cores: 1, gpu: false, mode: 'start', conditions: [] });
    expect(started.status, started.text).toBe(201);
    expect(await waitForState(t.db.db, simId, ['launch_failed', 'running', 'completed', 'failed'])).toBe('launch_failed');
    const [run] = (await call(t, token, 'GET', `/api/simulations/${simId}/runs`)).json();
    expect(run.state).toBe('launch_failed');
    expect(run.errorMessage).toMatch(/^The discretization produced no fluid particles, so the run was not started: .*outside the deletion boundary/);
    expect((await call(t, token, 'GET', `/api/simulations/${simId}/outputs`)).json()).toEqual([]);
  });
});
