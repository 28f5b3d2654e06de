// Access grants: inserts, the filtered pages of the team and support lists, revocation, and the one read
// every request of a support user with a selected grant makes. No rules here; the service decides.
import { and, desc, eq, gt, isNotNull, isNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { AccessGrantState } from '../../domain/accessGrant.ts';
import type { Executor } from '../platform/db/client.ts';
import { accessGrants, organizations, users } from '../platform/db/schema.ts';

export type AccessGrantRow = typeof accessGrants.$inferSelect;
export type AccessGrantWithNames = AccessGrantRow & {
  requester: { firstName: string; lastName: string; avatarId: string | null };
  organizationName: string;
};

export async function insertAccessGrant(db: Executor, values: typeof accessGrants.$inferInsert): Promise<AccessGrantRow> {
  const [row] = await db.insert(accessGrants).values(values).returning();
  return row;
}

export type AccessGrantFilter = {
  /** Only grants to this organisation. */
  organizationId?: string;
  /** Only grants requested by this user. */
  requesterId?: string;
  state?: AccessGrantState;
  includeExpired: boolean;
  now: Date;
  /** null: all. */
  limit: number | null;
  offset: number;
};

function stateCondition(state: AccessGrantState, now: Date): SQL | undefined {
  switch (state) {
    case 'revoked':
      return isNotNull(accessGrants.revokedAt);
    case 'expired':
      return and(isNull(accessGrants.revokedAt), lte(accessGrants.expiresAt, now));
    case 'active':
      return and(isNull(accessGrants.revokedAt), gt(accessGrants.expiresAt, now));
  }
}

export async function accessGrantsPage(db: Executor, filter: AccessGrantFilter): Promise<{ rows: AccessGrantWithNames[]; total: number }> {
  const conditions: (SQL | undefined)[] = [];
  if (filter.organizationId) conditions.push(eq(accessGrants.organizationId, filter.organizationId));
  if (filter.requesterId) conditions.push(eq(accessGrants.requesterId, filter.requesterId));
  if (filter.state) conditions.push(stateCondition(filter.state, filter.now));
  else if (!filter.includeExpired) conditions.push(gt(accessGrants.expiresAt, filter.now));
  const where = and(...conditions);

  const [count] = await db.select({ n: sql<string | number>`count(*)` }).from(accessGrants).where(where);
  const base = db
    .select({
      grant: accessGrants,
      requester: { firstName: users.firstName, lastName: users.lastName, avatarId: users.avatarId },
      organizationName: organizations.name,
    })
    .from(accessGrants)
    .innerJoin(users, eq(users.id, accessGrants.requesterId))
    .innerJoin(organizations, eq(organizations.id, accessGrants.organizationId))
    .where(where)
    .orderBy(desc(accessGrants.createdAt), desc(accessGrants.id))
    .$dynamic();
  const rows = filter.limit === null ? await base : await base.limit(filter.limit).offset(filter.offset);
  return {
    rows: rows.map((r) => ({ ...r.grant, requester: r.requester, organizationName: r.organizationName })),
    total: Number(count?.n ?? 0),
  };
}

export async function findAccessGrant(db: Executor, id: string): Promise<AccessGrantWithNames | undefined> {
  const [row] = await db
    .select({
      grant: accessGrants,
      requester: { firstName: users.firstName, lastName: users.lastName, avatarId: users.avatarId },
      organizationName: organizations.name,
    })
    .from(accessGrants)
    .innerJoin(users, eq(users.id, accessGrants.requesterId))
    .innerJoin(organizations, eq(organizations.id, accessGrants.organizationId))
    .where(eq(accessGrants.id, id))
    .limit(1);
  return row ? { ...row.grant, requester: row.requester, organizationName: row.organizationName } : undefined;
}

/**
 * The grant `grantId` with its organisation when it belongs to `requesterId`, is not revoked and has
 * not expired at `now`; otherwise nothing.
 */
export async function findUsableGrant(
  db: Executor,
  grantId: string,
  requesterId: string,
  now: Date,
): Promise<{ grant: AccessGrantRow; organization: typeof organizations.$inferSelect } | undefined> {
  const [row] = await db
    .select({ grant: accessGrants, organization: organizations })
    .from(accessGrants)
    .innerJoin(organizations, eq(organizations.id, accessGrants.organizationId))
    .where(
      and(
        eq(accessGrants.id, grantId),
        eq(accessGrants.requesterId, requesterId),
        isNull(accessGrants.revokedAt),
        gt(accessGrants.expiresAt, now),
      ),
    )
    .limit(1);
  return row;
}

/** Marks the grant revoked if it still is active; returns whether it was. */
export async function revokeAccessGrant(db: Executor, id: string, revokedBy: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(accessGrants)
    .set({ revokedAt: now, revokedBy })
    .where(and(eq(accessGrants.id, id), isNull(accessGrants.revokedAt), gt(accessGrants.expiresAt, now)))
    .returning({ id: accessGrants.id });
  return rows.length > 0;
}

/** Users who had `grantId` selected go back to their own organisation. */
export async function clearActiveGrant(db: Executor, grantId: string): Promise<void> {
  await db.update(users).set({ activeAccessGrantId: null }).where(eq(users.activeAccessGrantId, grantId));
}

/** Every organisation but `exceptId`, by name: those support staff may ask access to. */
export async function organizationsExcept(db: Executor, exceptId: string): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(ne(organizations.id, exceptId))
    .orderBy(organizations.name, organizations.id);
}
