// Runs of simulations: insert, read (with solver and creator for the history), update, and the
// simulation row locked for a lifecycle change.
import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Executor } from '../platform/db/client.ts';
import type { CreatorRow } from '../projects/projects.repository.ts';
import { runs, simulations, solvers, users } from '../platform/db/schema.ts';
import type { SimulationRow } from '../simulations/simulations.repository.ts';

export type RunRow = typeof runs.$inferSelect;
export type NewRun = typeof runs.$inferInsert;
/** A run as the history lists it: everything but the setup document. */
export type RunWithNames = Omit<RunRow, 'setup'> & { solverName: string | null; creator: CreatorRow | null };

const { setup: _setup, ...historyColumns } = getTableColumns(runs);

export async function insertRun(db: Executor, values: NewRun): Promise<RunRow> {
  const [row] = await db.insert(runs).values(values).returning();
  return row;
}

export async function findRun(db: Executor, id: string): Promise<RunRow | undefined> {
  const [row] = await db.select().from(runs).where(eq(runs.id, id)).limit(1);
  return row;
}

export async function findRunOfSimulation(db: Executor, simulationId: string, runId: string): Promise<RunRow | undefined> {
  const [row] = await db
    .select()
    .from(runs)
    .where(and(eq(runs.id, runId), eq(runs.simulationId, simulationId)))
    .limit(1);
  return row;
}

export async function nextRunNumber(db: Executor, simulationId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number | string | null>`max(${runs.number})` })
    .from(runs)
    .where(eq(runs.simulationId, simulationId));
  return Number(row?.n ?? 0) + 1;
}

export async function runsOfSimulation(db: Executor, simulationId: string): Promise<RunWithNames[]> {
  const rows = await db
    .select({
      run: historyColumns,
      solverName: solvers.name,
      creatorId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      avatarId: users.avatarId,
    })
    .from(runs)
    .leftJoin(solvers, eq(solvers.id, runs.solverId))
    .leftJoin(users, eq(users.id, runs.createdBy))
    .where(eq(runs.simulationId, simulationId))
    .orderBy(desc(runs.number));
  return rows.map((r) => ({
    ...r.run,
    solverName: r.solverName,
    creator:
      r.creatorId && r.firstName !== null && r.lastName !== null
        ? { id: r.creatorId, firstName: r.firstName, lastName: r.lastName, avatarId: r.avatarId }
        : null,
  }));
}

/** Writes `values` (the row is not read back: it carries the whole setup). */
export async function updateRun(db: Executor, id: string, values: Partial<NewRun>): Promise<void> {
  await db
    .update(runs)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(runs.id, id));
}

export async function updateRunReturning(db: Executor, id: string, values: Partial<NewRun>): Promise<RunRow | undefined> {
  const [row] = await db
    .update(runs)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(runs.id, id))
    .returning();
  return row;
}

/** Values of a simulation while it is on run `runId`, in one statement; undefined when it is not. */
export async function updateSimulationOnRun(db: Executor, id: string, runId: string, values: Partial<typeof simulations.$inferInsert>): Promise<SimulationRow | undefined> {
  const [row] = await db
    .update(simulations)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(simulations.id, id), eq(simulations.activeRunId, runId)))
    .returning();
  return row;
}

export async function findSimulationRow(db: Executor, id: string): Promise<SimulationRow | undefined> {
  const [row] = await db.select().from(simulations).where(eq(simulations.id, id)).limit(1);
  return row;
}

/** The simulation row, locked until the transaction ends, so that lifecycle changes happen one at a time. */
export async function lockSimulation(db: Executor, id: string): Promise<SimulationRow | undefined> {
  const [row] = await db.select().from(simulations).where(eq(simulations.id, id)).for('update').limit(1);
  return row;
}

export async function updateSimulationRow(db: Executor, id: string, values: Partial<typeof simulations.$inferInsert>): Promise<SimulationRow | undefined> {
  const [row] = await db
    .update(simulations)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(simulations.id, id))
    .returning();
  return row;
}

/** Adds `delta` bytes to the stored size of a simulation (uploads, outputs). */
export async function addSimulationBytes(db: Executor, id: string, delta: number): Promise<void> {
  if (delta === 0) return;
  await db
    .update(simulations)
    .set({ sizeBytes: sql`greatest(0, ${simulations.sizeBytes} + ${Math.round(delta)})` })
    .where(eq(simulations.id, id));
}

/** Whether a simulation of the organisation (other than `exceptSimulationId`) holds the free instance right now. */
export async function freeInstanceBusy(db: Executor, organizationId: string, exceptSimulationId?: string): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number | string>`count(*)` })
    .from(simulations)
    .where(
      and(
        eq(simulations.organizationId, organizationId),
        eq(simulations.freeInstance, true),
        sql`${simulations.state} in ('creating', 'launching', 'running', 'stopping')`,
        exceptSimulationId === undefined ? undefined : sql`${simulations.id} <> ${exceptSimulationId}`,
      ),
    );
  return Number(row?.n ?? 0) > 0;
}
