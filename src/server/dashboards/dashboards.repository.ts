// Dashboard views with their tiles, single tiles, and the templates of an organisation.
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../platform/db/client.ts';
import { dashboardTemplates, dashboardTiles, dashboardViews, simulations } from '../platform/db/schema.ts';

export type DashboardViewRow = typeof dashboardViews.$inferSelect;
export type DashboardTileRow = typeof dashboardTiles.$inferSelect;
export type NewDashboardTile = typeof dashboardTiles.$inferInsert;
export type DashboardTemplateRow = typeof dashboardTemplates.$inferSelect;

export async function viewsOfSimulation(db: Executor, simulationId: string): Promise<DashboardViewRow[]> {
  return db.select().from(dashboardViews).where(eq(dashboardViews.simulationId, simulationId)).orderBy(asc(dashboardViews.createdAt), asc(dashboardViews.name));
}

export async function tilesOfViews(db: Executor, viewIds: readonly string[]): Promise<DashboardTileRow[]> {
  if (viewIds.length === 0) return [];
  return db
    .select()
    .from(dashboardTiles)
    .where(inArray(dashboardTiles.viewId, [...viewIds]))
    .orderBy(asc(dashboardTiles.y), asc(dashboardTiles.x), asc(dashboardTiles.createdAt));
}

/** Inserts the view unless one of that name exists; undefined when it did. */
export async function insertView(db: Executor, values: typeof dashboardViews.$inferInsert): Promise<DashboardViewRow | undefined> {
  const [row] = await db.insert(dashboardViews).values(values).onConflictDoNothing().returning();
  return row;
}

/** A view with the organisation of its simulation, for the access check. */
export async function findView(db: Executor, id: string): Promise<(DashboardViewRow & { organizationId: string }) | undefined> {
  const [row] = await db
    .select({ view: dashboardViews, organizationId: simulations.organizationId })
    .from(dashboardViews)
    .innerJoin(simulations, eq(simulations.id, dashboardViews.simulationId))
    .where(eq(dashboardViews.id, id))
    .limit(1);
  return row ? { ...row.view, organizationId: row.organizationId } : undefined;
}

export async function viewNameTaken(db: Executor, simulationId: string, name: string, exceptId?: string): Promise<boolean> {
  const conditions = [eq(dashboardViews.simulationId, simulationId), eq(dashboardViews.name, name)];
  if (exceptId) conditions.push(ne(dashboardViews.id, exceptId));
  const rows = await db.select({ id: dashboardViews.id }).from(dashboardViews).where(and(...conditions)).limit(1);
  return rows.length > 0;
}

export async function updateView(db: Executor, id: string, values: Partial<typeof dashboardViews.$inferInsert>): Promise<void> {
  await db
    .update(dashboardViews)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(dashboardViews.id, id));
}

export async function clearDefaultView(db: Executor, simulationId: string): Promise<void> {
  await db.update(dashboardViews).set({ isDefault: false }).where(eq(dashboardViews.simulationId, simulationId));
}

export async function deleteView(db: Executor, id: string): Promise<void> {
  await db.delete(dashboardViews).where(eq(dashboardViews.id, id));
}

export async function insertTiles(db: Executor, values: NewDashboardTile[]): Promise<DashboardTileRow[]> {
  if (values.length === 0) return [];
  return db.insert(dashboardTiles).values(values).returning();
}

/** A tile with its view's simulation and organisation, for the access check. */
export async function findTile(db: Executor, id: string): Promise<(DashboardTileRow & { simulationId: string; organizationId: string }) | undefined> {
  const [row] = await db
    .select({ tile: dashboardTiles, simulationId: dashboardViews.simulationId, organizationId: simulations.organizationId })
    .from(dashboardTiles)
    .innerJoin(dashboardViews, eq(dashboardViews.id, dashboardTiles.viewId))
    .innerJoin(simulations, eq(simulations.id, dashboardViews.simulationId))
    .where(eq(dashboardTiles.id, id))
    .limit(1);
  return row ? { ...row.tile, simulationId: row.simulationId, organizationId: row.organizationId } : undefined;
}

export async function updateTile(db: Executor, id: string, values: Partial<NewDashboardTile>): Promise<DashboardTileRow | undefined> {
  // A change of nothing (an empty PUT) is the tile as it is; an UPDATE needs at least one column.
  if (Object.values(values).every((value) => value === undefined)) {
    const [current] = await db.select().from(dashboardTiles).where(eq(dashboardTiles.id, id));
    return current;
  }
  const [row] = await db.update(dashboardTiles).set(values).where(eq(dashboardTiles.id, id)).returning();
  return row;
}

export async function deleteTile(db: Executor, id: string): Promise<void> {
  await db.delete(dashboardTiles).where(eq(dashboardTiles.id, id));
}

export async function templatesOfOrganization(db: Executor, organizationId: string): Promise<DashboardTemplateRow[]> {
  return db.select().from(dashboardTemplates).where(eq(dashboardTemplates.organizationId, organizationId)).orderBy(asc(dashboardTemplates.name));
}

export async function findTemplate(db: Executor, organizationId: string, id: string): Promise<DashboardTemplateRow | undefined> {
  const [row] = await db
    .select()
    .from(dashboardTemplates)
    .where(and(eq(dashboardTemplates.id, id), eq(dashboardTemplates.organizationId, organizationId)))
    .limit(1);
  return row;
}

export async function insertTemplate(db: Executor, values: typeof dashboardTemplates.$inferInsert): Promise<DashboardTemplateRow | undefined> {
  const [row] = await db.insert(dashboardTemplates).values(values).onConflictDoNothing().returning();
  return row;
}

export async function templateNameTaken(db: Executor, organizationId: string, name: string, exceptId?: string): Promise<boolean> {
  const conditions = [eq(dashboardTemplates.organizationId, organizationId), eq(dashboardTemplates.name, name)];
  if (exceptId) conditions.push(ne(dashboardTemplates.id, exceptId));
  const rows = await db.select({ id: dashboardTemplates.id }).from(dashboardTemplates).where(and(...conditions)).limit(1);
  return rows.length > 0;
}

export async function renameTemplate(db: Executor, id: string, name: string): Promise<DashboardTemplateRow | undefined> {
  const [row] = await db.update(dashboardTemplates).set({ name }).where(eq(dashboardTemplates.id, id)).returning();
  return row;
}

export async function deleteTemplate(db: Executor, id: string): Promise<void> {
  await db.delete(dashboardTemplates).where(eq(dashboardTemplates.id, id));
}
