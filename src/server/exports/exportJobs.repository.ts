// User export jobs of a simulation: the latest one (what the Download panel shows), all of them (to
// delete the earlier ones' files), and the move of a completed export to expired once its files are gone.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../platform/db/client.ts';
import type { JobRow } from '../platform/jobs/jobs.repository.ts';
import { jobs } from '../platform/db/schema.ts';

export async function latestUserExport(db: Executor, simulationId: string): Promise<JobRow | undefined> {
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.simulationId, simulationId), eq(jobs.kind, 'user_export')))
    .orderBy(desc(jobs.createdAt))
    .limit(1);
  return row;
}

export async function userExportsOf(db: Executor, simulationId: string): Promise<JobRow[]> {
  return db
    .select()
    .from(jobs)
    .where(and(eq(jobs.simulationId, simulationId), eq(jobs.kind, 'user_export')))
    .orderBy(desc(jobs.createdAt));
}

/** completed -> expired (the files were deleted); undefined when the export was not completed. */
export async function expireUserExport(db: Executor, id: string): Promise<JobRow | undefined> {
  const [row] = await db
    .update(jobs)
    .set({ state: 'expired', updatedAt: sql`now()` })
    .where(and(eq(jobs.id, id), eq(jobs.kind, 'user_export'), eq(jobs.state, 'completed')))
    .returning();
  return row;
}
