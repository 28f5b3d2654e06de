// The realtime channel of runs: subscriptions only with access to the simulation (another organisation
// and a contributor on someone else's project are refused), events of a run (simulation, job, log,
// outputs) delivered to subscribers, sync, and the fetch commands answering with downloadable files.
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
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
} from './harness.ts';

type Message = Record<string, unknown> & { type: string };
let t: RunsTestApp;
let wsUrl: string;
let token: string;
let simId: string;
const sockets: WebSocket[] = [];

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function connect(as: string) {
  const socket = new WebSocket(`${wsUrl}?access_token=${as}`);
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
    }, 60_000, 20);
  return { send, next, received };
}

beforeAll(async () => {
  const port = await freePort();
  t = await startRunsApp({ config: { port } });
  await t.app.listen({ port, host: '127.0.0.1' });
  wsUrl = `ws://127.0.0.1:${port}/ws`;
  token = await adminToken(t);
  simId = await createSimulationWithSetup(t, token, smallDamBreak());
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t?.close();
});

describe('subscriptions', () => {
  it('refuses another organisation and a contributor without access, like the REST API', async () => {
    const other = await tokenFor(t, (await createUser(t, await createOrganization(t, 'Other'), 'manager')).id);
    const outsider = await connect(other);
    outsider.send({ type: 'subscribe', simId });
    expect(await outsider.next((m) => m.type === 'error', 'refusal')).toMatchObject({ error: 'not_found', command: 'subscribe', simId });
    outsider.send({ type: 'fetch.available_outputs', simId });
    expect(await outsider.next((m) => m.type === 'error', 'refusal')).toMatchObject({ error: 'not_found', command: 'fetch.available_outputs' });
    outsider.send({ type: 'fetch.data', simId, outputs: [0], requests: [{ objIds: ['fluid_0'] }] });
    expect(await outsider.next((m) => m.type === 'error', 'refusal')).toMatchObject({ error: 'not_found', command: 'fetch.data' });

    const contributor = await connect(await tokenFor(t, (await createUser(t, t.organizationId, 'contributor')).id));
    contributor.send({ type: 'subscribe', simId });
    expect(await contributor.next((m) => m.type === 'error', 'refusal')).toMatchObject({ error: 'forbidden', command: 'subscribe' });
    contributor.send({ type: 'subscribe', simId: 'not-an-id' });
    expect(await contributor.next((m) => m.type === 'error', 'refusal')).toMatchObject({ error: 'invalid_command' });
  });

  it('delivers the events of a run to subscribers only', async () => {
    const owner = await connect(token);
    owner.send({ type: 'subscribe', simId });
    await owner.next((m) => m.type === 'subscribed', 'subscribed');
    expect(await owner.next((m) => m.type === 'simulation.update', 'snapshot')).toMatchObject({ simId, state: 'not_started' });
    const bystander = await connect(token);

    const started = await call(t, token, 'POST', `/api/simulations/${simId}/runs`, { solverId: await solverId(t, token), cores: 1, mode: 'start' });
    expect(started.status).toBe(201);
    expect(await waitForState(t.db.db, simId, ['completed', 'failed'])).toBe('completed');
    await owner.next((m) => m.type === 'simulation.update' && m.state === 'completed', 'completed event');
    const states = owner.received.filter((m) => m.type === 'simulation.update').map((m) => m.state);
    expect(states).toContain('running');
    // The job ends a moment after the run: once its outputs are post-processed.
    const jobUpdates = () => owner.received.filter((m) => m.type === 'job.update').map((m) => (m.job as { state: string }).state);
    await waitFor('the job completed event', async () => jobUpdates().includes('completed') || null, 60_000, 20);
    const jobStates = jobUpdates();
    expect(jobStates).toEqual(expect.arrayContaining(['scheduled', 'running', 'completed']));
    const logged = owner.received.filter((m) => m.type === 'log.append').flatMap((m) => m.entries as { event: string }[]);
    expect(logged[0].event).toBe('start');
    expect(logged.at(-1)?.event).toBe('complete');
    // Each output is announced when recorded, and again when its states change (post-processing).
    const outputs = owner.received.filter((m) => m.type === 'outputs.available').flatMap((m) => m.outputs as { outputNo: number }[]);
    expect([...new Set(outputs.map((o) => o.outputNo))].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(bystander.received).toEqual([]);

    owner.send({ type: 'sync' });
    const sync = await owner.next((m) => m.type === 'sys.sync.resp', 'sync');
    expect((sync.vizUpdates as Record<string, unknown[]>)[simId]).toHaveLength(6);
    bystander.send({ type: 'sync' });
    expect(await bystander.next((m) => m.type === 'sys.sync.resp', 'sync')).toEqual({ type: 'sys.sync.resp', vizUpdates: {}, sensorUpdates: {}, runIds: {} });
  });

  it('catches a reconnecting client up with subscribe and sync sent together', async () => {
    const runId = (await call(t, token, 'GET', `/api/simulations/${simId}`)).json().activeRunId as string;
    expect(runId).toBeTruthy();
    const fresh = await createSimulationWithSetup(t, token, smallDamBreak());
    const client = await connect(token);
    // No waiting for 'subscribed': the sync that follows must already see both subscriptions.
    client.send({ type: 'subscribe', simId });
    client.send({ type: 'subscribe', simId: fresh });
    client.send({ type: 'sync' });
    const sync = await client.next((m) => m.type === 'sys.sync.resp', 'sync');
    expect(sync.runIds).toEqual({ [simId]: runId, [fresh]: null });
    const outputs: { outputNo: number; states: { visualization: string; sensor: string } }[] = (await call(t, token, 'GET', `/api/simulations/${simId}/outputs`)).json();
    expect(outputs).toHaveLength(6);
    expect(sync.vizUpdates).toEqual({ [simId]: outputs.map((o) => ({ outputNo: o.outputNo, state: o.states.visualization })) });
    expect(sync.sensorUpdates).toEqual({ [simId]: outputs.map((o) => ({ outputNo: o.outputNo, state: o.states.sensor })) });
    // Each simulation's state came with its subscribe and again with the sync, ahead of the reply.
    const snapshots = client.received.filter((m) => m.type === 'simulation.update');
    expect(snapshots.filter((m) => m.simId === simId)).toEqual([
      expect.objectContaining({ state: 'completed', activeRunId: runId }),
      expect.objectContaining({ state: 'completed', activeRunId: runId }),
    ]);
    expect(snapshots.filter((m) => m.simId === fresh)).toEqual([
      expect.objectContaining({ state: 'not_started', activeRunId: null }),
      expect.objectContaining({ state: 'not_started', activeRunId: null }),
    ]);
  });

  it('answers the fetch commands with output metadata and file URLs that download', async () => {
    const client = await connect(token);
    client.send({ type: 'fetch.available_outputs', simId });
    const available = await client.next((m) => m.type === 'fetch.available_outputs.resp', 'outputs');
    expect((available.outputs as unknown[]).length).toBe(6);

    client.send({ type: 'fetch.info', simId, outputs: [2, 42] });
    const info = await client.next((m) => m.type === 'fetch.info.resp', 'info');
    expect(info).toMatchObject({ simId, outputNo: 2 });
    expect(await client.next((m) => m.type === 'fetch.info.missing_output', 'missing')).toMatchObject({ outputNo: 42 });
    const meta = info.meta as { objects: { id: string; kind: string; datasets: { name: string; count: number }[] }[] };
    const fluid = meta.objects.find((o) => o.kind === 'fluid')!;

    client.send({ type: 'fetch.data', simId, outputs: [2], requests: [{ objIds: [fluid.id, 'nope'], attributes: ['velocity', 'pressure', 'colour'], dataset: 'full', geometry: true }] });
    expect(await client.next((m) => m.type === 'missing_object', 'missing object')).toMatchObject({ objId: 'nope' });
    expect(await client.next((m) => m.type === 'missing_attribute', 'missing attribute')).toMatchObject({ attribute: 'colour' });
    const bundle = await client.next((m) => m.type === 'fetch.data.bundle', 'bundle');
    const files = bundle.files as { role: string; attribute: string | null; url: string; count: number; components: number }[];
    expect(files.map((f) => f.attribute ?? f.role)).toEqual(['positions', 'velocity', 'pressure']);
    for (const file of files) {
      const response = await t.app.inject({ method: 'GET', url: file.url, headers: { authorization: `Bearer ${token}` } });
      expect(response.statusCode, file.url).toBe(200);
      expect(response.rawPayload.length).toBe(file.count * file.components * 4);
    }
    const count = fluid.datasets.find((d) => d.name === 'full')!.count;
    expect(files[0].count).toBe(count);
  });
});
