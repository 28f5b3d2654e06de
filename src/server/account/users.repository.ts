// Users: reads and writes by id and email, team listing, and the ownership hand-over when one is deleted.
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Executor } from '../platform/db/client.ts';
import { authenticators, organizations, projects, simulations, users } from '../platform/db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export async function findUser(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserInOrganization(db: Executor, organizationId: string, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.organizationId, organizationId)))
    .limit(1);
  return row;
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return row;
}

export async function emailTaken(db: Executor, email: string, exceptUserId?: string): Promise<boolean> {
  const condition = exceptUserId ? and(eq(users.email, email), ne(users.id, exceptUserId)) : eq(users.email, email);
  const rows = await db.select({ id: users.id }).from(users).where(condition).limit(1);
  return rows.length > 0;
}

export async function insertUser(db: Executor, values: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row;
}

export async function updateUser(db: Executor, id: string, values: Partial<NewUser>): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function deleteUser(db: Executor, id: string): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}

export async function listUsers(db: Executor, organizationId: string): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(eq(users.organizationId, organizationId))
    .orderBy(asc(users.lastName), asc(users.firstName));
}

/** Ids of users who have at least one confirmed authenticator, among `ids`. */
export async function usersWithMfa(db: Executor, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ userId: authenticators.userId })
    .from(authenticators)
    .where(and(eq(authenticators.confirmed, true), inArray(authenticators.userId, ids)));
  return new Set(rows.map((r) => r.userId));
}

/** Projects and simulations created by `fromUserId` become `toUserId`'s. */
export async function transferOwnership(db: Executor, fromUserId: string, toUserId: string): Promise<void> {
  await db.update(projects).set({ creatorId: toUserId }).where(eq(projects.creatorId, fromUserId));
  await db.update(simulations).set({ creatorId: toUserId }).where(eq(simulations.creatorId, fromUserId));
}

/** The user with their organisation in one query (every authenticated request needs both). */
export async function findUserWithOrganization(
  db: Executor,
  id: string,
): Promise<{ user: UserRow; organization: typeof organizations.$inferSelect } | undefined> {
  const [row] = await db
    .select({ user: users, organization: organizations })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

export async function findUserWithOrganizationByEmail(
  db: Executor,
  email: string,
): Promise<{ user: UserRow; organization: typeof organizations.$inferSelect } | undefined> {
  const [row] = await db
    .select({ user: users, organization: organizations })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  return row;
}
