// Start is refused with the spec's reason (validation_error): errors in the setup, no solver, no credits
// (unless free), storage full (unless no_storage_limit_enforcement), maximum simulations, too many cores.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../src/domain/messages.ts';
import { RUN_MESSAGES } from '../../../src/domain/runs.ts';
import { emptyShape } from '../../../src/domain/shape.ts';
import { organizations, simulations } from '../../../src/server/platform/db/schema.ts';
import { adminToken, call, createSimulationWithSetup, smallDamBreak, solverId, startRunsApp, waitForState, type RunsTestApp } from './harness.ts';

let t: RunsTestApp;
let token: string;
let solver: string;

beforeAll(async () => {
  t = await startRunsApp();
  token = await adminToken(t);
  solver = await solverId(t, token);
});
afterAll(async () => t?.close());

async function setOrganization(values: Partial<typeof organizations.$inferInsert>) {
  await t.db.db.update(organizations).set(values).where(eq(organizations.id, t.organizationId));
}

async function start(simId: string, body: Record<string, unknown> = {}) {
  return call(t, token, 'POST', `/api/simulations/${simId}/runs`, { solverId: solver, cores: 1, gpu: false, mode: 'start', conditions: [], ...body });
}

function expectRefused(response: Awaited<ReturnType<typeof start>>, description: string) {
  expect(response.status, response.text).toBe(400);
  expect(response.json()).toMatchObject({ title: 'validation_error', description, status: 400 });
}

describe('start blockers', () => {
  it('refuses a setup with errors, naming the validation', async () => {
    // A part without geometry saves (the case is still being built) but blocks the start.
    const setup = smallDamBreak();
    setup.parts.push({ ...structuredClone(setup.parts[0]), id: 'no-geometry', name: 'No geometry', shape: emptyShape() });
    const simId = await createSimulationWithSetup(t, token, setup);
    expectRefused(await start(simId), MESSAGES.startHasErrors);
    const validation = (await call(t, token, 'GET', `/api/simulations/${simId}/validation`)).json();
    expect(validation.valid).toBe(false);
    expect(validation.errorCount).toBeGreaterThan(0);
    expect(await waitForState(t.db.db, simId, ['not_started'])).toBe('not_started');
  });

  it('refuses a setup the SPH engine cannot run (solver support check)', async () => {
    const setup = smallDamBreak();
    setup.settings.accelerationLimiter = true;
    const simId = await createSimulationWithSetup(t, token, setup);
    const validation = (await call(t, token, 'GET', `/api/simulations/${simId}/validation`)).json();
    expect(validation.solverSupport.map((s: { setting: string }) => s.setting)).toContain('settings.accelerationLimiter');
    expect(validation.valid).toBe(false);
    expectRefused(await start(simId), MESSAGES.startHasErrors);
  });

  it('refuses an unknown solver', async () => {
    const simId = await createSimulationWithSetup(t, token, smallDamBreak());
    expectRefused(await start(simId, { solverId: randomUUID() }), MESSAGES.startNoSolver);
  });

  it('refuses paid cores without credits, but lets the free instance run', async () => {
    const simId = await createSimulationWithSetup(t, token, smallDamBreak());
    const [before] = await t.db.db.select().from(organizations).where(eq(organizations.id, t.organizationId));
    await setOrganization({ credits: 0 });
    try {
      expectRefused(await start(simId), MESSAGES.startNoCredits);
      const free = await start(simId, { cores: 0 });
      expect(free.status, free.text).toBe(201);
      expect(free.json()).toMatchObject({ freeInstance: true, creditsPerHour: 0 });
      expect(await waitForState(t.db.db, simId, ['completed', 'failed', 'launch_failed'])).toBe('completed');
    } finally {
      await setOrganization({ credits: before.credits });
    }
  });

  it('reports the free instance occupied while a simulation runs on it, and refuses a second one', async () => {
    const organization = async () => (await call(t, token, 'GET', '/api/organizations')).json();
    expect((await organization()).freeInstanceOccupied).toBe(false);
    const running = await createSimulationWithSetup(t, token, smallDamBreak({ endTime: 2, outputTimeInterval: 0.1 }));
    const waiting = await createSimulationWithSetup(t, token, smallDamBreak());
    expect((await start(running, { cores: 0 })).status).toBe(201);
    expect((await organization()).freeInstanceOccupied).toBe(true);
    const second = await start(waiting, { cores: 0 });
    expect(second.status).toBe(400);
    expect(second.json().description).toBe(RUN_MESSAGES.freeInstanceOccupied);
    expect((await call(t, token, 'POST', `/api/simulations/${running}/stop`)).status).toBe(202);
    expect(await waitForState(t.db.db, running, ['stopped', 'completed', 'failed', 'launch_failed'])).toBe('stopped');
    expect((await organization()).freeInstanceOccupied).toBe(false);
  });

  it('refuses when storage is full, unless the organisation has no_storage_limit_enforcement', async () => {
    const simId = await createSimulationWithSetup(t, token, smallDamBreak());
    const [org] = await t.db.db.select().from(organizations).where(eq(organizations.id, t.organizationId));
    const limit = org.subscription?.storageBytes ?? 0;
    await t.db.db.update(simulations).set({ sizeBytes: limit }).where(eq(simulations.id, simId));
    try {
      expectRefused(await start(simId), MESSAGES.startStorageFull);
      await setOrganization({ features: [...org.features, 'no_storage_limit_enforcement'] });
      const allowed = await start(simId);
      expect(allowed.status, allowed.text).toBe(201);
      await waitForState(t.db.db, simId, ['completed', 'failed', 'launch_failed']);
    } finally {
      await setOrganization({ features: org.features });
      await t.db.db.update(simulations).set({ sizeBytes: 0 }).where(eq(simulations.id, simId));
    }
  });

  it('refuses when the maximum number of simulations is reached', async () => {
    const simId = await createSimulationWithSetup(t, token, smallDamBreak());
    await setOrganization({ maxSimulations: 0 });
    try {
      expectRefused(await start(simId), MESSAGES.startMaxSimulations);
    } finally {
      await setOrganization({ maxSimulations: null });
    }
  });

  it('limits cores to the subscription and refuses to start a running simulation again', async () => {
    const simId = await createSimulationWithSetup(t, token, smallDamBreak());
    const [org] = await t.db.db.select().from(organizations).where(eq(organizations.id, t.organizationId));
    const max = org.subscription?.maxCores ?? 0;
    expectRefused(await start(simId, { cores: max + 1 }), RUN_MESSAGES.tooManyCores(max));
    expect((await start(simId)).status).toBe(201);
    const again = await start(simId);
    if (again.status !== 201) {
      expect(again.status).toBe(409);
      expect(again.json().description).toBe(RUN_MESSAGES.notStartable);
    }
    await waitForState(t.db.db, simId, ['completed', 'failed', 'launch_failed']);
    // A completed run cannot be resumed; a restart makes run 2.
    expectRefused(await start(simId, { mode: 'resume' }), RUN_MESSAGES.notResumable);
    const restart = await start(simId, { mode: 'restart' });
    expect(restart.status, restart.text).toBe(201);
    expect(restart.json().number).toBe(2);
    expect(await waitForState(t.db.db, simId, ['completed', 'failed', 'launch_failed'])).toBe('completed');
  });

  it('refuses conditions whose threshold is not ahead of the current value', async () => {
    const simId = await createSimulationWithSetup(t, token, smallDamBreak());
    const response = await start(simId, { conditions: [{ id: 'c1', valueType: 'time', action: 'stop', operator: 'gte', threshold: 0.5, triggered: false }] });
    expect(response.status).toBe(400);
    expect(response.json().description).toBe(`time threshold ${MESSAGES.conditionBelowEndTime}`);
  });
});
