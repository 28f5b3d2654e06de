// Monitor dashboards (spec 1 §2, §3): views and templates of tiles on a 12-column grid, tile kinds,
// graph ranges, and the default layout of a new simulation.
import { z } from 'zod';
import { numberSchema, nonNegativeIntSchema } from './number.ts';
import { entityIdSchema, createEntityId } from './entity.ts';
import { DASHBOARD_GRID_COLUMNS } from './constants.ts';
import { MESSAGES } from './messages.ts';

export const tileKinds = ['details', 'job', 'progress', 'budget', 'note', 'graph', 'variables', 'image'] as const;
export const tileKindSchema = z.enum(tileKinds);
export type TileKind = z.infer<typeof tileKindSchema>;

/** Keys of the solver log that graphs and the variables tile can show. */
export const logValueKeys = [
  'progress', 'time', 'runtime', 'runtimeLeft', 'runtimePerS', 'dt', 'particles', 'output', 'credits',
] as const;
export const logValueKeySchema = z.enum(logValueKeys);
export type LogValueKey = z.infer<typeof logValueKeySchema>;

/** Graph x axis: simulated time or wall-clock runtime (the dashboard's graph unit switch). */
export const graphUnits = ['time', 'runtime'] as const;
export type GraphUnit = (typeof graphUnits)[number];

/**
 * Grid position in columns and rows; graph tiles carry axis ranges (auto or manual) and the log values
 * they plot; note tiles carry text; image tiles the image id.
 */
export const dashboardTileSchema = z.object({
  id: entityIdSchema,
  type: tileKindSchema,
  x: nonNegativeIntSchema,
  y: nonNegativeIntSchema,
  w: nonNegativeIntSchema.min(1),
  h: nonNegativeIntSchema.min(1),
  logValues: z.array(logValueKeySchema),
  text: z.string().max(10_000).nullable(),
  imageId: entityIdSchema.nullable(),
  xMin: numberSchema.nullable(),
  xMax: numberSchema.nullable(),
  yMin: numberSchema.nullable(),
  yMax: numberSchema.nullable(),
  xAuto: z.boolean(),
  yAuto: z.boolean(),
  /** Show y values as percent (progress graphs). */
  percentage: z.boolean(),
});
export type DashboardTile = z.infer<typeof dashboardTileSchema>;

export const dashboardViewSchema = z.object({
  id: entityIdSchema,
  name: z.string(),
  default: z.boolean(),
  tiles: z.array(dashboardTileSchema),
});
export type DashboardView = z.infer<typeof dashboardViewSchema>;

export const dashboardTemplateSchema = z.object({
  id: entityIdSchema,
  name: z.string(),
  tiles: z.array(dashboardTileSchema),
});
export type DashboardTemplate = z.infer<typeof dashboardTemplateSchema>;

/** Smallest size per kind, in grid cells. */
export const tileMinSize: Readonly<Record<TileKind, { w: number; h: number }>> = {
  details: { w: 3, h: 2 },
  job: { w: 3, h: 1 },
  progress: { w: 3, h: 1 },
  budget: { w: 3, h: 1 },
  note: { w: 2, h: 1 },
  graph: { w: 3, h: 2 },
  variables: { w: 3, h: 2 },
  image: { w: 2, h: 2 },
};

type TileSpec = { type: TileKind; x: number; y: number; w: number; h: number; logValues?: LogValueKey[] };

/** Default tiles (spec 1 §2): details, progress, budget, variables, job, three graphs, note, image. */
const DEFAULT_LAYOUT: readonly TileSpec[] = [
  { type: 'details', x: 0, y: 0, w: 4, h: 2 },
  { type: 'progress', x: 4, y: 0, w: 4, h: 1 },
  { type: 'budget', x: 8, y: 0, w: 4, h: 1 },
  { type: 'job', x: 4, y: 1, w: 8, h: 1 },
  { type: 'variables', x: 0, y: 2, w: 3, h: 2 },
  { type: 'graph', x: 3, y: 2, w: 3, h: 2, logValues: ['particles'] },
  { type: 'graph', x: 6, y: 2, w: 3, h: 2, logValues: ['runtimePerS'] },
  { type: 'graph', x: 9, y: 2, w: 3, h: 2, logValues: ['dt'] },
  { type: 'note', x: 0, y: 4, w: 6, h: 2 },
  { type: 'image', x: 6, y: 4, w: 6, h: 2 },
];

export function createTile(spec: TileSpec, id: string = createEntityId()): DashboardTile {
  return {
    id, type: spec.type, x: spec.x, y: spec.y, w: spec.w, h: spec.h, logValues: spec.logValues ?? [],
    text: spec.type === 'note' ? '' : null, imageId: null, xMin: null, xMax: null, yMin: null, yMax: null,
    xAuto: true, yAuto: true, percentage: false,
  };
}

export function defaultDashboardTiles(): DashboardTile[] {
  return DEFAULT_LAYOUT.map((spec) => createTile(spec));
}

export function defaultDashboardView(name = 'Default'): DashboardView {
  return { id: createEntityId(), name, default: true, tiles: defaultDashboardTiles() };
}

/** Tiles stay inside the 12 columns. */
export function tileFitsGrid(tile: Pick<DashboardTile, 'x' | 'w'>): boolean {
  return tile.x >= 0 && tile.w >= 1 && tile.x + tile.w <= DASHBOARD_GRID_COLUMNS;
}

/** Graph form: Add needs a log value; manual axes need min < max ('Min must be smaller than max.'). */
export const graphFormSchema = z
  .object({
    logValues: z.array(logValueKeySchema).min(1, { error: MESSAGES.graphLogValueRequired }),
    xAuto: z.boolean(),
    yAuto: z.boolean(),
    xMin: numberSchema.nullable(),
    xMax: numberSchema.nullable(),
    yMin: numberSchema.nullable(),
    yMax: numberSchema.nullable(),
  })
  .superRefine((g, ctx) => {
    for (const axis of ['x', 'y'] as const) {
      if (g[`${axis}Auto`]) continue;
      const min = g[`${axis}Min`];
      const max = g[`${axis}Max`];
      if (min === null) ctx.addIssue({ code: 'custom', path: [`${axis}Min`], message: MESSAGES.validNumber });
      if (max === null) ctx.addIssue({ code: 'custom', path: [`${axis}Max`], message: MESSAGES.validNumber });
      if (min !== null && max !== null && min > max) {
        ctx.addIssue({ code: 'custom', path: [`${axis}Min`], message: MESSAGES.graphMinMax });
      }
    }
  });
export type GraphForm = z.infer<typeof graphFormSchema>;
