// SQL of the Alerts and History panels: alerts raised during runs, the failed jobs of a simulation, and
// the folded setup edits with who made them. No rules here (activity.service.ts has them).
import { and, desc, eq } from 'drizzle-orm';
import type { AlertLevel } from '../../domain/alerts.ts';
import type { SetupChange } from '../../domain/setupHistory.ts';
import type { Executor } from '../platform/db/client.ts';
import { jobs, setupEdits, simulationAlerts, users } from '../platform/db/schema.ts';
import type { JobRow } from '../platform/jobs/jobs.repository.ts';
import type { CreatorRow } from '../projects/projects.repository.ts';

export type SimulationAlertRow = typeof simulationAlerts.$inferSelect;
export type SetupEditRow = typeof setupEdits.$inferSelect;

export async function insertAlert(
  db: Executor,
  values: { simulationId: string; runId: string | null; level: AlertLevel; message: string },
): Promise<SimulationAlertRow> {
  const [row] = await db.insert(simulationAlerts).values(values).returning();
  return row;
}

export async function alertsOfSimulation(db: Executor, simulationId: string, limit: number): Promise<SimulationAlertRow[]> {
  return db.select().from(simulationAlerts).where(eq(simulationAlerts.simulationId, simulationId)).orderBy(desc(simulationAlerts.createdAt)).limit(limit);
}

export async function failedJobsOfSimulation(db: Executor, simulationId: string, limit: number): Promise<JobRow[]> {
  return db
    .select()
    .from(jobs)
    .where(and(eq(jobs.simulationId, simulationId), eq(jobs.state, 'failed')))
    .orderBy(desc(jobs.updatedAt))
    .limit(limit);
}

/** The newest edit of a simulation's setup, to fold another save into. */
export async function latestSetupEdit(db: Executor, simulationId: string): Promise<SetupEditRow | undefined> {
  const [row] = await db.select().from(setupEdits).where(eq(setupEdits.simulationId, simulationId)).orderBy(desc(setupEdits.updatedAt)).limit(1);
  return row;
}

export async function insertSetupEdit(
  db: Executor,
  values: { simulationId: string; userId: string | null; changes: SetupChange[]; omitted: number; at: Date },
): Promise<void> {
  const { at, ...rest } = values;
  await db.insert(setupEdits).values({ ...rest, createdAt: at, updatedAt: at });
}

export async function updateSetupEdit(db: Executor, id: string, values: { changes: SetupChange[]; omitted: number; at: Date }): Promise<void> {
  await db.update(setupEdits).set({ changes: values.changes, omitted: values.omitted, updatedAt: values.at }).where(eq(setupEdits.id, id));
}

export async function setupEditsOfSimulation(db: Executor, simulationId: string, limit: number): Promise<(SetupEditRow & { user: CreatorRow | null })[]> {
  const rows = await db
    .select({ edit: setupEdits, userId: users.id, firstName: users.firstName, lastName: users.lastName, avatarId: users.avatarId })
    .from(setupEdits)
    .leftJoin(users, eq(users.id, setupEdits.userId))
    .where(eq(setupEdits.simulationId, simulationId))
    .orderBy(desc(setupEdits.updatedAt))
    .limit(limit);
  return rows.map((r) => ({
    ...r.edit,
    user: r.userId && r.firstName !== null && r.lastName !== null ? { id: r.userId, firstName: r.firstName, lastName: r.lastName, avatarId: r.avatarId } : null,
  }));
}

export async function deleteSetupEdit(db: Executor, id: string): Promise<void> {
  await db.delete(setupEdits).where(eq(setupEdits.id, id));
}
