// Inputs of the dashboard calls (spec 1 §2 Monitor, spec 2 §7 'Data tables, dashboards'): views with their
// tiles, tiles on their own, and templates; names as the spec's view and template rules say.
import { z } from 'zod';
import { NAME_MAX_LENGTH } from './constants.ts';
import { dashboardTileSchema, dashboardViewSchema, tileKindSchema, tileMinSize, logValueKeySchema } from './dashboard.ts';
import { DASHBOARD_GRID_COLUMNS } from './constants.ts';
import { MESSAGES } from './messages.ts';
import { numberSchema, nonNegativeIntSchema } from './number.ts';
import { entityIdSchema } from './entity.ts';

export const DASHBOARD_NAME_REQUIRED = 'Name is required';
/** Tiles a view may hold; the default layout has ten. */
export const MAX_TILES_PER_VIEW = 100;

const viewNameSchema = z
  .string()
  .trim()
  .min(1, DASHBOARD_NAME_REQUIRED)
  .max(NAME_MAX_LENGTH, `Name ${MESSAGES.nameTooLong}`);

/** Position and size; tiles stay inside the 12 columns and keep their kind's smallest size. */
const placement = {
  x: nonNegativeIntSchema.max(DASHBOARD_GRID_COLUMNS - 1),
  y: nonNegativeIntSchema.max(10_000),
  w: nonNegativeIntSchema.min(1).max(DASHBOARD_GRID_COLUMNS),
  h: nonNegativeIntSchema.min(1).max(100),
};

function fitsGrid(tile: { x?: number; w?: number }, ctx: z.RefinementCtx): void {
  if (tile.x !== undefined && tile.w !== undefined && tile.x + tile.w > DASHBOARD_GRID_COLUMNS) {
    ctx.addIssue({ code: 'custom', path: ['w'], message: `the tile must fit in ${DASHBOARD_GRID_COLUMNS} columns` });
  }
}

const tileContent = {
  logValues: z.array(logValueKeySchema).max(20),
  text: z.string().max(10_000).nullable(),
  imageId: entityIdSchema.nullable(),
  xMin: numberSchema.nullable(),
  xMax: numberSchema.nullable(),
  yMin: numberSchema.nullable(),
  yMax: numberSchema.nullable(),
  xAuto: z.boolean(),
  yAuto: z.boolean(),
  percentage: z.boolean(),
};

/** POST /api/dashboards/:id/tiles. */
export const tileCreateSchema = z
  .object({ type: tileKindSchema, ...placement, ...tileContent })
  .partial({ logValues: true, text: true, imageId: true, xMin: true, xMax: true, yMin: true, yMax: true, xAuto: true, yAuto: true, percentage: true })
  .superRefine((tile, ctx) => {
    fitsGrid(tile, ctx);
    const min = tileMinSize[tile.type];
    if (tile.w < min.w) ctx.addIssue({ code: 'custom', path: ['w'], message: `must be at least ${min.w}` });
    if (tile.h < min.h) ctx.addIssue({ code: 'custom', path: ['h'], message: `must be at least ${min.h}` });
  })
  .meta({ id: 'DashboardTileCreate' });
export type TileCreate = z.infer<typeof tileCreateSchema>;

/** PUT /api/dashboardtiles/:id: any of the fields; the kind never changes. */
export const tileUpdateSchema = z
  .object({ ...placement, ...tileContent })
  .partial()
  .superRefine(fitsGrid)
  .meta({ id: 'DashboardTileUpdate' });
export type TileUpdate = z.infer<typeof tileUpdateSchema>;

/** A tile's place in a saved layout (drag and resize stop). */
export const tileLayoutSchema = z.object({ id: entityIdSchema, ...placement }).superRefine(fitsGrid);

/** POST /api/simulations/:id/dashboards: a new view, empty or with the given tiles. */
export const viewCreateSchema = z
  .object({
    name: viewNameSchema,
    tiles: z.array(tileCreateSchema).max(MAX_TILES_PER_VIEW).optional(),
    /** Copy the tiles of a template. */
    templateId: z.uuid().optional(),
  })
  .meta({ id: 'DashboardViewCreate' });
export type ViewCreate = z.infer<typeof viewCreateSchema>;

/** PUT /api/dashboards/:id: rename, make default, save the layout. */
export const viewUpdateSchema = z
  .object({
    name: viewNameSchema.optional(),
    default: z.literal(true).optional(),
    layout: z.array(tileLayoutSchema).max(MAX_TILES_PER_VIEW).optional(),
  })
  .meta({ id: 'DashboardViewUpdate' });
export type ViewUpdate = z.infer<typeof viewUpdateSchema>;

export const dashboardTemplateRecordSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    tiles: z.array(dashboardTileSchema),
    createdAt: z.string(),
  })
  .meta({ id: 'DashboardTemplate' });
export type DashboardTemplateRecord = z.infer<typeof dashboardTemplateRecordSchema>;

/** POST /api/dashboard_templates: Save as template (the tiles of a view). */
export const templateCreateSchema = z
  .object({ name: viewNameSchema, viewId: z.uuid('Not a valid view id') })
  .meta({ id: 'DashboardTemplateCreate' });
export type TemplateCreate = z.infer<typeof templateCreateSchema>;

export const templateUpdateSchema = z.object({ name: viewNameSchema }).meta({ id: 'DashboardTemplateUpdate' });

export const dashboardViewRecordSchema = dashboardViewSchema.meta({ id: 'DashboardView' });
export const dashboardTileRecordSchema = dashboardTileSchema.meta({ id: 'DashboardTile' });
