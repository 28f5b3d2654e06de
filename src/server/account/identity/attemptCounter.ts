// Counters of sign-in attempts that every API replica shares: the database by default, Redis when the
// installation runs in cluster mode (REDIS_URL). An attempt is counted before it is checked, so that
// concurrent guesses cannot all pass a limit that each of them read as not yet reached.
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { clearAttempts, hitAttempt, releaseAttempt, type AttemptCount } from '../authAttempts.repository.ts';
import type { Executor } from '../../platform/db/client.ts';

export type { AttemptCount };

export type AttemptCounter = {
  /** Counts one attempt under `key` in a window of `windowMs` that starts with the first attempt. */
  hit(key: string, windowMs: number): Promise<AttemptCount>;
  /** Takes one counted attempt back (it succeeded). */
  release(key: string): Promise<void>;
  clear(key: string): Promise<void>;
  close(): Promise<void>;
};

export function createDatabaseAttemptCounter(db: Executor, clock: () => number = Date.now): AttemptCounter {
  return {
    hit: (key, windowMs) => hitAttempt(db, key, windowMs, new Date(clock())),
    release: (key) => releaseAttempt(db, key),
    clear: (key) => clearAttempts(db, key),
    close: async () => undefined,
  };
}

// Decrements only a live key: a DECR on an expired one would leave a negative counter without expiry.
const RELEASE_SCRIPT = `if redis.call('exists', KEYS[1]) == 1 then return redis.call('decr', KEYS[1]) end return 0`;

export function createRedisAttemptCounter(url: string, prefix: string, log: FastifyBaseLogger): AttemptCounter {
  // Bounded waits while Redis is down: a sign-in answers with an error within seconds instead of hanging.
  const client = new Redis(url, { maxRetriesPerRequest: 1, commandTimeout: 3000 });
  client.on('error', (error: unknown) => log.warn({ err: error }, 'redis connection error (sign-in limits)'));
  const keyOf = (key: string) => `${prefix}:signin:${key}`;
  return {
    async hit(key, windowMs) {
      const name = keyOf(key);
      const results = await client.multi().set(name, '0', 'PX', windowMs, 'NX').incr(name).pttl(name).exec();
      if (!results) throw new Error('sign-in attempt count was not recorded');
      const [, [incrError, count], [, ttl]] = results as [unknown, [Error | null, number], [Error | null, number]];
      if (incrError) throw incrError;
      return { count, windowEndsAt: new Date(Date.now() + Math.max(0, ttl)) };
    },
    async release(key) {
      await client.eval(RELEASE_SCRIPT, 1, keyOf(key));
    },
    async clear(key) {
      await client.del(keyOf(key));
    },
    async close() {
      await client.quit().catch(() => undefined);
    },
  };
}
