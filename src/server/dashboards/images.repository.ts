// Images saved from the results viewer: records scoped to an organisation (the bytes are in storage).
import { and, eq, ne } from 'drizzle-orm';
import type { Executor } from '../platform/db/client.ts';
import { dashboardTiles, dashboardViews, images, projects, simulations } from '../platform/db/schema.ts';

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

/** A simulation that shows an image, with the creator of its project (who may open it). */
export type ImageShowing = { simulationId: string; projectCreatorId: string };

/** The simulations of the organisation that show the image: as their post image or on a dashboard tile. */
export async function simulationsShowingImage(db: Executor, organizationId: string, imageId: string): Promise<ImageShowing[]> {
  const asPostImage = await db
    .select({ simulationId: simulations.id, projectCreatorId: projects.creatorId })
    .from(simulations)
    .innerJoin(projects, eq(projects.id, simulations.projectId))
    .where(and(eq(simulations.postImageId, imageId), eq(simulations.organizationId, organizationId)));
  const onTiles = await db
    .selectDistinct({ simulationId: simulations.id, projectCreatorId: projects.creatorId })
    .from(dashboardTiles)
    .innerJoin(dashboardViews, eq(dashboardViews.id, dashboardTiles.viewId))
    .innerJoin(simulations, eq(simulations.id, dashboardViews.simulationId))
    .innerJoin(projects, eq(projects.id, simulations.projectId))
    .where(and(eq(dashboardTiles.imageId, imageId), eq(simulations.organizationId, organizationId)));
  const seen = new Map<string, ImageShowing>();
  for (const row of [...asPostImage, ...onTiles]) seen.set(row.simulationId, row);
  return [...seen.values()];
}
