// Alerts and history over the API: read with the right to read the simulation; setup saves recorded as
// who changed what (successive saves of one user folded, a save that changes nothing not recorded, another
// user's save an entry of its own, a sensors save too); a warning condition of a real run kept as an alert
// with its run and time; a job that failed listed as an error alert with its message; the runs in the
// history with how they ended.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Alert } from '../../../src/domain/alerts.ts';
import type { HistoryEntry, SetupHistoryEntry } from '../../../src/domain/history.ts';
import type { SetupDocument } from '../../../src/domain/setup.ts';
import { createPointSensor } from '../../../src/domain/sensor.ts';
import {
  adminToken,
  call,
  createOrganization,
  createSimulationWithSetup,
  createUser,
  smallDamBreak,
  solverId,
  startRunsApp,
  tokenFor,
  waitForState,
  type RunsTestApp,
} from '../runs/harness.ts';

let t: RunsTestApp;
let owner: string;
let ownerId: string;
let manager: string;
let contributor: string;
let outsider: string;
let solver: string;

beforeAll(async () => {
  t = await startRunsApp();
  ownerId = (await createUser(t, t.organizationId, 'contributor')).id;
  owner = await tokenFor(t, ownerId, { expiresIn: '1h' });
  manager = await tokenFor(t, (await createUser(t, t.organizationId, 'manager')).id, { expiresIn: '1h' });
  contributor = await tokenFor(t, (await createUser(t, t.organizationId, 'contributor')).id, { expiresIn: '1h' });
  outsider = await tokenFor(t, (await createUser(t, await createOrganization(t, 'Elsewhere'), 'manager')).id, { expiresIn: '1h' });
  solver = await solverId(t, await adminToken(t));
}, 60_000);
afterAll(async () => t?.close());

async function history(simId: string, token = owner): Promise<HistoryEntry[]> {
  const response = await call(t, token, 'GET', `/api/simulations/${simId}/history`);
  expect(response.status, response.text).toBe(200);
  return response.json() as HistoryEntry[];
}

async function alerts(simId: string, token = owner): Promise<Alert[]> {
  const response = await call(t, token, 'GET', `/api/simulations/${simId}/alerts`);
  expect(response.status, response.text).toBe(200);
  return response.json() as Alert[];
}

async function currentSetup(simId: string): Promise<SetupDocument> {
  return (await call(t, owner, 'GET', `/api/simulations/${simId}/setup`)).json() as SetupDocument;
}

async function save(simId: string, edit: (doc: SetupDocument) => void, token = owner): Promise<void> {
  const doc = await currentSetup(simId);
  edit(doc);
  const response = await call(t, token, 'PUT', `/api/simulations/${simId}/setup`, doc);
  expect(response.status, response.text).toBe(200);
}

const setupEntries = (entries: HistoryEntry[]) => entries.filter((e): e is SetupHistoryEntry => e.kind === 'setup');

describe('alerts and history routes', () => {
  it('answer whoever may read the simulation, and nobody else', async () => {
    const simId = await createSimulationWithSetup(t, owner, smallDamBreak());
    for (const path of ['alerts', 'history']) {
      expect((await call(t, owner, 'GET', `/api/simulations/${simId}/${path}`)).status).toBe(200);
      expect((await call(t, manager, 'GET', `/api/simulations/${simId}/${path}`)).status).toBe(200);
      const refused = await call(t, contributor, 'GET', `/api/simulations/${simId}/${path}`);
      expect(refused.status).toBe(403);
      expect(refused.json()).toMatchObject({ title: 'forbidden', status: 403 });
      expect((await call(t, outsider, 'GET', `/api/simulations/${simId}/${path}`)).status).toBe(404);
      expect((await call(t, null, 'GET', `/api/simulations/${simId}/${path}`)).status).toBe(401);
      const bogus = await call(t, owner, 'GET', `/api/simulations/not-a-uuid/${path}`);
      expect([400, 404]).toContain(bogus.status);
    }
  });
});

describe('setup history', () => {
  it('records who changed what, folds one user’s successive saves, and skips saves that change nothing', async () => {
    const simId = await createSimulationWithSetup(t, owner, smallDamBreak());
    // Creating the simulation with its setup is already one edit by the owner.
    const [created] = setupEntries(await history(simId));
    expect(created.user?.id).toBe(ownerId);
    expect(created.changes.map((c) => `${c.area}:${c.action}:${c.name ?? ''}`)).toEqual(
      expect.arrayContaining(['parts:added:Tank', 'parts:added:Water column']),
    );

    await save(simId, (d) => {
      d.settings.endTime = 0.3;
    });
    await save(simId, (d) => {
      d.parts.find((p) => p.id === 'tank')!.appearance.color = '#ff0000';
      d.settings.outputTimeInterval = 0.03;
    });
    await save(simId, () => undefined);
    const folded = setupEntries(await history(simId));
    expect(folded).toHaveLength(1);
    const settings = folded[0].changes.filter((c) => c.area === 'settings');
    expect(settings).toHaveLength(1);
    expect(settings[0].fields).toEqual(expect.arrayContaining(['endTime', 'outputTimeInterval']));
    // The tank was added within the same edit: it stays 'added'.
    expect(folded[0].changes).toContainEqual(expect.objectContaining({ area: 'parts', action: 'added', id: 'tank' }));
    expect(Date.parse(folded[0].at)).toBeGreaterThanOrEqual(Date.parse(folded[0].since));

    // Another user's save is an entry of its own, newest first.
    await save(
      simId,
      (d) => {
        d.parts = d.parts.filter((p) => p.id !== 'tank');
      },
      manager,
    );
    const two = setupEntries(await history(simId));
    expect(two).toHaveLength(2);
    expect(two[0].user?.id).not.toBe(ownerId);
    expect(two[0].changes).toEqual([{ area: 'parts', action: 'removed', id: 'tank', name: 'Tank', fields: [] }]);

    // A refused save records nothing.
    const doc = await currentSetup(simId);
    doc.settings.endTime = -1;
    expect((await call(t, owner, 'PUT', `/api/simulations/${simId}/setup`, doc)).status).toBe(400);
    expect(setupEntries(await history(simId))).toHaveLength(2);

    // Sensors saved from Results count as setup edits too.
    const sensors = [createPointSensor('Probe', [0.1, 0.1, 0.1], 'probe')];
    const put = await call(t, owner, 'PUT', `/api/simulations/${simId}/sensors`, { sensors });
    expect(put.status, put.text).toBe(200);
    const [latest] = setupEntries(await history(simId));
    expect(latest.user?.id).toBe(ownerId);
    expect(latest.changes).toEqual([{ area: 'sensors', action: 'added', id: 'probe', name: 'Probe', fields: [] }]);
  });
});

describe('alerts of runs', () => {
  it('keeps a warning condition that fired as an alert with its run and time, and lists the run as completed', async () => {
    const simId = await createSimulationWithSetup(t, owner, smallDamBreak());
    const condition = { id: 'warn', valueType: 'time', action: 'warning', operator: 'gte', threshold: 0.04, triggered: false };
    const started = await call(t, owner, 'POST', `/api/simulations/${simId}/runs`, { solverId: solver, cores: 1, mode: 'start', conditions: [condition] });
    expect(started.status, started.text).toBe(201);
    expect(await waitForState(t.db.db, simId, ['completed', 'stopped', 'failed', 'launch_failed'])).toBe('completed');
    const run = started.json() as { id: string; createdAt: string };

    const list = await alerts(simId);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ level: 'warning', source: 'condition', message: 'Condition reached: time 0.04', runId: run.id, jobKind: null });
    const [runRecord] = (await call(t, owner, 'GET', `/api/simulations/${simId}/runs`)).json() as { endedAt: string }[];
    const at = Date.parse(list[0].at);
    expect(at).toBeGreaterThanOrEqual(Date.parse(run.createdAt));
    expect(at).toBeLessThanOrEqual(Date.parse(runRecord.endedAt));
    // Read by a manager and still there on the next read (kept on the server).
    expect(await alerts(simId, manager)).toEqual(list);

    const entries = await history(simId);
    expect(entries[0]).toMatchObject({ kind: 'run', number: 1, mode: 'start', state: 'completed', stopReason: null, user: { id: ownerId } });
  });

  it('lists a job that failed as an error alert with its message', async () => {
    // The deletion boundary leaves out the water column: the run's launch fails for want of fluid.
    const setup = smallDamBreak({ calcDomainActive: true, calcDomainMin: [0.3, -0.1, -0.1], calcDomainMax: [0.9, 0.3, 0.5] });
    const simId = await createSimulationWithSetup(t, owner, setup);
    const started = await call(t, owner, 'POST', `/api/simulations/${simId}/runs`, { solverId: solver, cores: 1, mode: 'start', conditions: [] });
    expect(started.status, started.text).toBe(201);
    expect(await waitForState(t.db.db, simId, ['launch_failed', 'completed', 'failed'])).toBe('launch_failed');
    const [failed] = await alerts(simId);
    expect(failed).toMatchObject({ level: 'error', source: 'job', jobKind: 'solver_run', runId: (started.json() as { id: string }).id });
    expect(failed.message).toMatch(/^The discretization produced no fluid particles, so the run was not started/);
    const [job] = (await call(t, owner, 'GET', `/api/simulations/${simId}/jobs`)).json() as { id: string; finishedAt: string }[];
    expect(failed.id).toBe(`job:${job.id}`);
    expect(failed.at).toBe(job.finishedAt);
    const [entry] = await history(simId);
    expect(entry).toMatchObject({ kind: 'run', state: 'launch_failed' });
  });
});
