// With Redis gone, starting a run answers 503 at once and changes nothing; once Redis is back the same
// request starts the run. Redis is reached through a TCP relay that the test cuts and restores, so the
// shared Redis on 127.0.0.1:6379 itself is never stopped.
import { createServer, connect, type Server, type Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call, createSimulationWithSetup, simulationState, smallDamBreak, solverId, startRunsApp, waitFor, type RunsTestApp } from './harness.ts';

const REDIS = { host: '127.0.0.1', port: 6379 };

/** A relay to Redis whose connections can be cut (down) and accepted again (up). */
class RedisRelay {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  port = 0;

  async up(): Promise<void> {
    if (this.server) return;
    const server = createServer((client) => {
      const upstream = connect(REDIS.port, REDIS.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as { port: number }).port;
    this.server = server;
  }

  async down(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

let t: RunsTestApp;
let relay: RedisRelay;
let token: string;

beforeAll(async () => {
  relay = new RedisRelay();
  await relay.up();
  t = await startRunsApp({
    runs: { redisUrl: `redis://127.0.0.1:${relay.port}`, queuePrefix: `surge-test-${randomBytes(4).toString('hex')}`, processJobs: false },
  });
  token = await adminToken(t);
});
afterAll(async () => {
  // Redis back first, so that the app's connections close cleanly.
  await relay?.up();
  await t?.close();
  await relay.down();
});

describe('job queue unavailable', () => {
  it('answers POST /runs with a fast 503 and leaves the simulation as it was', async () => {
    const simId = await createSimulationWithSetup(t, token, smallDamBreak());
    const solver = await solverId(t, token);
    await relay.down();
    // Redis has been gone for a moment (the app's connections have noticed).
    await new Promise((resolve) => setTimeout(resolve, 500));
    const started = performance.now();
    const refused = await call(t, token, 'POST', `/api/simulations/${simId}/runs`, { solverId: solver, cores: 1, gpu: false, mode: 'start' });
    const seconds = (performance.now() - started) / 1000;
    console.log(`POST /runs with Redis down: ${refused.status} after ${seconds.toFixed(2)} s`);
    expect(refused.status, refused.text).toBe(503);
    expect(refused.json()).toMatchObject({ title: 'service_unavailable', status: 503 });
    expect(seconds).toBeLessThan(5);
    expect(await simulationState(t.db.db, simId)).toBe('not_started');
    expect((await call(t, token, 'GET', `/api/simulations/${simId}/runs`)).json()).toEqual([]);

    // Redis back: the same request is accepted (no worker runs it here; it is queued).
    await relay.up();
    const accepted = await waitFor('the queue to reconnect', async () => {
      const answer = await call(t, token, 'POST', `/api/simulations/${simId}/runs`, { solverId: solver, cores: 1, gpu: false, mode: 'start' });
      return answer.status === 503 ? null : answer;
    }, 30_000, 500);
    expect(accepted.status, accepted.text).toBe(201);
  });
});
