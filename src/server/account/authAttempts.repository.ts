// Sign-in attempt counters in fixed windows, one row per key: counted in one statement so that
// concurrent attempts on any replica never read a stale count.
import { eq, lte, sql } from 'drizzle-orm';
import type { Executor } from '../platform/db/client.ts';
import { authAttempts } from '../platform/db/schema.ts';

export type AttemptCount = { count: number; windowEndsAt: Date };

/** Counts one attempt under `key`; a window that has ended starts again at 1. */
export async function hitAttempt(db: Executor, key: string, windowMs: number, now = new Date()): Promise<AttemptCount> {
  const windowEndsAt = new Date(now.getTime() + windowMs);
  const [row] = await db
    .insert(authAttempts)
    .values({ key, count: 1, windowEndsAt })
    .onConflictDoUpdate({
      target: authAttempts.key,
      set: {
        count: sql`case when ${authAttempts.windowEndsAt} <= ${now} then 1 else ${authAttempts.count} + 1 end`,
        windowEndsAt: sql`case when ${authAttempts.windowEndsAt} <= ${now} then ${windowEndsAt} else ${authAttempts.windowEndsAt} end`,
      },
    })
    .returning({ count: authAttempts.count, windowEndsAt: authAttempts.windowEndsAt });
  return row;
}

/** Takes back one counted attempt (it turned out not to be a failure). */
export async function releaseAttempt(db: Executor, key: string): Promise<void> {
  await db
    .update(authAttempts)
    .set({ count: sql`greatest(${authAttempts.count} - 1, 0)` })
    .where(eq(authAttempts.key, key));
}

export async function clearAttempts(db: Executor, key: string): Promise<void> {
  await db.delete(authAttempts).where(eq(authAttempts.key, key));
}

export async function deleteEndedAttemptWindows(db: Executor, now = new Date()): Promise<number> {
  const rows = await db.delete(authAttempts).where(lte(authAttempts.windowEndsAt, now)).returning({ key: authAttempts.key });
  return rows.length;
}
