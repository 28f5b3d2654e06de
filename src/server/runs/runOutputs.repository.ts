// Outputs a run has written: recorded (or re-recorded after a resume) one row per output number.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { OutputState } from '../../domain/output.ts';
import type { Executor } from '../platform/db/client.ts';
import { runOutputs } from '../platform/db/schema.ts';

export type RunOutputRow = typeof runOutputs.$inferSelect;

/**
 * Records output `outputNo`; a resumed run may write an output again, which replaces the row. Returns the
 * bytes the row held before (0 for a new output), so that the simulation's size is counted once. Its
 * visualization is pending until post-processing has made the reduced and surface datasets
 * (postprocessing/outputPostprocessing.ts).
 */
export async function recordOutput(
  db: Executor,
  values: { runId: string; simulationId: string; outputNo: number; time: number; bytes: number; sensorState: OutputState },
): Promise<{ row: RunOutputRow; previousBytes: number }> {
  const [previous] = await db
    .select({ bytes: runOutputs.bytes })
    .from(runOutputs)
    .where(and(eq(runOutputs.runId, values.runId), eq(runOutputs.outputNo, values.outputNo)))
    .for('update')
    .limit(1);
  const [row] = await db
    .insert(runOutputs)
    .values({ ...values, visualizationState: 'pending' })
    .onConflictDoUpdate({
      target: [runOutputs.runId, runOutputs.outputNo],
      set: { time: values.time, bytes: values.bytes, visualizationState: 'pending', sensorState: values.sensorState, updatedAt: new Date() },
    })
    .returning();
  return { row, previousBytes: previous?.bytes ?? 0 };
}

export async function outputsOfRun(db: Executor, runId: string): Promise<RunOutputRow[]> {
  return db.select().from(runOutputs).where(eq(runOutputs.runId, runId)).orderBy(asc(runOutputs.outputNo));
}

export async function findOutput(db: Executor, runId: string, outputNo: number): Promise<RunOutputRow | undefined> {
  const [row] = await db
    .select()
    .from(runOutputs)
    .where(and(eq(runOutputs.runId, runId), eq(runOutputs.outputNo, outputNo)))
    .limit(1);
  return row;
}

export async function outputsByNumbers(db: Executor, runId: string, numbers: readonly number[]): Promise<RunOutputRow[]> {
  if (numbers.length === 0) return [];
  return db
    .select()
    .from(runOutputs)
    .where(and(eq(runOutputs.runId, runId), inArray(runOutputs.outputNo, [...numbers])));
}

/** Sets the sensor state of outputs (the sensor recomputation job reports through this). */
export async function setSensorStates(db: Executor, runId: string, numbers: readonly number[], state: OutputState): Promise<void> {
  if (numbers.length === 0) return;
  await db
    .update(runOutputs)
    .set({ sensorState: state, updatedAt: new Date() })
    .where(and(eq(runOutputs.runId, runId), inArray(runOutputs.outputNo, [...numbers])));
}
