// Images saved from the results viewer: records scoped to an organisation (the bytes are in storage).
import { and, eq, ne } from 'drizzle-orm';
import type { Executor } from './client.ts';
import { images, simulations } from './schema.ts';

export type ImageRow = typeof images.$inferSelect;

export async function insertImage(db: Executor, values: typeof images.$inferInsert): Promise<ImageRow> {
  const [row] = await db.insert(images).values(values).returning();
  return row;
}

export async function findImage(db: Executor, organizationId: string, id: string): Promise<ImageRow | undefined> {
  const [row] = await db
    .select()
    .from(images)
    .where(and(eq(images.id, id), eq(images.organizationId, organizationId)))
    .limit(1);
  return row;
}

/** Removes the record; simulations showing it lose their post image (the reference is set null). */
export async function deleteImage(db: Executor, organizationId: string, id: string): Promise<ImageRow | undefined> {
  const [row] = await db
    .delete(images)
    .where(and(eq(images.id, id), eq(images.organizationId, organizationId)))
    .returning();
  return row;
}

/** Whether a simulation other than `exceptSimulationId` shows the image as its post image. */
export async function imageShownElsewhere(db: Executor, imageId: string, exceptSimulationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: simulations.id })
    .from(simulations)
    .where(and(eq(simulations.postImageId, imageId), ne(simulations.id, exceptSimulationId)))
    .limit(1);
  return row !== undefined;
}
