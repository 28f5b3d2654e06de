// Cluster mode: an API process queues on Redis (BullMQ) and owns no jobs; two worker processes
// (`node src/server/worker.ts`) share a fresh PostgreSQL database and the storage directory. The worker
// running a simulation is killed with SIGKILL mid-run: the other one notices the silent heartbeat,
// continues the run from its last checkpoint, and the run completes with every output, a consistent
// ledger and no job left running. Events produced by the workers reach the API's sockets through Redis.
import { spawn, type ChildProcess } from 'node:child_process';
import { access } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { outputCount } from '../../../src/domain/settings.ts';
import { buildApp } from '../../../src/server/app.ts';
import { jobs } from '../../../src/server/platform/db/schema.ts';
import { findUserByEmail } from '../../../src/server/account/users.repository.ts';
import { RunStorage } from '../../../src/server/platform/storage/storage.ts';
import { INITIAL_CREDITS } from '../../../src/server/account/seed.ts';
import { createTestDatabase, POSTGRES_ADMIN_URL, testConfig, type TestDatabase } from '../server/harness.ts';
import { call, createSimulationWithSetup, expectConsistentLedger, runLogEvents, smallDamBreak, solverId, tokenFor, waitFor, waitForState, type RunsTestApp } from './harness.ts';

const REDIS_URL = process.env.SURGE_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ROOT = resolve(import.meta.dirname, '../../..');
const PREFIX = `surge-test-${randomBytes(4).toString('hex')}`;
const TIMING = { heartbeatMs: 300, staleMs: 3000, sweepIntervalMs: 500, chargeIntervalMs: 200, logIntervalMs: 200 };

type Worker = { process: ChildProcess; workerId: string; output: string[] };

let db: TestDatabase;
let t: RunsTestApp;
let databaseUrl: string;
let wsUrl: string;
let cleanupConfig: () => void = () => undefined;
const workers: Worker[] = [];

async function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function startWorker(storageDir: string): Promise<Worker> {
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', join(ROOT, 'src/server/worker.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      STORAGE_DIR: storageDir,
      SURGE_QUEUE_PREFIX: PREFIX,
      SURGE_JOB_HEARTBEAT_MS: String(TIMING.heartbeatMs),
      SURGE_JOB_STALE_MS: String(TIMING.staleMs),
      SURGE_JOB_SWEEP_MS: String(TIMING.sweepIntervalMs),
      SURGE_CHARGE_INTERVAL_MS: String(TIMING.chargeIntervalMs),
      SURGE_SOLVER_LOG_INTERVAL_MS: String(TIMING.logIntervalMs),
      SURGE_MAX_SOLVER_THREADS: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  return new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`worker did not start:\n${output.join('')}`)), 60_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      output.push(text);
      const ready = /SURGE_WORKER_READY (\{.*\})/.exec(text);
      if (ready) {
        clearTimeout(timer);
        done({ process: child, workerId: (JSON.parse(ready[1]) as { workerId: string }).workerId, output });
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`worker exited with ${code}:\n${output.join('')}`));
    });
  });
}

beforeAll(async () => {
  db = await createTestDatabase('postgres');
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${db.name}`;
  databaseUrl = url.href;
  const port = await freePort();
  const config = testConfig({ port });
  cleanupConfig = config.cleanup;
  const app = await buildApp(config, {
    database: db,
    logger: false,
    runs: { ...TIMING, redisUrl: REDIS_URL, queuePrefix: PREFIX, processJobs: false, kinds: null, shutdownGraceMs: 5000 },
  });
  await app.listen({ port, host: '127.0.0.1' });
  wsUrl = `ws://127.0.0.1:${port}/ws`;
  const admin = await findUserByEmail(db.db, app.surge.seed.adminEmail);
  if (!admin) throw new Error('no admin');
  t = { app, config, db, organizationId: app.surge.seed.organizationId, admin, storageDir: config.storageDir, close: async () => undefined };
  workers.push(...(await Promise.all([startWorker(config.storageDir), startWorker(config.storageDir)])));
}, 120_000);

afterAll(async () => {
  for (const w of workers) if (w.process.exitCode === null && w.process.signalCode === null) w.process.kill('SIGTERM');
  await Promise.all(workers.map((w) => (w.process.exitCode === null && w.process.signalCode === null ? new Promise((r) => w.process.once('exit', r)) : null)));
  await t?.app.close();
  await db?.drop();
  cleanupConfig();
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${PREFIX}:*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
}, 60_000);

describe('cluster mode', () => {
  it('finishes a run whose worker was killed mid-run on the other worker, with every output and a consistent ledger', async () => {
    expect(t.app.surge.runs.runner).toBeNull();
    const token = await tokenFor(t, t.admin.id, { expiresIn: '1h' });
    const setup = smallDamBreak({ endTime: 2.5, outputTimeInterval: 0.1 });
    const simId = await createSimulationWithSetup(t, token, setup);

    const socket = new WebSocket(`${wsUrl}?access_token=${token}`);
    const events: { type: string; [key: string]: unknown }[] = [];
    socket.on('message', (data) => events.push(JSON.parse(data.toString()) as { type: string }));
    await new Promise((r) => socket.once('open', r));
    socket.send(JSON.stringify({ type: 'subscribe', simId }));
    await waitFor('subscribed', async () => events.some((e) => e.type === 'subscribed'));

    const started = await call(t, token, 'POST', `/api/simulations/${simId}/runs`, { solverId: await solverId(t, token), cores: 2, mode: 'start' });
    expect(started.status, started.text).toBe(201);
    const runId = started.json().id as string;
    await waitFor('three outputs', async () => (await call(t, token, 'GET', `/api/simulations/${simId}/outputs`)).json().length >= 3, 60_000);
    const [first] = await db.db.select().from(jobs).where(eq(jobs.runId, runId));
    const holder = workers.find((w) => w.workerId === first.workerId);
    expect(holder, `worker ${first.workerId} runs the job`).toBeDefined();
    holder!.process.kill('SIGKILL');
    const killedAt = Date.now();

    expect(await waitForState(db.db, simId, ['completed', 'failed', 'stopped'], 100_000)).toBe('completed');
    const survivor = workers.find((w) => w !== holder)!;
    const sessions = await db.db.select().from(jobs).where(eq(jobs.runId, runId));
    const byAttempt = sessions.sort((a, b) => a.attempt - b.attempt).map((j) => ({ attempt: j.attempt, state: j.state, workerId: j.workerId }));
    expect(byAttempt[0]).toMatchObject({ attempt: 1, state: 'failed', workerId: holder!.workerId });
    expect(byAttempt.at(-1)).toMatchObject({ state: 'completed', workerId: survivor.workerId });
    expect(sessions.find((j) => j.attempt === 1)?.errors.map((e) => e.errorCode)).toContain('worker_lost');
    expect(Date.now() - killedAt).toBeLessThan(90_000);

    const outputs = (await call(t, token, 'GET', `/api/simulations/${simId}/outputs`)).json() as { outputNo: number }[];
    const expected = outputCount(setup.settings);
    expect(outputs.map((o) => o.outputNo)).toEqual([...Array(expected).keys()]);
    const storage = new RunStorage(t.storageDir);
    for (const o of outputs) {
      await access(storage.outputFile(simId, runId, o.outputNo, 'meta.json')!);
      const meta = await call(t, token, 'GET', `/api/simulations/${simId}/outputs/${o.outputNo}/meta.json`);
      expect(meta.status).toBe(200);
      expect(meta.json().outputNo).toBe(o.outputNo);
    }
    const log = await runLogEvents(t, simId, runId);
    expect(log).toContain('resume');
    expect(log.at(-1)).toBe('complete');
    await expectConsistentLedger(db.db, t.organizationId, INITIAL_CREDITS);

    // Produced by the workers, delivered by the API's socket through Redis. An event the killed worker had
    // not sent yet is lost with it (pub/sub delivers at most once); sync restores the full picture.
    const delivered = new Set(events.filter((e) => e.type === 'outputs.available').flatMap((e) => (e.outputs as { outputNo: number }[]).map((o) => o.outputNo)));
    const afterRecovery = Math.max(...outputs.map((o) => o.outputNo));
    expect(delivered.has(0)).toBe(true);
    expect(delivered.has(afterRecovery)).toBe(true);
    expect(delivered.size).toBeGreaterThanOrEqual(expected - 1);
    expect(events.some((e) => e.type === 'simulation.update' && e.state === 'completed')).toBe(true);
    socket.send(JSON.stringify({ type: 'sync' }));
    const sync = await waitFor('sync', async () => events.find((e) => e.type === 'sys.sync.resp'));
    expect((sync.vizUpdates as Record<string, { outputNo: number; state: string }[]>)[simId].map((u) => `${u.outputNo}:${u.state}`)).toEqual(
      [...Array(expected).keys()].map((n) => `${n}:ready`),
    );
    socket.close();
  }, 150_000);
});
