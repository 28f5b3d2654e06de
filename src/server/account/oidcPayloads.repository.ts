// Storage of the embedded OpenID provider's models (sessions, grants, codes, refresh tokens, interactions)
// behind its adapter interface, keyed by model kind and id.
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../platform/db/client.ts';
import { oidcPayloads } from '../platform/db/schema.ts';

export type OidcPayload = Record<string, unknown>;

function expiry(expiresInSeconds: number | undefined): Date | null {
  return expiresInSeconds ? new Date(Date.now() + expiresInSeconds * 1000) : null;
}

export async function upsertPayload(db: Executor, kind: string, id: string, payload: OidcPayload, expiresIn?: number): Promise<void> {
  const values = {
    id,
    kind,
    payload,
    grantId: typeof payload.grantId === 'string' ? payload.grantId : null,
    userCode: typeof payload.userCode === 'string' ? payload.userCode : null,
    uid: typeof payload.uid === 'string' ? payload.uid : null,
    expiresAt: expiry(expiresIn),
    consumedAt: null,
  };
  await db
    .insert(oidcPayloads)
    .values(values)
    .onConflictDoUpdate({
      target: [oidcPayloads.kind, oidcPayloads.id],
      set: { payload: values.payload, grantId: values.grantId, userCode: values.userCode, uid: values.uid, expiresAt: values.expiresAt, consumedAt: null },
    });
}

type Row = typeof oidcPayloads.$inferSelect;

function live(row: Row | undefined): OidcPayload | undefined {
  if (!row) return undefined;
  if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) return undefined;
  const payload = { ...row.payload };
  if (row.consumedAt) payload.consumed = Math.floor(row.consumedAt.getTime() / 1000);
  return payload;
}

export async function findPayload(db: Executor, kind: string, id: string): Promise<OidcPayload | undefined> {
  const [row] = await db
    .select()
    .from(oidcPayloads)
    .where(and(eq(oidcPayloads.kind, kind), eq(oidcPayloads.id, id)))
    .limit(1);
  return live(row);
}

export async function findPayloadByUid(db: Executor, kind: string, uid: string): Promise<OidcPayload | undefined> {
  const [row] = await db
    .select()
    .from(oidcPayloads)
    .where(and(eq(oidcPayloads.kind, kind), eq(oidcPayloads.uid, uid)))
    .limit(1);
  return live(row);
}

export async function findPayloadByUserCode(db: Executor, kind: string, userCode: string): Promise<OidcPayload | undefined> {
  const [row] = await db
    .select()
    .from(oidcPayloads)
    .where(and(eq(oidcPayloads.kind, kind), eq(oidcPayloads.userCode, userCode)))
    .limit(1);
  return live(row);
}

export async function consumePayload(db: Executor, kind: string, id: string): Promise<void> {
  await db
    .update(oidcPayloads)
    .set({ consumedAt: new Date() })
    .where(and(eq(oidcPayloads.kind, kind), eq(oidcPayloads.id, id)));
}

export async function destroyPayload(db: Executor, kind: string, id: string): Promise<void> {
  await db.delete(oidcPayloads).where(and(eq(oidcPayloads.kind, kind), eq(oidcPayloads.id, id)));
}

export async function revokeByGrantId(db: Executor, grantId: string): Promise<void> {
  await db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
}

/** Ends every session and grant of an account (deleted or deactivated user, password reset). */
export async function revokeByAccount(db: Executor, accountId: string): Promise<void> {
  await db.delete(oidcPayloads).where(sql`${oidcPayloads.payload}->>'accountId' = ${accountId}`);
}

export async function deleteExpiredPayloads(db: Executor): Promise<number> {
  const rows = await db.delete(oidcPayloads).where(lt(oidcPayloads.expiresAt, new Date())).returning({ id: oidcPayloads.id });
  return rows.length;
}
