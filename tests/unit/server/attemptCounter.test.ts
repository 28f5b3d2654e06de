// The sign-in attempt counters behind the limits: two replicas (two database connections, two Redis
// clients) count the same attempts, concurrent attempts each get their own count, and a window ends.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabaseAttemptCounter, createRedisAttemptCounter, type AttemptCounter } from '../../../src/server/account/identity/attemptCounter.ts';
import { openDatabase, type DatabaseHandle } from '../../../src/server/platform/db/client.ts';
import { deleteEndedAttemptWindows } from '../../../src/server/account/authAttempts.repository.ts';
import { clientAddressKey } from '../../../src/server/account/signIn.service.ts';
import { migratedDatabase, POSTGRES_ADMIN_URL, type TestDatabase } from './harness.ts';

const REDIS_URL = process.env.SURGE_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const silent = { warn: () => undefined } as unknown as Parameters<typeof createRedisAttemptCounter>[2];

async function sharedBehaviour(replicaA: AttemptCounter, replicaB: AttemptCounter): Promise<void> {
  const key = `test:${randomBytes(6).toString('hex')}`;
  expect((await replicaA.hit(key, 60_000)).count).toBe(1);
  expect((await replicaB.hit(key, 60_000)).count).toBe(2);
  const concurrent = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? replicaA : replicaB).hit(key, 60_000)));
  expect(concurrent.map((c) => c.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 3));
  const last = await replicaA.hit(key, 60_000);
  expect(last.count).toBe(33);
  expect(last.windowEndsAt.getTime() - Date.now()).toBeGreaterThan(55_000);
  await replicaB.release(key);
  expect((await replicaA.hit(key, 60_000)).count).toBe(33);
  await replicaB.clear(key);
  expect((await replicaA.hit(key, 60_000)).count).toBe(1);
}

describe('attempt counters on PostgreSQL', () => {
  let db: TestDatabase;
  let second: DatabaseHandle;
  beforeAll(async () => {
    db = await migratedDatabase('postgres');
    const url = new URL(POSTGRES_ADMIN_URL);
    url.pathname = `/${db.name}`;
    second = await openDatabase({ driver: 'postgres', url: url.href, poolSize: 5 });
  });
  afterAll(async () => {
    await second?.close();
    await db?.drop();
  });

  it('counts the attempts of two replicas together, one count per concurrent attempt', async () => {
    await sharedBehaviour(createDatabaseAttemptCounter(db.db), createDatabaseAttemptCounter(second.db));
  });

  it('starts again after the window and sweeps ended windows', async () => {
    let now = Date.now();
    const counter = createDatabaseAttemptCounter(db.db, () => now);
    const key = `window:${randomBytes(4).toString('hex')}`;
    for (let i = 1; i <= 5; i += 1) expect((await counter.hit(key, 1000)).count).toBe(i);
    now += 999;
    expect((await counter.hit(key, 1000)).count).toBe(6);
    now += 2;
    const restarted = await counter.hit(key, 1000);
    expect(restarted.count).toBe(1);
    expect(restarted.windowEndsAt.getTime()).toBe(now + 1000);
    expect(await deleteEndedAttemptWindows(db.db, new Date(now + 5000))).toBeGreaterThanOrEqual(1);
  });
});

describe('attempt counters on Redis', () => {
  const prefix = `surge-test-${randomBytes(4).toString('hex')}`;
  let replicaA: AttemptCounter;
  let replicaB: AttemptCounter;
  beforeAll(() => {
    replicaA = createRedisAttemptCounter(REDIS_URL, prefix, silent);
    replicaB = createRedisAttemptCounter(REDIS_URL, prefix, silent);
  });
  afterAll(async () => {
    await replicaA?.close();
    await replicaB?.close();
  });

  it('counts the attempts of two replicas together, one count per concurrent attempt', async () => {
    await sharedBehaviour(replicaA, replicaB);
  });

  it('starts again after the window; releasing an ended window leaves nothing behind', async () => {
    const key = `window:${randomBytes(4).toString('hex')}`;
    expect((await replicaA.hit(key, 300)).count).toBe(1);
    expect((await replicaB.hit(key, 300)).count).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 400));
    await replicaA.release(key);
    expect((await replicaB.hit(key, 300)).count).toBe(1);
  });
});

describe('client address keys', () => {
  it('keeps IPv4 addresses and counts IPv6 by /64', () => {
    expect(clientAddressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(clientAddressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientAddressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:0DB8:0001:0002:ffff:0:0:99')).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
    expect(clientAddressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});
