// The realtime WebSocket /ws: refused without a valid access token or ticket; a ticket from POST
// /api/fetch/auth opens one socket; heartbeat and sync answered; malformed and unknown commands get an
// error reply instead of closing the channel.
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestApp, tokenFor, type TestApp } from './harness.ts';

let t: TestApp;
let wsUrl: string;

beforeAll(async () => {
  const port = await new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
  t = await startTestApp({ config: { port } });
  await t.app.listen({ port, host: '127.0.0.1' });
  wsUrl = `ws://127.0.0.1:${port}/ws`;
});
afterAll(async () => t?.close());

function open(url: string): Promise<{ socket: WebSocket; next: () => Promise<Record<string, unknown>> }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    const queue: Record<string, unknown>[] = [];
    const waiters: ((m: Record<string, unknown>) => void)[] = [];
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as Record<string, unknown>;
      const waiter = waiters.shift();
      if (waiter) waiter(message);
      else queue.push(message);
    });
    socket.once('open', () =>
      resolve({ socket, next: () => new Promise((r) => (queue.length > 0 ? r(queue.shift() as Record<string, unknown>) : waiters.push(r))) }),
    );
    socket.once('unexpected-response', (_request, response) => reject(new Error(`HTTP ${response.statusCode}`)));
    socket.once('error', reject);
  });
}

describe('realtime channel', () => {
  it('refuses the upgrade without a valid token', async () => {
    await expect(open(wsUrl)).rejects.toThrow('HTTP 401');
    await expect(open(`${wsUrl}?access_token=garbage`)).rejects.toThrow('HTTP 401');
  });

  it('answers ping and sync, and reports bad commands', async () => {
    const token = await tokenFor(t, t.admin.id);
    const { socket, next } = await open(`${wsUrl}?access_token=${token}`);
    socket.send(JSON.stringify({ type: 'ping' }));
    expect(await next()).toEqual({ type: 'pong' });
    socket.send(JSON.stringify({ type: 'sync' }));
    expect(await next()).toEqual({ type: 'sys.sync.resp', vizUpdates: {}, sensorUpdates: {}, runIds: {} });
    socket.send('not json');
    expect(await next()).toMatchObject({ type: 'error', error: 'malformed_message' });
    socket.send(JSON.stringify({ type: 'fetch.nothing' }));
    expect(await next()).toMatchObject({ type: 'error', error: 'unknown_command', command: 'fetch.nothing' });
    socket.send(JSON.stringify({ type: 'ping' }));
    expect(await next()).toEqual({ type: 'pong' });
    socket.close();
  });

  it('opens a socket with a ticket bought with the access token, once, and refuses forged ones', async () => {
    const token = await tokenFor(t, t.admin.id);
    expect((await t.app.inject({ method: 'POST', url: '/api/fetch/auth' })).statusCode).toBe(401);
    const bought = await t.app.inject({ method: 'POST', url: '/api/fetch/auth', headers: { authorization: `Bearer ${token}` } });
    expect(bought.statusCode, bought.body).toBe(201);
    const ticket = bought.json() as { token: string; ttl: number };
    expect(ticket.ttl).toBe(60);
    const { socket, next } = await open(`${wsUrl}?ticket=${encodeURIComponent(ticket.token)}`);
    socket.send(JSON.stringify({ type: 'ping' }));
    expect(await next()).toEqual({ type: 'pong' });
    socket.close();
    // Used once; an access token is no ticket; a ticket signed with another key is refused.
    await expect(open(`${wsUrl}?ticket=${encodeURIComponent(ticket.token)}`)).rejects.toThrow('HTTP 401');
    await expect(open(`${wsUrl}?ticket=${encodeURIComponent(token)}`)).rejects.toThrow('HTTP 401');
    const [header, payload] = ticket.token.split('.');
    await expect(open(`${wsUrl}?ticket=${header}.${payload}.${'A'.repeat(43)}`)).rejects.toThrow('HTTP 401');
  });
});
