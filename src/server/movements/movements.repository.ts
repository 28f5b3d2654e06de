// Database reads of the movements feature: which simulations of an organisation hold a part (a part lives
// in its simulation's setup document, and a cloned setup keeps its parts' ids), and whether an uploaded
// file is an acceleration file of the organisation.
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../platform/db/client.ts';
import { simulationSetups, simulations, uploadedFiles } from '../platform/db/schema.ts';

/** Kind of the uploaded-file records that hold acceleration files. */
export const ACCELERATION_FILE_KIND = 'acceleration';

/** Ids of the organisation's simulations whose setup has a part with id `partId`, most recently edited first. */
export async function simulationsHoldingPart(db: Executor, organizationId: string, partId: string): Promise<string[]> {
  const rows = await db
    .select({ id: simulations.id })
    .from(simulationSetups)
    .innerJoin(simulations, eq(simulations.id, simulationSetups.simulationId))
    .where(
      and(
        eq(simulations.organizationId, organizationId),
        sql`${simulationSetups.document} -> 'parts' @> ${JSON.stringify([{ id: partId }])}::jsonb`,
      ),
    )
    .orderBy(sql`${simulationSetups.updatedAt} desc`);
  return rows.map((row) => row.id);
}

/** Whether `fileId` (a UUID) is an acceleration file uploaded in the organisation. */
export async function accelerationFileExists(db: Executor, organizationId: string, fileId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: uploadedFiles.id })
    .from(uploadedFiles)
    .where(and(eq(uploadedFiles.id, fileId), eq(uploadedFiles.organizationId, organizationId), eq(uploadedFiles.kind, ACCELERATION_FILE_KIND)))
    .limit(1);
  return row !== undefined;
}
