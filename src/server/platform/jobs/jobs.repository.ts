// Job records: insert, the atomic claim by a worker, heartbeats, progress, the finish, cancel requests and
// the sweep of jobs whose worker stopped beating. Every write that a worker makes is fenced by its id and
// the running state, so a worker that lost its job cannot overwrite what another one decided.
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { JobKind, JobMessage, JobState } from '../../../domain/jobs.ts';
import type { Executor } from '../db/client.ts';
import { jobs } from '../db/schema.ts';

export type JobRow = typeof jobs.$inferSelect;
export type NewJob = typeof jobs.$inferInsert;

export async function insertJob(db: Executor, values: NewJob): Promise<JobRow> {
  const [row] = await db.insert(jobs).values(values).returning();
  return row;
}

export async function findJob(db: Executor, id: string): Promise<JobRow | undefined> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id)).limit(1);
  return row;
}

export async function jobsOfSimulation(db: Executor, simulationId: string, limit = 200): Promise<JobRow[]> {
  return db.select().from(jobs).where(eq(jobs.simulationId, simulationId)).orderBy(desc(jobs.createdAt)).limit(limit);
}

export async function activeJobsOfSimulation(db: Executor, simulationId: string, kinds: readonly JobKind[]): Promise<JobRow[]> {
  return db
    .select()
    .from(jobs)
    .where(and(eq(jobs.simulationId, simulationId), inArray(jobs.kind, [...kinds]), inArray(jobs.state, ['scheduled', 'running'])))
    .orderBy(desc(jobs.createdAt));
}

export async function activeJobsOfRun(db: Executor, runId: string): Promise<JobRow[]> {
  return db
    .select()
    .from(jobs)
    .where(and(eq(jobs.runId, runId), inArray(jobs.state, ['scheduled', 'running'])));
}

export async function scheduledJobs(db: Executor, kinds: readonly JobKind[]): Promise<JobRow[]> {
  if (kinds.length === 0) return [];
  return db
    .select()
    .from(jobs)
    .where(and(eq(jobs.state, 'scheduled'), inArray(jobs.kind, [...kinds])))
    .orderBy(jobs.createdAt);
}

/** scheduled -> running for this worker, unless someone else took it or it was cancelled meanwhile. */
export async function claimJob(db: Executor, id: string, workerId: string): Promise<JobRow | undefined> {
  const [row] = await db
    .update(jobs)
    .set({ state: 'running', workerId, heartbeatAt: sql`now()`, startedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(jobs.id, id), eq(jobs.state, 'scheduled'), eq(jobs.cancelRequested, false)))
    .returning();
  return row;
}

/** Refreshes the heartbeat; undefined when the job is no longer this worker's running job. */
export async function beatJob(db: Executor, id: string, workerId: string): Promise<{ cancelRequested: boolean } | undefined> {
  const [row] = await db
    .update(jobs)
    .set({ heartbeatAt: sql`now()` })
    .where(and(eq(jobs.id, id), eq(jobs.workerId, workerId), eq(jobs.state, 'running')))
    .returning({ cancelRequested: jobs.cancelRequested });
  return row;
}

export type RunningJobUpdate = Partial<Pick<NewJob, 'progress' | 'warnings' | 'result' | 'chargedSeconds'>>;

/** Progress, warnings or result of a running job, written only by the worker that holds it. */
export async function updateRunningJob(db: Executor, id: string, workerId: string, values: RunningJobUpdate): Promise<JobRow | undefined> {
  const [row] = await db
    .update(jobs)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(jobs.id, id), eq(jobs.workerId, workerId), eq(jobs.state, 'running')))
    .returning();
  return row;
}

export type JobFinish = {
  state: Extract<JobState, 'completed' | 'failed' | 'canceled'>;
  progress?: number | null;
  result?: unknown;
  errors?: JobMessage[];
  warnings?: JobMessage[];
};

export async function finishJob(db: Executor, id: string, workerId: string, finish: JobFinish): Promise<JobRow | undefined> {
  const [row] = await db
    .update(jobs)
    .set({
      state: finish.state,
      ...(finish.progress !== undefined ? { progress: finish.progress } : {}),
      ...(finish.result !== undefined ? { result: finish.result } : {}),
      ...(finish.errors !== undefined ? { errors: finish.errors } : {}),
      ...(finish.warnings !== undefined ? { warnings: finish.warnings } : {}),
      finishedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(jobs.id, id), eq(jobs.workerId, workerId), eq(jobs.state, 'running')))
    .returning();
  return row;
}

/** A job no worker has taken yet ends here, in a final state. */
export async function finishScheduledJob(db: Executor, id: string, state: 'canceled' | 'failed', errors: JobMessage[] = []): Promise<JobRow | undefined> {
  const [row] = await db
    .update(jobs)
    .set({ state, errors, cancelRequested: state === 'canceled', finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(jobs.id, id), eq(jobs.state, 'scheduled')))
    .returning();
  return row;
}

/** Asks the worker holding a running job to stop it (it sees the flag with its next heartbeat). */
export async function requestJobCancel(db: Executor, id: string): Promise<JobRow | undefined> {
  const [row] = await db
    .update(jobs)
    .set({ cancelRequested: true, updatedAt: sql`now()` })
    .where(and(eq(jobs.id, id), inArray(jobs.state, ['scheduled', 'running'])))
    .returning();
  return row;
}

/**
 * Running jobs whose heartbeat is older than `staleMs` (database clock, so workers on other machines agree)
 * are failed with `message`. Returns them, each exactly once, for the recovery that follows.
 */
export async function failStaleJobs(db: Executor, staleMs: number, message: string): Promise<JobRow[]> {
  const error: JobMessage[] = [{ message, errorCode: 'worker_lost' }];
  return db
    .update(jobs)
    .set({
      state: 'failed',
      errors: sql`${jobs.errors} || ${JSON.stringify(error)}::jsonb`,
      finishedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(jobs.state, 'running'), lt(jobs.heartbeatAt, sql`now() - (${staleMs} * interval '1 millisecond')`)))
    .returning();
}

/** Jobs of a run, newest first (its sessions). */
export async function jobsOfRun(db: Executor, runId: string): Promise<JobRow[]> {
  return db.select().from(jobs).where(eq(jobs.runId, runId)).orderBy(desc(jobs.createdAt));
}
