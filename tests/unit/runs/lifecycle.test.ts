// Embedded end to end: a small dam break started over the API runs on the in-process queue to completed
// with every output present and served; the simulation, its run, its job and the ledger agree.
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outputCount } from '../../../src/domain/settings.ts';
import { isStaticOutputFile } from '../../../src/domain/output.ts';
import { outputFileApiPath } from '../../../src/domain/runOutputs.ts';
import { RunStorage } from '../../../src/server/platform/storage/storage.ts';
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

describe('a run from start to completed (embedded)', () => {
  it('runs, records and serves every output, and charges the run once', async () => {
    const setup = smallDamBreak();
    const simId = await createSimulationWithSetup(t, token, setup);
    const started = await call(t, token, 'POST', `/api/simulations/${simId}/runs`, { solverId: solver, cores: 1, gpu: false, mode: 'start', conditions: [] });
    expect(started.status, started.text).toBe(201);
    const run = started.json();
    expect(run).toMatchObject({ number: 1, mode: 'start', cores: 1, gpu: false, freeInstance: false, creditsPerHour: 1 });

    const locked = await call(t, token, 'GET', `/api/simulations/${simId}`);
    expect(locked.json()).toMatchObject({ setupLocked: true, activeRunId: run.id });
    expect(['creating', 'launching', 'running', 'completed']).toContain(locked.json().state);
    // Editing a locked setup is refused.
    expect((await call(t, token, 'PUT', `/api/simulations/${simId}/setup`, setup)).status).toBe(409);

    expect(await waitForState(t.db.db, simId, ['completed', 'failed', 'launch_failed'])).toBe('completed');
    const simulation = (await call(t, token, 'GET', `/api/simulations/${simId}`)).json();
    const expected = outputCount(setup.settings);
    expect(simulation.log).toMatchObject({ progress: 1, output: expected - 1 });
    expect(simulation.log.time).toBeCloseTo(setup.settings.endTime, 9);
    expect(simulation.resumable).toBe(false);
    expect(simulation.creditsConsumed).toBeGreaterThan(0);
    expect(simulation.size).toBeGreaterThan(0);

    const outputs = (await call(t, token, 'GET', `/api/simulations/${simId}/outputs`)).json();
    expect(outputs.map((o: { outputNo: number }) => o.outputNo)).toEqual([...Array(expected).keys()]);
    for (const output of outputs) {
      expect(output.states).toEqual({ visualization: 'ready', sensor: 'ready' });
      const meta = await call(t, token, 'GET', `/api/simulations/${simId}/outputs/${output.outputNo}/meta.json`);
      expect(meta.status).toBe(200);
      expect(meta.headers['content-type']).toContain('application/json');
      const parsed = meta.json();
      expect(parsed.outputNo).toBe(output.outputNo);
      const fluid = parsed.objects.find((o: { kind: string }) => o.kind === 'fluid');
      const full = fluid.datasets.find((d: { name: string }) => d.name === 'full');
      const positions = await t.app.inject({ method: 'GET', url: `/api/simulations/${simId}/outputs/${output.outputNo}/files/${full.positions.file}`, headers: { authorization: `Bearer ${token}` } });
      expect(positions.statusCode).toBe(200);
      expect(positions.headers['content-type']).toBe('application/octet-stream');
      expect(positions.rawPayload.length).toBe(full.count * 3 * 4);
      expect(output.time).toBeCloseTo(parsed.time, 6);
      // The walls, written once in the run's static folder, are served for every output at the path the
      // realtime bundle and the viewer build for them, full and reduced alike.
      const wall = parsed.objects.find((o: { kind: string }) => o.kind === 'wall_boundary');
      for (const dataset of wall.datasets as { name: string; count: number; positions: { file: string } }[]) {
        if (dataset.name === 'full') expect(isStaticOutputFile(dataset.positions.file)).toBe(true);
        const url = `${outputFileApiPath(simId, output.outputNo, dataset.positions.file)}?runId=${run.id}`;
        const served = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
        expect(served.statusCode, url).toBe(200);
        expect(served.rawPayload.length).toBe(dataset.count * 3 * 4);
      }
    }

    const logs = (await call(t, token, 'GET', `/api/simulations/${simId}/logs?key=time&key=particles&key=runtimePerS&key=credits`)).json();
    expect(logs.time.length).toBeGreaterThan(expected);
    // The small dam break: 32 fluid and 1,848 wall particles, none created or removed.
    expect(logs.particles.every((p: number) => p === 1880)).toBe(true);
    expect(logs.credits.at(-1)).toBeGreaterThan(0);

    const runs = (await call(t, token, 'GET', `/api/simulations/${simId}/runs`)).json();
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ id: run.id, state: 'completed', sessions: 1, lastOutputNo: expected - 1, stopReason: null });
    const jobs = (await call(t, token, 'GET', `/api/simulations/${simId}/jobs`)).json();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ kind: 'solver_run', state: 'completed', progress: 100, runId: run.id, attempt: 1 });
    expect(jobs[0].result).toMatchObject({ status: 'completed', outputs: expected });

    const { consumed } = await expectConsistentLedger(t.db.db, t.organizationId, INITIAL_CREDITS);
    expect(consumed).toBeCloseTo(simulation.creditsConsumed, 9);
    expect(runs[0].credits).toBeCloseTo(simulation.creditsConsumed, 9);
  });

  it('removes the files of a deleted simulation and keeps those of the others', async () => {
    const keep = await createSimulationWithSetup(t, token, smallDamBreak());
    const drop = await createSimulationWithSetup(t, token, smallDamBreak());
    for (const id of [keep, drop]) {
      expect((await call(t, token, 'POST', `/api/simulations/${id}/runs`, { solverId: solver, cores: 1, mode: 'start' })).status).toBe(201);
      expect(await waitForState(t.db.db, id, ['completed', 'failed'])).toBe('completed');
    }
    const storage = new RunStorage(t.storageDir);
    expect(existsSync(storage.simulationDir(drop))).toBe(true);
    expect((await call(t, token, 'DELETE', `/api/simulations/${drop}`)).status).toBe(200);
    expect((await t.app.surge.runs.janitor.sweep()).simulations).toEqual([drop]);
    expect(existsSync(storage.simulationDir(drop))).toBe(false);
    expect(existsSync(storage.simulationDir(keep))).toBe(true);
  });
});
