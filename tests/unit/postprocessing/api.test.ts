// Post-processing through the server: a small dam break with a point sensor runs to completed with every
// output's reduced and surface datasets and sensors ready; statistics over the realtime channel agree with
// the output files (missing outputs warned, all missing failed, cancel); sensors are listed, recomputed and
// locked against edits while their job is active; exports are validated, written, downloaded as a zip,
// replaced by the next one, cancelled and expired.
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createPointSensor } from '../../../src/domain/sensor.ts';
import { MESSAGES, templates } from '../../../src/domain/messages.ts';
import { defaultUserExportState } from '../../../src/domain/userExport.ts';
import { outputFolderPath } from '../../../src/domain/output.ts';
import { outputCount } from '../../../src/domain/settings.ts';
import { jobs } from '../../../src/server/platform/db/schema.ts';
import type { JobRow } from '../../../src/server/platform/jobs/jobs.repository.ts';
import type { JobContext } from '../../../src/server/platform/jobs/registry.ts';
import { userExportHandler } from '../../../src/server/exports/userExportJob.ts';
import { sensorRecomputationHandler } from '../../../src/server/postprocessing/sensors/sensorJob.ts';
import { findDataset, readArray, readMeta } from '../../../src/server/postprocessing/outputFolder.ts';
import { spatialStatistics } from '../../../src/server/postprocessing/statistics/operations.ts';
import { bufferSource, readZipDirectory, readZipEntry } from '../../../src/server/platform/storage/zipReader.ts';
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
  waitFor,
  waitForState,
  type RunsTestApp,
} from '../runs/harness.ts';
import { readVtk } from './vtkReader.ts';

type Message = Record<string, unknown> & { type: string };
let t: RunsTestApp;
let token: string;
let wsUrl: string;
let simId: string;
let runId: string;
let lastOutput: number;
const sockets: WebSocket[] = [];
const probe = createPointSensor('Probe', [0.05, 0.1, 0.06]);

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function connect() {
  const socket = new WebSocket(`${wsUrl}?access_token=${token}`);
  sockets.push(socket);
  const received: Message[] = [];
  socket.on('message', (data) => received.push(JSON.parse(data.toString()) as Message));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const send = (message: Record<string, unknown>) => socket.send(JSON.stringify(message));
  const next = (predicate: (m: Message) => boolean, what: string) =>
    waitFor(what, async () => {
      const index = received.findIndex(predicate);
      return index < 0 ? null : received.splice(index, 1)[0];
    }, 30_000, 10);
  return { send, next, received };
}

function outputFolder(outputNo: number): string {
  return join(t.storageDir, 'simulations', simId, 'runs', runId, outputFolderPath(outputNo));
}

beforeAll(async () => {
  const port = await freePort();
  t = await startRunsApp({ config: { port } });
  await t.app.listen({ port, host: '127.0.0.1' });
  wsUrl = `ws://127.0.0.1:${port}/ws`;
  token = await adminToken(t);
  const setup = smallDamBreak();
  setup.sensors = [probe];
  simId = await createSimulationWithSetup(t, token, setup);
  const started = await call(t, token, 'POST', `/api/simulations/${simId}/runs`, { solverId: await solverId(t, token), cores: 1, gpu: false, mode: 'start', conditions: [] });
  expect(started.status, started.text).toBe(201);
  runId = started.json().id;
  expect(await waitForState(t.db.db, simId, ['completed', 'failed', 'launch_failed'])).toBe('completed');
  lastOutput = outputCount(setup.settings) - 1;
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t?.close();
});

describe('outputs after a run', () => {
  it('are ready with reduced and surface datasets and sensor results', async () => {
    const outputs = (await call(t, token, 'GET', `/api/simulations/${simId}/outputs`)).json();
    expect(outputs).toHaveLength(lastOutput + 1);
    for (const output of outputs) expect(output.states).toEqual({ visualization: 'ready', sensor: 'ready' });
    const meta = await readMeta(outputFolder(lastOutput));
    const fluid = meta.objects.find((o) => o.kind === 'fluid');
    expect(fluid?.datasets.map((d) => d.name).sort()).toEqual(['fast', 'full', 'raw', 'surface']);
    expect(meta.sensors.map((s) => s.id)).toEqual([probe.id]);
    const served = await call(t, token, 'GET', `/api/simulations/${simId}/outputs/${lastOutput}/meta.json`);
    expect(served.json().objects.find((o: { kind: string }) => o.kind === 'fluid').datasets.map((d: { name: string }) => d.name)).toContain('surface');
  });
});

describe('statistics over the realtime channel', () => {
  it('lists operations per attribute and computes per output and over outputs like the files say', async () => {
    const channel = await connect();
    channel.send({ type: 'stats.info', simId, output: 1, objIds: ['fluid_0'], dataset: 'raw' });
    const info = await channel.next((m) => m.type === 'stats.info.resp', 'stats.info');
    expect((info.operationsByAttribute as Record<string, string[]>).pressure).toEqual(['mean', 'min', 'max', '5th_percentile', 'median', '95th_percentile']);
    expect((info.subAttributes as Record<string, string[]>).velocity).toEqual(['magnitude', 'x', 'y', 'z']);

    const outputs = [...Array(lastOutput + 1).keys(), 99];
    channel.send({ type: 'stats.calc', simId, calcId: 'c1', outputs, attribute: 'velocity', subAttribute: 'z', dataset: 'raw', objIds: ['fluid_0'], masks: [], operations: { min: ['min'], median: ['median'], mean: ['mean'] }, mode: 'both' });
    const state = await channel.next((m) => m.type === 'stats.state' && m.calcId === 'c1', 'completion');
    expect(state).toMatchObject({ state: 'completed', progress: 100, error: null, outputs: [99] });
    const perOutput = channel.received.filter((m) => m.type === 'output_statistic' && m.calcId === 'c1');
    expect(perOutput).toHaveLength(3 * (lastOutput + 1));
    const mins: number[] = [];
    for (let n = 0; n <= lastOutput; n++) {
      const meta = await readMeta(outputFolder(n));
      const full = findDataset(meta.objects.find((o) => o.id === 'fluid_0') ?? { datasets: [] }, 'raw');
      const attribute = full?.attributes.find((a) => a.name === 'velocity');
      if (!full || !attribute) throw new Error('no velocity');
      const v = (await readArray(outputFolder(n), attribute, full.count)) as Float32Array;
      const z = Float64Array.from({ length: full.count }, (_, i) => v[3 * i + 2]);
      const expected = spatialStatistics(z, ['min', 'median', 'mean']);
      mins.push(expected.min as number);
      for (const op of ['min', 'median', 'mean'] as const) {
        const got = perOutput.find((m) => m.outputNo === n && m.statistic === op);
        expect(got?.value).toBeCloseTo(expected[op] as number, 9);
      }
    }
    expect(channel.received.find((m) => m.type === 'stats.warning' && m.calcId === 'c1')).toMatchObject({ message: templates.statsMissingOutputs([99]), outputs: [99] });
    const overall = channel.received.find((m) => m.type === 'all_output_statistic' && m.calcId === 'c1' && m.statistic === 'min');
    expect(overall).toMatchObject({ aggregator: 'min' });
    expect(overall?.value).toBeCloseTo(Math.min(...mins), 9);
    expect(channel.received.filter((m) => m.type === 'stats.progress' && m.calcId === 'c1').at(-1)?.progress).toBe(100);
  });

  it('fails when every output misses the data, and cancels on request', async () => {
    const channel = await connect();
    channel.send({ type: 'stats.calc', simId, calcId: 'none', outputs: [97, 98], attribute: 'pressure', objIds: ['fluid_0'], operations: { mean: ['mean'] }, mode: 'output_only' });
    expect(await channel.next((m) => m.type === 'stats.state' && m.calcId === 'none', 'failure')).toMatchObject({ state: 'failed', error: MESSAGES.statsMissingData });

    channel.send({ type: 'stats.calc', simId, calcId: 'long', outputs: [...Array(10_000).keys()], attribute: 'pressure', objIds: ['fluid_0'], operations: { mean: ['mean'] } });
    await channel.next((m) => m.type === 'stats.started' && m.calcId === 'long', 'start');
    channel.send({ type: 'stats.cancel', simId, calcId: 'long' });
    expect(await channel.next((m) => m.type === 'stats.state' && m.calcId === 'long', 'cancel')).toMatchObject({ state: 'canceled', error: MESSAGES.statsCancelled });
    expect(await channel.next((m) => m.type === 'stats.cancel.resp', 'cancel reply')).toMatchObject({ canceled: 1 });

    channel.send({ type: 'stats.calc', simId, outputs: [0], attribute: 'pressure', objIds: ['fluid_0'], operations: {} });
    expect(await channel.next((m) => m.type === 'error', 'invalid')).toMatchObject({ error: 'invalid_command', command: 'stats.calc' });
    const stranger = await tokenFor(t, (await createUser(t, await createOrganization(t, 'Elsewhere'), 'manager')).id);
    const other = new WebSocket(`${wsUrl}?access_token=${stranger}`);
    sockets.push(other);
    const replies: Message[] = [];
    other.on('message', (d) => replies.push(JSON.parse(d.toString()) as Message));
    await new Promise((r) => other.once('open', r));
    other.send(JSON.stringify({ type: 'stats.calc', simId, outputs: [0], attribute: 'pressure', objIds: ['fluid_0'], operations: { mean: ['mean'] } }));
    expect(await waitFor('refusal', async () => replies.find((m) => m.type === 'error'))).toMatchObject({ error: 'not_found', command: 'stats.calc' });
  });
});

describe('sensors', () => {
  it('lists values per output, recomputes them, and refuses edits while computing', async () => {
    const listed = (await call(t, token, 'GET', `/api/simulations/${simId}/custom_sensors`)).json();
    expect(listed.computing).toBe(false);
    expect(listed.sensors).toHaveLength(1);
    expect(listed.sensors[0].sensor.outputs).toEqual([...Array(lastOutput + 1).keys()]);
    expect(typeof listed.sensors[0].results[0].values.pressure).toBe('number');

    const started = await call(t, token, 'POST', `/api/simulations/${simId}/sensor_outputs/recomputation`);
    expect(started.status, started.text).toBe(201);
    expect(started.json()).toMatchObject({ kind: 'sensor_recomputation', runId });
    // While it is scheduled or running the sensors cannot change.
    const moved = { ...probe, position: [0.06, 0.1, 0.06] };
    const refused = await call(t, token, 'PUT', `/api/simulations/${simId}/sensors`, { sensors: [moved] });
    if (refused.status === 409) expect(refused.json().description).toBe('Sensors cannot be added or edited while their computation is scheduled or running. Stop the computation first.');
    const job = await waitFor('sensor job', async () => {
      const row = (await t.db.db.select().from(jobs).where(eq(jobs.id, started.json().id)))[0];
      return row && !['scheduled', 'running'].includes(row.state) ? row : null;
    });
    expect(job.state).toBe('completed');
    expect(job.progress).toBe(100);
    const outputs = (await call(t, token, 'GET', `/api/simulations/${simId}/outputs`)).json();
    expect(outputs.every((o: { states: { sensor: string } }) => o.states.sensor === 'ready')).toBe(true);

    // A job that waits blocks edits for sure, through the sensors and the setup endpoints alike.
    const waiting = await t.app.surge.runs.services.dispatcher.create(t.db.db, { kind: 'sensor_recomputation', organizationId: t.organizationId, simulationId: simId, runId, createdBy: t.admin.id });
    const blocked = await call(t, token, 'PUT', `/api/simulations/${simId}/sensors`, { sensors: [moved] });
    expect(blocked.status).toBe(409);
    expect(blocked.json().description).toBe('Sensors cannot be added or edited while their computation is scheduled or running. Stop the computation first.');
    expect((await call(t, token, 'GET', `/api/simulations/${simId}/custom_sensors`)).json().computing).toBe(true);
    expect((await call(t, token, 'DELETE', `/api/simulations/${simId}/sensor_outputs/recomputation`)).status).toBe(204);
    expect((await t.db.db.select().from(jobs).where(eq(jobs.id, waiting.id)))[0].state).toBe('canceled');
    const saved = await call(t, token, 'PUT', `/api/simulations/${simId}/sensors`, { sensors: [moved] });
    expect(saved.status, saved.text).toBe(200);
    expect((await call(t, token, 'GET', `/api/simulations/${simId}/setup`)).json().sensors[0].position).toEqual([0.06, 0.1, 0.06]);
  });

  it('blocks sensor changes of the setup document while a computation waits', async () => {
    const setup = smallDamBreak();
    setup.sensors = [createPointSensor('P', [0.05, 0.1, 0.05])];
    const other = await createSimulationWithSetup(t, token, setup);
    await t.app.surge.runs.services.dispatcher.create(t.db.db, { kind: 'sensor_recomputation', organizationId: t.organizationId, simulationId: other, createdBy: t.admin.id });
    const changed = { ...setup, sensors: [] };
    const refused = await call(t, token, 'PUT', `/api/simulations/${other}/setup`, changed);
    expect(refused.status).toBe(409);
    // Other changes of the setup go through.
    const renamed = { ...setup, settings: { ...setup.settings, endTime: 0.2 } };
    expect((await call(t, token, 'PUT', `/api/simulations/${other}/setup`, renamed)).status).toBe(200);
  });
});

describe('user exports', () => {
  const base = () => ({ ...defaultUserExportState(simId, lastOutput), outputMode: 'range' as const, outputsRange: [0, lastOutput + 2] as [number, number], logs: true, setup: true });

  it('refuses selections the domain rules reject', async () => {
    const nothing = await call(t, token, 'POST', `/api/simulations/${simId}/user_exports`, { ...base(), allObjects: false, logs: false, setup: false });
    expect(nothing.status).toBe(400);
    expect(nothing.json()).toMatchObject({ title: 'validation_error', description: MESSAGES.exportSelectItem });
    const step = await call(t, token, 'POST', `/api/simulations/${simId}/user_exports`, { ...base(), stepSize: 101 });
    expect(step.status).toBe(400);
    const surface = await call(t, token, 'POST', `/api/simulations/${simId}/user_exports`, { ...base(), allObjects: false, logs: false, surfaceReconstructions: [0] });
    expect(surface.json().description).toBe(MESSAGES.exportSurfaceNeedsFluid);
    expect((await call(t, token, 'GET', `/api/simulations/${simId}/user_exports`)).json()).toBeNull();
  });

  it('writes, lists and serves the files and their zip, and the next export replaces it', async () => {
    const started = await call(t, token, 'POST', `/api/simulations/${simId}/user_exports`, base());
    expect(started.status, started.text).toBe(201);
    const done = await waitFor('export', async () => {
      const record = (await call(t, token, 'GET', `/api/simulations/${simId}/user_exports`)).json();
      return record && !['scheduled', 'running'].includes(record.state) ? record : null;
    });
    expect(done).toMatchObject({ state: 'completed', progress: 100, warnings: [MESSAGES.exportMissingOutput] });
    expect(done.errors).toEqual([{ description: MESSAGES.exportMissingOutput, details: { outputs: [lastOutput + 1, lastOutput + 2] } }]);
    expect(done.files.every((f: { state: string }) => f.state === 'completed')).toBe(true);
    const names = done.files.map((f: { filename: string }) => f.filename);
    // Objects are named as in the setup: the fluid by its material, boundaries (STL by default) by their part.
    expect(names).toEqual(expect.arrayContaining(['Water.pvd', 'Water/Water_000000.vtu', 'Water_surface.pvd', 'Tank.stl', 'logs.csv', 'setup.json', 'sensors/Probe.pvd']));

    const zip = await t.app.inject({ method: 'GET', url: `/api/simulations/${simId}/user_exports/${done.archiveFileId}`, headers: { authorization: `Bearer ${token}` } });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toMatch(/^attachment; filename=".+_export\.zip"$/);
    const archive = bufferSource(zip.rawPayload);
    const entries = await readZipDirectory(archive, { maxEntries: 10_000, maxEntryBytes: 1 << 28, maxTotalBytes: 1 << 30, maxRatio: Number.POSITIVE_INFINITY });
    expect(entries.map((e) => e.name).sort()).toEqual(names.filter((n: string) => !n.endsWith('.zip')).sort());
    const vtu = readVtk(await readZipEntry(archive, entries.find((e) => e.name === `Water/Water_${String(lastOutput).padStart(6, '0')}.vtu`) ?? entries[0], 1 << 28));
    const fluid = (await readMeta(outputFolder(lastOutput))).objects.find((o) => o.id === 'fluid_0');
    expect(vtu.pieces.NumberOfPoints).toBe(findDataset(fluid ?? { datasets: [] }, 'full')?.count);

    const single = done.files.find((f: { filename: string }) => f.filename === 'setup.json');
    const setupFile = await call(t, token, 'GET', `/api/simulations/${simId}/user_exports/${single.id}`);
    expect(setupFile.json().sensors[0].id).toBe(probe.id);

    const next = await call(t, token, 'POST', `/api/simulations/${simId}/user_exports`, { ...base(), outputMode: 'single', outputsSingle: 0, logs: false, setup: false });
    expect(next.status).toBe(201);
    expect((await call(t, token, 'GET', `/api/simulations/${simId}/user_exports/${done.archiveFileId}`)).status).toBe(404);
    await waitFor('second export', async () => {
      const record = (await call(t, token, 'GET', `/api/simulations/${simId}/user_exports`)).json();
      return record?.id === next.json().id && record.state === 'completed' ? record : null;
    });
  });

  it('cancels a waiting export and expires one whose files are gone', async () => {
    const services = t.app.surge.runs.services;
    const waiting = await services.dispatcher.create(t.db.db, { kind: 'user_export', organizationId: t.organizationId, simulationId: simId, runId, createdBy: t.admin.id, payload: { request: base() } });
    expect((await call(t, token, 'GET', `/api/simulations/${simId}/user_exports`)).json()).toMatchObject({ id: waiting.id, state: 'scheduled' });
    expect((await call(t, token, 'DELETE', `/api/simulations/${simId}/user_exports`)).status).toBe(204);
    expect((await call(t, token, 'GET', `/api/simulations/${simId}/user_exports`)).json()).toMatchObject({ id: waiting.id, state: 'canceled' });

    const started = (await call(t, token, 'POST', `/api/simulations/${simId}/user_exports`, base())).json();
    await waitFor('export', async () => ((await call(t, token, 'GET', `/api/simulations/${simId}/user_exports`)).json()?.state === 'completed' ? true : null));
    await t.db.db.update(jobs).set({ finishedAt: new Date(Date.now() - 8 * 24 * 3600 * 1000) }).where(eq(jobs.id, started.id));
    const expired = (await call(t, token, 'GET', `/api/simulations/${simId}/user_exports`)).json();
    expect(expired).toMatchObject({ id: started.id, state: 'expired', archiveFileId: null });
    expect(expired.errors[0]).toEqual({ description: MESSAGES.exportExpired });
    expect(expired.files.every((f: { state: string }) => f.state === 'expired')).toBe(true);
  });

  it('stops a running export or sensor computation at once when cancelled', async () => {
    const services = t.app.surge.runs.services;
    const cancelled = (job: JobRow): JobContext => {
      const controller = new AbortController();
      controller.abort('cancel');
      return { job: { ...job, state: 'running' }, services, workerId: 'test', signal: controller.signal, abortReason: () => 'cancel', update: async () => undefined };
    };
    const exportJob = await services.dispatcher.create(t.db.db, { kind: 'user_export', organizationId: t.organizationId, simulationId: simId, runId, createdBy: t.admin.id, payload: { request: base() } });
    expect(await userExportHandler.run(cancelled(exportJob))).toEqual({ state: 'canceled' });
    expect(existsSync(join(t.storageDir, 'simulations', simId, 'exports', exportJob.id))).toBe(false);

    const sensorJob = await services.dispatcher.create(t.db.db, { kind: 'sensor_recomputation', organizationId: t.organizationId, simulationId: simId, runId, createdBy: t.admin.id });
    expect(await sensorRecomputationHandler.run(cancelled(sensorJob))).toMatchObject({ state: 'canceled' });
    // Outputs it did not reach say so instead of waiting for ever.
    const outputs = (await call(t, token, 'GET', `/api/simulations/${simId}/outputs`)).json();
    expect(outputs.every((o: { states: { sensor: string } }) => o.states.sensor === 'failed')).toBe(true);
    await services.dispatcher.cancel(exportJob);
    await services.dispatcher.cancel(sensorJob);
  });

  it('is reachable only with access to the simulation', async () => {
    const stranger = await tokenFor(t, (await createUser(t, await createOrganization(t, 'Outside'), 'manager')).id);
    expect((await call(t, stranger, 'GET', `/api/simulations/${simId}/user_exports`)).status).toBe(404);
    expect((await call(t, stranger, 'POST', `/api/simulations/${simId}/user_exports`, base())).status).toBe(404);
    expect((await call(t, stranger, 'GET', `/api/simulations/${simId}/custom_sensors`)).status).toBe(404);
    expect((await call(t, stranger, 'POST', `/api/simulations/${simId}/sensor_outputs/recomputation`)).status).toBe(404);
  });
});
