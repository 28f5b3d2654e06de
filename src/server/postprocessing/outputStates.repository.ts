// Per-output states that post-processing reports (visualization: the reduced and surface datasets;
// sensor: the sensor results) and the outputs still waiting for them.
import { and, asc, eq } from 'drizzle-orm';
import type { OutputState } from '../../domain/output.ts';
import type { Executor } from '../platform/db/client.ts';
import type { RunOutputRow } from '../runs/runOutputs.repository.ts';
import { runOutputs } from '../platform/db/schema.ts';

export async function setOutputStates(
  db: Executor,
  runId: string,
  outputNo: number,
  states: { visualizationState?: OutputState; sensorState?: OutputState },
): Promise<RunOutputRow | undefined> {
  if (states.visualizationState === undefined && states.sensorState === undefined) return undefined;
  const [row] = await db
    .update(runOutputs)
    .set({ ...states, updatedAt: new Date() })
    .where(and(eq(runOutputs.runId, runId), eq(runOutputs.outputNo, outputNo)))
    .returning();
  return row;
}

/** Outputs of a run whose reduced datasets are still to be made. */
export async function pendingVisualizationOutputs(db: Executor, runId: string): Promise<RunOutputRow[]> {
  return db
    .select()
    .from(runOutputs)
    .where(and(eq(runOutputs.runId, runId), eq(runOutputs.visualizationState, 'pending')))
    .orderBy(asc(runOutputs.outputNo));
}

/** Outputs of a run whose sensor results were still pending become failed (their computation stopped). */
export async function failPendingSensorOutputs(db: Executor, runId: string): Promise<number> {
  const rows = await db
    .update(runOutputs)
    .set({ sensorState: 'failed', updatedAt: new Date() })
    .where(and(eq(runOutputs.runId, runId), eq(runOutputs.sensorState, 'pending')))
    .returning({ outputNo: runOutputs.outputNo });
  return rows.length;
}
