// TOTP authenticators of users: enrolment (unconfirmed), confirmation, use and removal.
import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../platform/db/client.ts';
import { authenticators } from '../platform/db/schema.ts';

export type AuthenticatorRow = typeof authenticators.$inferSelect;

export async function listConfirmedAuthenticators(db: Executor, userId: string): Promise<AuthenticatorRow[]> {
  return db
    .select()
    .from(authenticators)
    .where(and(eq(authenticators.userId, userId), eq(authenticators.confirmed, true)))
    .orderBy(authenticators.createdAt);
}

export async function latestPendingAuthenticator(db: Executor, userId: string): Promise<AuthenticatorRow | undefined> {
  const [row] = await db
    .select()
    .from(authenticators)
    .where(and(eq(authenticators.userId, userId), eq(authenticators.confirmed, false)))
    .orderBy(desc(authenticators.createdAt))
    .limit(1);
  return row;
}

export async function insertAuthenticator(db: Executor, values: typeof authenticators.$inferInsert): Promise<AuthenticatorRow> {
  const [row] = await db.insert(authenticators).values(values).returning();
  return row;
}

/** Drops enrolments that were started but never confirmed. */
export async function deletePendingAuthenticators(db: Executor, userId: string): Promise<void> {
  await db.delete(authenticators).where(and(eq(authenticators.userId, userId), eq(authenticators.confirmed, false)));
}

export async function updateAuthenticator(
  db: Executor,
  id: string,
  values: Partial<typeof authenticators.$inferInsert>,
): Promise<void> {
  await db.update(authenticators).set(values).where(eq(authenticators.id, id));
}

/** Removes one of the user's authenticators; false when it is not theirs. */
export async function deleteAuthenticator(db: Executor, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(authenticators)
    .where(and(eq(authenticators.id, id), eq(authenticators.userId, userId)))
    .returning({ id: authenticators.id });
  return rows.length > 0;
}
