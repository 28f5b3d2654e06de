// Test harness of the run backend: an app with fast job timing, a small dam-break setup, helpers to
// create simulations over the API and to wait for states, and the ledger consistency check.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { buildApp } from '../../../src/server/app.ts';
import { findUserByEmail } from '../../../src/server/account/users.repository.ts';
import { creditSequences, jobs, organizations, runs, simulations } from '../../../src/server/platform/db/schema.ts';
import type { RunsConfig } from '../../../src/server/runs/config.ts';
import { readRunLog } from '../../../src/server/runs/outputs.service.ts';
import { RunStorage } from '../../../src/server/platform/storage/storage.ts';
import type { ServerConfig } from '../../../src/server/platform/config.ts';
import type { SetupDocument } from '../../../src/domain/setup.ts';
import { END_STATES, type SimulationState } from '../../../src/domain/simulationState.ts';
import type { Database } from '../../../src/server/platform/db/client.ts';
import { call, createTestDatabase, TEST_VMS, testConfig, tokenFor, type TestApp } from '../server/harness.ts';
import type { VmConfig } from '../../../src/server/vms/config.ts';

export { call, createOrganization, createUser, tokenFor } from '../server/harness.ts';

/** Job timing fast enough for tests: lost workers are noticed within a few seconds. */
export const FAST_RUNS: Partial<RunsConfig> = {
  heartbeatMs: 300,
  staleMs: 2500,
  sweepIntervalMs: 400,
  chargeIntervalMs: 200,
  logIntervalMs: 200,
  solverConcurrency: 2,
  freeInstanceThreads: 1,
  maxThreads: 1,
  shutdownGraceMs: 10_000,
};

export type RunsTestApp = TestApp & { storageDir: string };

export async function startRunsApp(
  options: { driver?: 'pglite' | 'postgres'; runs?: Partial<RunsConfig>; config?: Partial<ServerConfig>; vms?: Partial<VmConfig> } = {},
): Promise<RunsTestApp> {
  const db = await createTestDatabase(options.driver ?? 'pglite');
  const config = testConfig(options.config);
  const app = await buildApp(config, {
    database: db,
    logger: false,
    runs: { ...FAST_RUNS, redisUrl: null, processJobs: true, kinds: null, ...options.runs },
    vms: { ...TEST_VMS, ...options.vms },
  });
  const admin = await findUserByEmail(db.db, app.surge.seed.adminEmail);
  if (!admin) throw new Error('seed did not create the admin');
  return {
    app,
    config,
    db,
    organizationId: app.surge.seed.organizationId,
    admin,
    storageDir: config.storageDir,
    async close() {
      await app.close();
      await db.drop();
      config.cleanup();
    },
  };
}

const DAM_BREAK = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../src/solver/cases/dam-break.json'), 'utf8')) as SetupDocument;

/** The solver's dam break, coarse (about 2400 particles, 32 of them fluid): it runs in about a second. */
export function smallDamBreak(settings: Partial<SetupDocument['settings']> = {}): SetupDocument {
  const setup = structuredClone(DAM_BREAK);
  setup.settings = { ...setup.settings, particleDiameter: 0.05, endTime: 0.1, outputTimeInterval: 0.02, ...settings };
  return setup;
}

/** A project and a simulation with `setup`, created over the API by `token`'s user. */
export async function createSimulationWithSetup(t: Pick<TestApp, 'app'>, token: string, setup: SetupDocument, name = `Sim ${Math.random().toString(36).slice(2, 8)}`): Promise<string> {
  const project = await call(t, token, 'POST', '/api/projects', { name: `Project ${name}`, description: '' });
  expect(project.status, project.text).toBe(201);
  const simulation = await call(t, token, 'POST', `/api/projects/${project.json().id}/simulations`, { name });
  expect(simulation.status, simulation.text).toBe(201);
  const id = simulation.json().id as string;
  const saved = await call(t, token, 'PUT', `/api/simulations/${id}/setup`, setup);
  expect(saved.status, saved.text).toBe(200);
  return id;
}

export async function solverId(t: Pick<TestApp, 'app'>, token: string): Promise<string> {
  const solvers = await call(t, token, 'GET', '/api/solvers');
  expect(solvers.status).toBe(200);
  return solvers.json()[0].id as string;
}

export async function waitFor<T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs = 60_000, intervalMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

export async function simulationState(db: Database, id: string): Promise<string> {
  const [row] = await db.select({ state: simulations.state }).from(simulations).where(eq(simulations.id, id));
  return row.state;
}

/**
 * Waits for one of `states`; for end states also until the simulation's jobs have recorded their outcome
 * (a session moves the simulation first and then its job, so a lost process never leaves a run active).
 */
export async function waitForState(db: Database, id: string, states: string[], timeoutMs = 60_000): Promise<string> {
  return waitFor(`simulation ${id} in ${states.join('|')}`, async () => {
    const state = await simulationState(db, id);
    if (!states.includes(state)) return null;
    if (END_STATES.includes(state as SimulationState) || state === 'not_started') {
      const active = await db.select({ id: jobs.id }).from(jobs).where(sql`${jobs.simulationId} = ${id} and ${jobs.state} in ('scheduled', 'running')`);
      if (active.length > 0) return null;
    }
    return state;
  }, timeoutMs);
}

/**
 * The ledger adds up: the organisation's credits moved by exactly the simulation sequences; each
 * simulation's creditsConsumed equals its runs' credits and its sequences; each run equals its jobs'
 * charged seconds at its rate (nothing charged twice); no job is left running or scheduled.
 */
export async function expectConsistentLedger(db: Database, organizationId: string, initialCredits: number): Promise<{ consumed: number }> {
  const [org] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
  const sequences = await db.select().from(creditSequences).where(eq(creditSequences.organizationId, organizationId));
  const consumedBySequences = -sequences.filter((s) => s.kind === 'simulation').reduce((a, s) => a + s.credits, 0);
  // The balance is the sum of the ledger (the seed's purchase included).
  expect(org.credits).toBeCloseTo(sequences.reduce((a, s) => a + s.credits, 0), 9);
  const sims = await db.select().from(simulations).where(eq(simulations.organizationId, organizationId));
  const consumedBySimulations = sims.reduce((a, s) => a + s.creditsConsumed, 0);
  expect(consumedBySimulations).toBeCloseTo(consumedBySequences, 9);
  expect(initialCredits - org.credits).toBeCloseTo(consumedBySimulations, 9);
  const allRuns = await db.select().from(runs).where(eq(runs.organizationId, organizationId));
  for (const run of allRuns) {
    const sequence = sequences.find((s) => s.id === run.creditSequenceId);
    expect(sequence, `run ${run.id} has its credit sequence`).toBeDefined();
    expect(-(sequence?.credits ?? 0)).toBeCloseTo(run.credits, 9);
    const [charged] = await db
      .select({ seconds: sql<number>`coalesce(sum(${jobs.chargedSeconds}), 0)` })
      .from(jobs)
      .where(eq(jobs.runId, run.id));
    expect(run.credits).toBeCloseTo((Number(charged.seconds) / 3600) * run.creditsPerHour, 9);
  }
  for (const sim of sims) {
    const ofSim = allRuns.filter((r) => r.simulationId === sim.id).reduce((a, r) => a + r.credits, 0);
    expect(sim.creditsConsumed).toBeCloseTo(ofSim, 9);
  }
  const stuck = await db.select().from(jobs).where(sql`${jobs.organizationId} = ${organizationId} and ${jobs.state} in ('running', 'scheduled')`);
  expect(stuck.map((j) => `${j.kind} ${j.state}`)).toEqual([]);
  return { consumed: consumedBySimulations };
}

/** Events of a run's solver log (log.jsonl), in order. */
export async function runLogEvents(t: RunsTestApp, simulationId: string, runId: string): Promise<string[]> {
  const entries = await readRunLog(new RunStorage(t.storageDir), { id: runId, simulationId });
  return entries.map((e) => e.event);
}

export async function adminToken(t: Pick<TestApp, 'db' | 'config' | 'admin'>): Promise<string> {
  return tokenFor(t, t.admin.id, { expiresIn: '1h' });
}

/** Uploads one file in the multipart field "file" to a simulation (POST /api/simulations/:id/files). */
export async function uploadFile(t: Pick<TestApp, 'app'>, token: string, simulationId: string, filename: string, content: Buffer | string, unit = 'm') {
  const boundary = '----surge-test-boundary';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/simulations/${simulationId}/files?unit=${unit}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([head, Buffer.from(content), tail]),
  });
  return { status: response.statusCode, json: () => response.json(), text: response.body };
}
