// Uploaded setups: the record of the zip a simulation's setup came from, and removing the geometry
// records an upload had created when the upload as a whole fails.
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../platform/db/client.ts';
import { uploadedFiles, uploadedSetups } from '../platform/db/schema.ts';

export type UploadedSetupRow = typeof uploadedSetups.$inferSelect;

export async function findUploadedSetup(db: Executor, simulationId: string): Promise<UploadedSetupRow | undefined> {
  const [row] = await db.select().from(uploadedSetups).where(eq(uploadedSetups.simulationId, simulationId)).limit(1);
  return row;
}

/** Stores the record of the simulation's uploaded setup, replacing an earlier one. */
export async function saveUploadedSetup(db: Executor, values: typeof uploadedSetups.$inferInsert): Promise<UploadedSetupRow> {
  const { simulationId: _key, ...rest } = values;
  const [row] = await db.insert(uploadedSetups).values(values).onConflictDoUpdate({ target: uploadedSetups.simulationId, set: rest }).returning();
  return row;
}

export async function deleteUploadedFiles(db: Executor, organizationId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(uploadedFiles).where(and(eq(uploadedFiles.organizationId, organizationId), inArray(uploadedFiles.id, [...ids])));
}
