// Projects: lookups scoped to an organisation, writes, and the paged list of the projects page in a
// bounded number of queries (one for the page with its count and creators, one for their simulations).
import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../platform/db/client.ts';
import { projects, simulations, users } from '../platform/db/schema.ts';

export type ProjectRow = typeof projects.$inferSelect;

export type CreatorRow = {
  id: string;
  firstName: string;
  lastName: string;
  avatarId: string | null;
};

export async function findProject(db: Executor, organizationId: string, id: string): Promise<ProjectRow | undefined> {
  const [row] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.id, id), eq(projects.organizationId, organizationId)))
    .limit(1);
  return row;
}

export async function projectNameTaken(db: Executor, organizationId: string, name: string, exceptId?: string): Promise<boolean> {
  const conditions = [eq(projects.organizationId, organizationId), eq(projects.name, name)];
  if (exceptId) conditions.push(ne(projects.id, exceptId));
  const rows = await db.select({ id: projects.id }).from(projects).where(and(...conditions)).limit(1);
  return rows.length > 0;
}

export async function insertProject(db: Executor, values: typeof projects.$inferInsert): Promise<ProjectRow> {
  const [row] = await db.insert(projects).values(values).returning();
  return row;
}

export async function updateProject(db: Executor, id: string, values: Partial<typeof projects.$inferInsert>): Promise<ProjectRow> {
  const [row] = await db
    .update(projects)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(projects.id, id))
    .returning();
  return row;
}

/** Marks the project as edited now (a simulation in it changed). */
export async function touchProject(db: Executor, id: string): Promise<void> {
  await db.update(projects).set({ updatedAt: new Date() }).where(eq(projects.id, id));
}

export async function deleteProject(db: Executor, id: string): Promise<void> {
  await db.delete(projects).where(eq(projects.id, id));
}

export type ProjectListFilter = {
  organizationId: string;
  /** Only projects created by this user (the "own" view). */
  creatorId?: string;
  createdBy?: string[];
  projectIds?: string[];
  /** Matches the project name or the name of one of its simulations, case-insensitively. */
  q?: string;
  orderBy: 'updatedAt' | 'name' | 'size';
  limit: number;
  offset: number;
};

/** `%text%` for ILIKE with the pattern characters of `text` taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function listConditions(filter: ProjectListFilter): SQL {
  const conditions: SQL[] = [eq(projects.organizationId, filter.organizationId)];
  if (filter.creatorId) conditions.push(eq(projects.creatorId, filter.creatorId));
  if (filter.createdBy && filter.createdBy.length > 0) conditions.push(inArray(projects.creatorId, filter.createdBy));
  if (filter.projectIds && filter.projectIds.length > 0) conditions.push(inArray(projects.id, filter.projectIds));
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    conditions.push(
      sql`(${projects.name} ILIKE ${pattern} OR EXISTS (SELECT 1 FROM ${simulations} WHERE ${simulations.projectId} = ${projects.id} AND ${simulations.name} ILIKE ${pattern}))`,
    );
  }
  return and(...conditions) as SQL;
}

const projectSize = sql<number>`(SELECT coalesce(sum(s.size_bytes), 0) FROM simulations s WHERE s.project_id = ${projects.id})`;

export async function countProjects(db: Executor, filter: ProjectListFilter): Promise<number> {
  const [row] = await db.select({ n: sql<string | number>`count(*)` }).from(projects).where(listConditions(filter));
  return Number(row.n);
}

function listOrder(orderBy: ProjectListFilter['orderBy']) {
  if (orderBy === 'name') return [asc(projects.name), asc(projects.id)];
  if (orderBy === 'size') return [desc(projectSize), desc(projects.updatedAt), asc(projects.id)];
  return [desc(projects.updatedAt), asc(projects.id)];
}

export type ProjectWithCreator = ProjectRow & { creator: CreatorRow };

export async function projectsWithCreators(db: Executor, ids: string[]): Promise<ProjectWithCreator[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      project: projects,
      creator: { id: users.id, firstName: users.firstName, lastName: users.lastName, avatarId: users.avatarId },
    })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.creatorId))
    .where(inArray(projects.id, ids));
  return rows.map((r) => ({ ...r.project, creator: r.creator }));
}

/**
 * One page of projects with their creators and the number of all matches, in one query (the count is
 * a window over the filtered rows). A page past the end has no rows to carry the count, so only then
 * is it counted separately.
 */
export async function pageOfProjects(db: Executor, filter: ProjectListFilter): Promise<{ total: number; rows: ProjectWithCreator[] }> {
  const rows = await projectPageQuery(db, filter);
  const total = rows.length > 0 ? Number(rows[0].total) : filter.offset > 0 ? await countProjects(db, filter) : 0;
  return { total, rows: rows.map((r) => ({ ...r.project, creator: r.creator })) };
}

/** The page query itself (also explained by the API benchmark to show its plan). */
export function projectPageQuery(db: Executor, filter: ProjectListFilter) {
  return db
    .select({
      project: projects,
      creator: { id: users.id, firstName: users.firstName, lastName: users.lastName, avatarId: users.avatarId },
      total: sql<string | number>`count(*) OVER ()`,
    })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.creatorId))
    .where(listConditions(filter))
    .orderBy(...listOrder(filter.orderBy))
    .limit(filter.limit)
    .offset(filter.offset);
}
