// Two API replicas on one PostgreSQL and one Redis, as in cluster mode: failed sign-ins on one count on
// the other (kept in Redis), and revoking an access token on one ends it on the other at once.
import { createServer } from 'node:net';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrowser, loginWithPassword, pkcePair, WEB_CLIENT_ID, WEB_SCOPE, type Browser } from '../../support/login.ts';
import { buildApp } from '../../../src/server/app.ts';
import { openDatabase, type DatabaseHandle } from '../../../src/server/platform/db/client.ts';
import { createTestDatabase, createUser, POSTGRES_ADMIN_URL, testConfig, type TestDatabase } from './harness.ts';

const REDIS_URL = process.env.SURGE_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `surge-test-${randomBytes(4).toString('hex')}`;

let db: TestDatabase;
let secondHandle: DatabaseHandle;
let replicas: FastifyInstance[] = [];
let ports: number[] = [];
let publicUrl: string;
let cleanup: () => void = () => undefined;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

beforeAll(async () => {
  db = await createTestDatabase('postgres');
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${db.name}`;
  secondHandle = await openDatabase({ driver: 'postgres', url: url.href, poolSize: 5 });
  ports = [await freePort(), await freePort()];
  // Both replicas answer for the same public address, as behind a load balancer.
  const config = testConfig({ port: ports[0] });
  cleanup = config.cleanup;
  publicUrl = config.publicUrl;
  const runs = { redisUrl: REDIS_URL, queuePrefix: PREFIX, processJobs: false, kinds: null };
  replicas = [await buildApp(config, { database: db, logger: false, runs })];
  replicas.push(await buildApp(config, { database: secondHandle, logger: false, runs }));
  await Promise.all(replicas.map((app, i) => app.listen({ port: ports[i], host: '127.0.0.1' })));
}, 120_000);

afterAll(async () => {
  for (const app of replicas) await app.close();
  await secondHandle?.close();
  await db?.drop();
  cleanup();
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${PREFIX}:*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

const onReplica = (href: string, replica: number) => href.replace(`:${ports[0]}/`, `:${ports[replica]}/`);

async function loginAction(browser: Browser): Promise<string> {
  const { challenge } = pkcePair();
  const query = new URLSearchParams({ client_id: WEB_CLIENT_ID, response_type: 'code', redirect_uri: `${publicUrl}/auth/callback`, scope: WEB_SCOPE, code_challenge: challenge, code_challenge_method: 'S256' });
  let response = await browser.get(`${publicUrl}/oidc/auth?${query}`);
  while (response.status >= 300 && response.status < 400) response = await browser.get(new URL(response.headers.get('location') as string, publicUrl).href);
  const action = /<form[^>]*action="([^"]+)"[^>]*data-testid="login-form"/.exec(await response.text())?.[1] as string;
  return new URL(action, publicUrl).href;
}

describe('two API replicas', () => {
  it('count failed sign-ins together', async () => {
    const user = await createUser({ db }, replicas[0].surge.seed.organizationId, 'contributor', { password: 'replica-password' });
    const attacker = createBrowser({ 'x-forwarded-for': '198.51.100.44' });
    const action = await loginAction(attacker);
    const statuses: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      const replica = i % 2;
      const response = await attacker.postForm(onReplica(action, replica), { email: user.email, password: `guess-${i}` });
      statuses.push(`${replica === 0 ? 'A' : 'B'}:${response.status}`);
    }
    console.log(`replicas A and B alternating, one address on one account: ${statuses.join(' ')}`);
    expect(statuses.slice(0, 5).every((s) => s.endsWith(':401'))).toBe(true);
    expect(statuses.slice(5).every((s) => s.endsWith(':429'))).toBe(true);
    const redis = new Redis(REDIS_URL);
    expect(Number(await redis.get(`${PREFIX}:signin:pwd:pair:${user.email}|198.51.100.44`))).toBe(8);
    await redis.quit();
  });

  it('end an access token on both when it is revoked on one', async () => {
    const browser = createBrowser();
    const user = await createUser({ db }, replicas[0].surge.seed.organizationId, 'contributor', { password: 'replica-password-2' });
    const tokens = await loginWithPassword(publicUrl, user.email, 'replica-password-2', { browser });
    const status = async (replica: number) =>
      (await fetch(`http://127.0.0.1:${ports[replica]}/api/users`, { headers: { authorization: `Bearer ${tokens.accessToken}` } })).status;
    expect([await status(0), await status(1)]).toEqual([200, 200]);
    const revoked = await fetch(`http://127.0.0.1:${ports[0]}/oidc/token/revocation`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: tokens.accessToken, client_id: WEB_CLIENT_ID }).toString(),
    });
    expect(revoked.status).toBe(200);
    expect([await status(0), await status(1)]).toEqual([401, 401]);
  });
});
