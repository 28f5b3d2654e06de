// One-time tokens behind password reset and invitation links; only their SHA-256 is stored.
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../platform/db/client.ts';
import { passwordResetTokens } from '../platform/db/schema.ts';

export type PasswordTokenRow = typeof passwordResetTokens.$inferSelect;

export async function insertPasswordToken(db: Executor, values: typeof passwordResetTokens.$inferInsert): Promise<void> {
  await db.insert(passwordResetTokens).values(values);
}

export async function findUsablePasswordToken(db: Executor, tokenHash: string): Promise<PasswordTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, new Date())))
    .limit(1);
  return row;
}

/** Marks the token used; false when someone else used it first. */
export async function usePasswordToken(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetTokens.id, id), isNull(passwordResetTokens.usedAt)))
    .returning({ id: passwordResetTokens.id });
  return rows.length > 0;
}

/** Invalidates the user's open links (a new one was issued or the password changed). */
export async function expireUserPasswordTokens(db: Executor, userId: string): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}
