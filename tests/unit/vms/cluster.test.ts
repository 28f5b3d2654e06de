// Machines in cluster mode: the API process runs no jobs, a worker process (`node src/server/worker.ts`)
// takes the machine's job from the queue on Redis and runs the sandbox. The API reaches it through the
// worker's agent: its terminal over the API's realtime socket, its files over the API's routes, and SFTP
// through the API's SFTP server, passed through to the worker's. A worker killed with SIGKILL takes its
// machine's processes with it, and the API's sweeper marks the machine stopped.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { Redis } from 'ioredis';
import ssh2 from 'ssh2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { VM_MESSAGES, type RemoteVm } from '../../../src/domain/vm.ts';
import { buildApp } from '../../../src/server/app.ts';
import { findUserByEmail } from '../../../src/server/account/users.repository.ts';
import { findMachine } from '../../../src/server/vms/vms.repository.ts';
import { multipartBody } from '../server/authorizationFixture.ts';
import { createTestDatabase, POSTGRES_ADMIN_URL, TEST_VMS, testConfig, type TestDatabase } from '../server/harness.ts';
import { call, createSimulationWithSetup, smallDamBreak, solverId, tokenFor, waitFor, waitForState, type RunsTestApp } from '../runs/harness.ts';

const REDIS_URL = process.env.SURGE_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ROOT = resolve(import.meta.dirname, '../../..');
const PREFIX = `surge-vm-test-${randomBytes(4).toString('hex')}`;
const TIMING = { heartbeatMs: 300, staleMs: 3000, sweepIntervalMs: 500 };

let db: TestDatabase;
let t: RunsTestApp;
let port: number;
let worker: ChildProcess;
let token: string;
let simulationId: string;
let cleanupConfig: () => void = () => undefined;

async function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function startWorker(databaseUrl: string, storageDir: string, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', join(ROOT, 'src/server/worker.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      STORAGE_DIR: storageDir,
      DATA_DIR: join(dataDir, 'worker'),
      SURGE_QUEUE_PREFIX: PREFIX,
      SURGE_JOB_HEARTBEAT_MS: String(TIMING.heartbeatMs),
      SURGE_JOB_STALE_MS: String(TIMING.staleMs),
      SURGE_JOB_SWEEP_MS: String(TIMING.sweepIntervalMs),
      SURGE_MAX_SOLVER_THREADS: '1',
      SURGE_VM_SFTP_HOST: '127.0.0.1',
      SURGE_VM_SFTP_PORT: '0',
      SURGE_VM_AGENT_HOST: '127.0.0.1',
      SURGE_VM_AGENT_PORT: '0',
      SURGE_VM_ACCOUNTING_MS: '500',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`worker did not start:\n${output}`)), 60_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('SURGE_WORKER_READY')) {
        clearTimeout(timer);
        done(child);
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`worker exited with ${code}:\n${output}`));
    });
  });
}

beforeAll(async () => {
  db = await createTestDatabase('postgres');
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${db.name}`;
  port = await freePort();
  const config = testConfig({ port, publicUrl: `http://127.0.0.1:${port}` });
  cleanupConfig = config.cleanup;
  const app = await buildApp(config, {
    database: db,
    logger: false,
    runs: { ...TIMING, redisUrl: REDIS_URL, queuePrefix: PREFIX, processJobs: false, kinds: null, shutdownGraceMs: 5000 },
    vms: TEST_VMS,
  });
  await app.listen({ port, host: '127.0.0.1' });
  const admin = await findUserByEmail(db.db, app.surge.seed.adminEmail);
  if (!admin) throw new Error('no admin');
  t = { app, config, db, organizationId: app.surge.seed.organizationId, admin, storageDir: config.storageDir, close: async () => undefined };
  worker = await startWorker(url.href, config.storageDir, config.dataDir);
  token = await tokenFor(t, admin.id, { expiresIn: '1h' });
  simulationId = await createSimulationWithSetup(t, token, smallDamBreak(), 'Cluster machine');
  const started = await call(t, token, 'POST', `/api/simulations/${simulationId}/runs`, { solverId: await solverId(t, token), cores: 1, mode: 'start' });
  expect(started.status, started.text).toBe(201);
  expect(await waitForState(db.db, simulationId, ['completed', 'failed', 'launch_failed'], 90_000)).toBe('completed');
}, 180_000);

afterAll(async () => {
  if (worker && worker.exitCode === null && worker.signalCode === null) {
    worker.kill('SIGTERM');
    await new Promise((r) => worker.once('exit', r));
  }
  await t?.app.close();
  await db?.drop();
  cleanupConfig();
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${PREFIX}:*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
}, 60_000);

describe('machines in cluster mode', () => {
  let vm: RemoteVm;

  it('runs the machine on the worker that took its job', async () => {
    expect(t.app.surge.vms.host).toBeNull();
    const launched = await call(t, token, 'POST', `/api/simulations/${simulationId}/remote_vms`);
    expect(launched.status, launched.text).toBe(201);
    vm = await waitFor('the machine running', async () => {
      const current = (await call(t, token, 'GET', `/api/simulations/${simulationId}/remote_vms`)).json() as RemoteVm;
      if (current.state === 'failed') throw new Error(current.message ?? 'failed');
      return current.state === 'running' ? current : null;
    }, 60_000);
    const row = await findMachine(db.db, vm.id);
    console.log(`machine ${vm.name} on host ${row?.hostId}, agent ${row?.agentUrl}, SFTP ${row?.sftpAddress}; the API's SFTP port ${vm.sftp?.port}`);
    expect(row?.agentUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(vm.sftp?.port).toBe(t.app.surge.vms.sftpPort());
  }, 90_000);

  it("proxies the terminal through the API's realtime socket", async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws?access_token=${token}`);
    let text = '';
    ws.on('message', (data) => {
      const message = JSON.parse(data.toString()) as { type: string; data?: string; replay?: string };
      if (message.type === 'vm.terminal.output') text += message.data;
      if (message.type === 'vm.terminal.opened') text += message.replay;
    });
    await new Promise((r) => ws.once('open', r));
    ws.send(JSON.stringify({ type: 'vm.terminal.open', simId: simulationId, cols: 100, rows: 30 }));
    await waitFor('a prompt', async () => text.includes('$'), 30_000);
    ws.send(JSON.stringify({ type: 'vm.terminal.input', simId: simulationId, data: 'echo ANSWER-$((40+2)) $(hostname)\r' }));
    await waitFor('the answer', async () => text.includes(`ANSWER-42 ${vm.name}`), 30_000);
    ws.close();
  }, 60_000);

  it("proxies files and SFTP to the worker's machine", async () => {
    const { payload, headers } = multipartBody({}, { name: 'via-api.txt', bytes: Buffer.from('through the agent') });
    const uploaded = await t.app.inject({ method: 'POST', url: `/api/simulations/${simulationId}/remote_vms/files?path=/home`, payload, headers: { ...headers, authorization: `Bearer ${token}` } });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const listing = await call(t, token, 'GET', `/api/simulations/${simulationId}/remote_vms/files?path=/home`);
    expect(listing.json().entries.map((e: { name: string }) => e.name)).toEqual(expect.arrayContaining(['README.txt', 'via-api.txt']));
    const refused = await call(t, token, 'GET', `/api/simulations/${simulationId}/remote_vms/files?path=/home/missing`);
    expect(refused.status).toBe(404);

    const { client, sftp } = await new Promise<{ client: ssh2.Client; sftp: ssh2.SFTPWrapper }>((done, fail) => {
      const c = new ssh2.Client();
      c.on('ready', () => c.sftp((error, s) => (error ? fail(error) : done({ client: c, sftp: s }))));
      c.on('error', fail);
      c.connect({ host: '127.0.0.1', port: vm.sftp?.port ?? 0, username: vm.sftp?.username ?? '', password: vm.password ?? '', readyTimeout: 10_000 });
    });
    const read = (path: string) => new Promise<string>((done, fail) => sftp.readFile(path, (error, data) => (error ? fail(error) : done(data.toString()))));
    await new Promise<void>((done, fail) => sftp.writeFile('/home/via-sftp.txt', 'through the pass-through', (error) => (error ? fail(error) : done())));
    expect(await read('/home/via-api.txt')).toBe('through the agent');
    expect(JSON.parse(await read('/outputs/0/meta.json')).outputNo).toBe(0);
    client.end();

    const link = await call(t, token, 'GET', `/api/simulations/${simulationId}/remote_vms/files/link?path=/home/via-sftp.txt`);
    expect(link.status, link.text).toBe(200);
    expect(await (await fetch(link.json().url as string)).text()).toBe('through the pass-through');
  }, 60_000);

  it("stops the machine when its worker is killed: processes gone, marked stopped by the API's sweeper", async () => {
    const sandboxes = () => spawnSync('pgrep', ['-f', `hostname ${vm.name}`], { encoding: 'utf8' }).stdout.trim().split('\n').filter(Boolean).length;
    expect(sandboxes()).toBeGreaterThan(0);
    const killedAt = Date.now();
    worker.kill('SIGKILL');
    await new Promise((r) => worker.once('exit', r));
    const stopped = await waitFor('the machine marked stopped', async () => {
      const current = (await call(t, token, 'GET', `/api/simulations/${simulationId}/remote_vms`)).json() as RemoteVm;
      return current.state === 'stopped' ? current : null;
    }, 30_000);
    console.log(`worker killed: machine marked stopped after ${Date.now() - killedAt} ms, ${sandboxes()} sandbox processes left`);
    expect(stopped.message).toBe(VM_MESSAGES.stoppedHostLost);
    await waitFor('the sandbox gone', async () => sandboxes() === 0, 5000);
  }, 60_000);
});
