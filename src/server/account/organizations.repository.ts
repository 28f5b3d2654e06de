// Organisations and their solvers: reads and writes, no rules.
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../platform/db/client.ts';
import { images, organizations, simulations, solvers, uploadedFiles } from '../platform/db/schema.ts';
import type { SimulationState } from '../../domain/simulationState.ts';

export type OrganizationRow = typeof organizations.$inferSelect;
export type SolverRow = typeof solvers.$inferSelect;

export async function findOrganization(db: Executor, id: string): Promise<OrganizationRow | undefined> {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id)).limit(1);
  return row;
}

export async function findFirstOrganization(db: Executor): Promise<OrganizationRow | undefined> {
  const [row] = await db.select().from(organizations).orderBy(organizations.createdAt).limit(1);
  return row;
}

/** The organisation of Surge's own staff (subscription kind internal), if one exists. */
export async function findInternalOrganization(db: Executor): Promise<OrganizationRow | undefined> {
  const [row] = await db
    .select()
    .from(organizations)
    .where(sql`${organizations.subscription}->>'kind' = 'internal'`)
    .orderBy(organizations.createdAt)
    .limit(1);
  return row;
}

export async function setOrganizationFeatures(db: Executor, id: string, features: string[]): Promise<void> {
  await db.update(organizations).set({ features }).where(eq(organizations.id, id));
}

export async function insertOrganization(db: Executor, values: typeof organizations.$inferInsert): Promise<OrganizationRow> {
  const [row] = await db.insert(organizations).values(values).returning();
  return row;
}

/** Bytes stored by the organisation's simulations. */
/**
 * Bytes an organisation stores: its simulations (outputs, their uploads and setup zips), its saved images,
 * and uploaded files no simulation holds any more.
 */
export async function storageConsumed(db: Executor, organizationId: string): Promise<number> {
  const [row] = await db
    .select({
      total: sql<string | number | null>`
        coalesce((select sum(${simulations.sizeBytes}) from ${simulations} where ${simulations.organizationId} = ${organizationId}), 0)
        + coalesce((select sum(${images.size}) from ${images} where ${images.organizationId} = ${organizationId}), 0)
        + coalesce((select sum(${uploadedFiles.size}) from ${uploadedFiles} where ${uploadedFiles.organizationId} = ${organizationId} and ${uploadedFiles.simulationId} is null), 0)`,
    })
    .from(sql`(select 1) as one`);
  return Number(row?.total ?? 0);
}

export async function insertSolver(db: Executor, values: typeof solvers.$inferInsert): Promise<SolverRow> {
  const [row] = await db.insert(solvers).values(values).returning();
  return row;
}

export async function solversFor(db: Executor, organizationId: string): Promise<SolverRow[]> {
  return db
    .select()
    .from(solvers)
    .where(or(isNull(solvers.organizationId), eq(solvers.organizationId, organizationId)))
    .orderBy(solvers.name);
}

export async function findSolver(db: Executor, organizationId: string, id: string): Promise<SolverRow | undefined> {
  const [row] = await db
    .select()
    .from(solvers)
    .where(and(eq(solvers.id, id), or(isNull(solvers.organizationId), eq(solvers.organizationId, organizationId))))
    .limit(1);
  return row;
}

export async function countSimulationsInStates(db: Executor, organizationId: string, states: readonly SimulationState[]): Promise<number> {
  const [row] = await db
    .select({ n: sql<string | number>`count(*)` })
    .from(simulations)
    .where(and(eq(simulations.organizationId, organizationId), inArray(simulations.state, [...states])));
  return Number(row?.n ?? 0);
}
