// The realtime channel under an access grant: a socket opened while acting in the granted organisation
// closes (code 4003) once a team admin revokes the grant; a socket of the own organisation stays open.
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { call, createOrganization, createUser, startTestApp, tokenFor, type TestApp } from '../server/harness.ts';

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

function open(token: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${wsUrl}?access_token=${token}`);
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

function closed(socket: WebSocket): Promise<number> {
  return new Promise((resolve) => socket.once('close', (code) => resolve(code)));
}

describe('realtime channel under an access grant', () => {
  it('closes when the grant is revoked', async () => {
    const internal = await createOrganization(t, 'Surge Internal');
    const support = await tokenFor(t, (await createUser(t, internal, 'support')).id);
    const manager = await tokenFor(t, t.admin.id);
    const grant = (await call(t, support, 'POST', '/api/admin/access_grants', { organizationId: t.organizationId, reason: 'support' })).json();
    expect((await call(t, support, 'PUT', '/api/users/active_access_grant', { accessGrantId: grant.id })).status).toBe(200);

    const underGrant = await open(support);
    const own = await open(manager);
    const closing = closed(underGrant);
    expect((await call(t, manager, 'DELETE', `/api/mgmt/access_grants/${grant.id}`)).status).toBe(200);
    const started = Date.now();
    expect(await closing).toBe(4003);
    expect(Date.now() - started).toBeLessThan(7000);
    expect(own.readyState).toBe(WebSocket.OPEN);
    own.close();
  }, 20_000);
});
