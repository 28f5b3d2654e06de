// Simulations and their setup documents: lookups scoped to an organisation, writes, and the
// simulations of a page of projects in one query.
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { SetupDocument } from '../../domain/setup.ts';
import type { Executor } from '../platform/db/client.ts';
import type { CreatorRow } from '../projects/projects.repository.ts';
import { projects, simulationSetups, simulations, solvers, users } from '../platform/db/schema.ts';

export type SimulationRow = typeof simulations.$inferSelect;
/** What lists show of a simulation (the projects page); the detail view reads the whole row. */
export type SimulationSummaryRow = Pick<
  SimulationRow,
  | 'id'
  | 'name'
  | 'description'
  | 'projectId'
  | 'state'
  | 'creditsConsumed'
  | 'simulationHoursConsumed'
  | 'sizeBytes'
  | 'uploadedSetup'
  | 'setupLocked'
  | 'resumable'
  | 'activeRunId'
  | 'remoteVmRunState'
  | 'startedAt'
  | 'createdAt'
  | 'updatedAt'
>;
export type SimulationWithCreator = SimulationSummaryRow & { creator: CreatorRow };
export type SimulationDetail = SimulationRow & { creator: CreatorRow } & {
  project: { id: string; name: string; creatorId: string };
  solver: { id: string; name: string } | null;
};

const creatorColumns = { id: users.id, firstName: users.firstName, lastName: users.lastName, avatarId: users.avatarId };

export async function findSimulation(db: Executor, organizationId: string, id: string): Promise<SimulationDetail | undefined> {
  const [row] = await db
    .select({
      simulation: simulations,
      creator: creatorColumns,
      project: { id: projects.id, name: projects.name, creatorId: projects.creatorId },
      solverId: solvers.id,
      solverName: solvers.name,
    })
    .from(simulations)
    .innerJoin(projects, eq(projects.id, simulations.projectId))
    .innerJoin(users, eq(users.id, simulations.creatorId))
    .leftJoin(solvers, eq(solvers.id, simulations.solverId))
    .where(and(eq(simulations.id, id), eq(simulations.organizationId, organizationId)))
    .limit(1);
  if (!row) return undefined;
  return {
    ...row.simulation,
    creator: row.creator,
    project: row.project,
    solver: row.solverId && row.solverName ? { id: row.solverId, name: row.solverName } : null,
  };
}

/**
 * The simulations of a page of projects with their creators. The rows come back as one JSON array built
 * by the database: one value to decode instead of a row per simulation, which halves the cost on PGlite.
 */
export async function simulationsOfProjects(db: Executor, projectIds: string[]): Promise<SimulationWithCreator[]> {
  if (projectIds.length === 0) return [];
  const [row] = await db
    .select({
      list: sql<string>`coalesce(json_agg(json_build_object(
        'id', ${simulations.id}, 'name', ${simulations.name}, 'description', ${simulations.description},
        'projectId', ${simulations.projectId}, 'state', ${simulations.state},
        'creditsConsumed', ${simulations.creditsConsumed}, 'simulationHoursConsumed', ${simulations.simulationHoursConsumed},
        'sizeBytes', ${simulations.sizeBytes}, 'uploadedSetup', ${simulations.uploadedSetup},
        'setupLocked', ${simulations.setupLocked}, 'resumable', ${simulations.resumable},
        'activeRunId', ${simulations.activeRunId}, 'remoteVmRunState', ${simulations.remoteVmRunState},
        'startedAt', ${simulations.startedAt}, 'createdAt', ${simulations.createdAt}, 'updatedAt', ${simulations.updatedAt},
        'creator', json_build_object('id', ${users.id}, 'firstName', ${users.firstName}, 'lastName', ${users.lastName}, 'avatarId', ${users.avatarId})
      ) ORDER BY ${simulations.createdAt}, ${simulations.id}), '[]')::text`,
    })
    .from(simulations)
    .innerJoin(users, eq(users.id, simulations.creatorId))
    .where(inArray(simulations.projectId, projectIds));
  type Json = Omit<SimulationWithCreator, 'startedAt' | 'createdAt' | 'updatedAt' | 'sizeBytes'> & {
    sizeBytes: number | string;
    startedAt: string | null;
    createdAt: string;
    updatedAt: string;
  };
  return (JSON.parse(row.list) as Json[]).map((s) => ({
    ...s,
    sizeBytes: Number(s.sizeBytes),
    startedAt: s.startedAt ? new Date(s.startedAt) : null,
    createdAt: new Date(s.createdAt),
    updatedAt: new Date(s.updatedAt),
  }));
}

export async function simulationNamesInProject(db: Executor, projectId: string): Promise<Set<string>> {
  const rows = await db.select({ name: simulations.name }).from(simulations).where(eq(simulations.projectId, projectId));
  return new Set(rows.map((r) => r.name));
}

export async function simulationNameTaken(db: Executor, projectId: string, name: string, exceptId?: string): Promise<boolean> {
  const conditions = [eq(simulations.projectId, projectId), eq(simulations.name, name)];
  if (exceptId) conditions.push(ne(simulations.id, exceptId));
  const rows = await db.select({ id: simulations.id }).from(simulations).where(and(...conditions)).limit(1);
  return rows.length > 0;
}

export async function insertSimulation(db: Executor, values: typeof simulations.$inferInsert): Promise<SimulationRow> {
  const [row] = await db.insert(simulations).values(values).returning();
  return row;
}

export async function updateSimulation(db: Executor, id: string, values: Partial<typeof simulations.$inferInsert>): Promise<void> {
  await db
    .update(simulations)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(simulations.id, id));
}

export async function deleteSimulation(db: Executor, id: string): Promise<void> {
  await db.delete(simulations).where(eq(simulations.id, id));
}

export async function findSetup(db: Executor, simulationId: string): Promise<{ document: SetupDocument; updatedAt: Date } | undefined> {
  const [row] = await db
    .select({ document: simulationSetups.document, updatedAt: simulationSetups.updatedAt })
    .from(simulationSetups)
    .where(eq(simulationSetups.simulationId, simulationId))
    .limit(1);
  return row;
}

export async function saveSetup(db: Executor, simulationId: string, document: SetupDocument): Promise<Date> {
  const now = new Date();
  await db
    .insert(simulationSetups)
    .values({ simulationId, document, updatedAt: now })
    .onConflictDoUpdate({ target: simulationSetups.simulationId, set: { document, updatedAt: now } });
  return now;
}
