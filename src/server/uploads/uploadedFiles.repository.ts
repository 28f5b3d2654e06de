// Uploaded geometry files: records scoped to an organisation.
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../platform/db/client.ts';
import { uploadedFiles } from '../platform/db/schema.ts';

export type UploadedFileRow = typeof uploadedFiles.$inferSelect;

export async function insertUploadedFile(db: Executor, values: typeof uploadedFiles.$inferInsert): Promise<UploadedFileRow> {
  const [row] = await db.insert(uploadedFiles).values(values).returning();
  return row;
}

export async function findUploadedFile(db: Executor, organizationId: string, id: string): Promise<UploadedFileRow | undefined> {
  const [row] = await db
    .select()
    .from(uploadedFiles)
    .where(and(eq(uploadedFiles.id, id), eq(uploadedFiles.organizationId, organizationId)))
    .limit(1);
  return row;
}

export async function uploadedFilesByIds(db: Executor, organizationId: string, ids: readonly string[]): Promise<UploadedFileRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(uploadedFiles)
    .where(and(eq(uploadedFiles.organizationId, organizationId), inArray(uploadedFiles.id, [...ids])));
}
