// Monitor dashboards: the views of a simulation (the default view with the domain's default tiles is
// created on first use), their tiles, and the organisation's templates. Names follow the spec's rules.
import { createTile, defaultDashboardTiles, type DashboardTile, type DashboardView } from '../../domain/dashboard.ts';
import type {
  DashboardTemplateRecord,
  TemplateCreate,
  TileCreate,
  TileUpdate,
  ViewCreate,
  ViewUpdate,
} from '../../domain/dashboardApi.ts';
import { MAX_TILES_PER_VIEW } from '../../domain/dashboardApi.ts';
import { DASHBOARD_GRID_COLUMNS } from '../../domain/constants.ts';
import { MESSAGES } from '../../domain/messages.ts';
import type { Executor } from '../platform/db/client.ts';
import {
  clearDefaultView,
  deleteTemplate,
  deleteTile,
  deleteView,
  findTemplate,
  findTile,
  findView,
  insertTemplate,
  insertTiles,
  insertView,
  renameTemplate,
  templateNameTaken,
  templatesOfOrganization,
  tilesOfViews,
  updateTile,
  updateView,
  viewNameTaken,
  viewsOfSimulation,
  type DashboardTemplateRow,
  type DashboardTileRow,
  type DashboardViewRow,
  type NewDashboardTile,
} from './dashboards.repository.ts';
import { lockSimulation } from '../runs/runs.repository.ts';
import { IMAGE_MESSAGES } from '../../domain/images.ts';
import { duplicate, forbidden, HttpError, notFound, validationFailed } from '../platform/http/errors.ts';
import type { JobServices } from '../platform/jobs/registry.ts';
import { accessSimulation, allowed, type AccessMode, type AuthContext } from '../platform/access.ts';
import { isImageOfSimulation } from './images.service.ts';

export const DEFAULT_VIEW_NAME = 'Default';

function toTile(row: DashboardTileRow): DashboardTile {
  return {
    id: row.id,
    type: row.type,
    x: row.x,
    y: row.y,
    w: row.w,
    h: row.h,
    logValues: row.logValues,
    text: row.text,
    imageId: row.imageId,
    xMin: row.xMin,
    xMax: row.xMax,
    yMin: row.yMin,
    yMax: row.yMax,
    xAuto: row.xAuto,
    yAuto: row.yAuto,
    percentage: row.percentage,
  };
}

function toView(row: DashboardViewRow, tiles: DashboardTileRow[]): DashboardView {
  return { id: row.id, name: row.name, default: row.isDefault, tiles: tiles.filter((t) => t.viewId === row.id).map(toTile) };
}

/** A new tile row from a tile (its id is not kept: tiles get fresh ids in their new view). */
function tileValues(viewId: string, tile: Omit<DashboardTile, 'id'> | TileCreate): NewDashboardTile {
  const base = createTile({ type: tile.type, x: tile.x, y: tile.y, w: tile.w, h: tile.h, logValues: tile.logValues });
  return {
    viewId,
    type: tile.type,
    x: tile.x,
    y: tile.y,
    w: tile.w,
    h: tile.h,
    logValues: tile.logValues ?? base.logValues,
    text: tile.text !== undefined ? tile.text : base.text,
    imageId: tile.imageId ?? null,
    xMin: tile.xMin ?? null,
    xMax: tile.xMax ?? null,
    yMin: tile.yMin ?? null,
    yMax: tile.yMax ?? null,
    xAuto: tile.xAuto ?? true,
    yAuto: tile.yAuto ?? true,
    percentage: tile.percentage ?? false,
  };
}

/** A tile shows only an image of its own simulation. */
async function assertTileImage(db: Executor, auth: AuthContext, simulationId: string, imageId: string | null | undefined, path: string): Promise<void> {
  if (!imageId) return;
  if (!(await isImageOfSimulation(db, auth, simulationId, imageId))) throw validationFailed(IMAGE_MESSAGES.notOfSimulation, path);
}

async function viewsWithTiles(db: Executor, simulationId: string): Promise<DashboardView[]> {
  const views = await viewsOfSimulation(db, simulationId);
  const tiles = await tilesOfViews(db, views.map((v) => v.id));
  return views.map((v) => toView(v, tiles));
}

async function oneView(db: Executor, view: DashboardViewRow): Promise<DashboardView> {
  return toView(view, await tilesOfViews(db, [view.id]));
}

/** The views of a simulation; the first call creates the default view with the default tiles. */
export async function listViews(services: JobServices, auth: AuthContext, simulationId: string): Promise<DashboardView[]> {
  const { db } = services;
  await accessSimulation(db, auth, simulationId, 'read');
  const existing = await viewsWithTiles(db, simulationId);
  if (existing.length > 0) return existing;
  return db.transaction(async (tx) => {
    // Two first visits at once: the row lock lets one create the view, the other then finds it.
    await lockSimulation(tx, simulationId);
    if ((await viewsOfSimulation(tx, simulationId)).length === 0) {
      const view = await insertView(tx, { simulationId, name: DEFAULT_VIEW_NAME, isDefault: true });
      if (view) await insertTiles(tx, defaultDashboardTiles().map((t) => tileValues(view.id, t)));
    }
    return viewsWithTiles(tx, simulationId);
  });
}

export async function createView(services: JobServices, auth: AuthContext, simulationId: string, input: ViewCreate): Promise<DashboardView> {
  const { db } = services;
  return db.transaction(async (tx) => {
    await accessSimulation(tx, auth, simulationId, 'write');
    if (await viewNameTaken(tx, simulationId, input.name)) throw duplicate(MESSAGES.viewNameExists, 'name');
    const view = await insertView(tx, { simulationId, name: input.name, isDefault: false });
    if (!view) throw duplicate(MESSAGES.viewNameExists, 'name');
    let tiles: (Omit<DashboardTile, 'id'> | TileCreate)[] = input.tiles ?? [];
    for (const [index, tile] of tiles.entries()) await assertTileImage(tx, auth, simulationId, tile.imageId, `tiles.${index}.imageId`);
    if (input.templateId) {
      const template = await findTemplate(tx, auth.organization.id, input.templateId);
      if (!template) throw notFound('Template not found.');
      // A template saved from another simulation carries that simulation's images; the new view starts without them.
      tiles = [];
      for (const tile of template.tiles) {
        const own = !tile.imageId || (await isImageOfSimulation(tx, auth, simulationId, tile.imageId));
        tiles.push(own ? tile : { ...tile, imageId: null });
      }
    }
    await insertTiles(tx, tiles.map((t) => tileValues(view.id, t)));
    return oneView(tx, view);
  });
}

/** The view after the access check on its simulation. */
async function accessView(db: Executor, auth: AuthContext, viewId: string, mode: AccessMode): Promise<DashboardViewRow> {
  const view = await findView(db, viewId);
  if (!view || view.organizationId !== auth.organization.id) throw notFound('Dashboard not found.');
  await accessSimulation(db, auth, view.simulationId, mode);
  return view;
}

export async function updateDashboardView(services: JobServices, auth: AuthContext, viewId: string, input: ViewUpdate): Promise<DashboardView> {
  return services.db.transaction(async (tx) => {
    const view = await accessView(tx, auth, viewId, 'write');
    if (input.name !== undefined && input.name !== view.name) {
      if (await viewNameTaken(tx, view.simulationId, input.name, view.id)) throw duplicate(MESSAGES.viewNameExists, 'name');
      await updateView(tx, view.id, { name: input.name });
    }
    if (input.default) {
      await clearDefaultView(tx, view.simulationId);
      await updateView(tx, view.id, { isDefault: true });
    }
    if (input.layout) {
      const tiles = await tilesOfViews(tx, [view.id]);
      const own = new Set(tiles.map((t) => t.id));
      for (const place of input.layout) {
        if (!own.has(place.id)) throw notFound('Tile not found in this view.');
        await updateTile(tx, place.id, { x: place.x, y: place.y, w: place.w, h: place.h });
      }
    }
    const fresh = await findView(tx, view.id);
    return oneView(tx, fresh ?? view);
  });
}

export async function removeView(services: JobServices, auth: AuthContext, viewId: string): Promise<void> {
  await services.db.transaction(async (tx) => {
    const view = await accessView(tx, auth, viewId, 'write');
    if (view.isDefault) throw new HttpError('wrong_input', 'The default view cannot be deleted; make another view the default first.', { status: 409 });
    await deleteView(tx, view.id);
  });
}

export async function listTiles(services: JobServices, auth: AuthContext, viewId: string): Promise<DashboardTile[]> {
  const view = await accessView(services.db, auth, viewId, 'read');
  return (await tilesOfViews(services.db, [view.id])).map(toTile);
}

export async function addTile(services: JobServices, auth: AuthContext, viewId: string, input: TileCreate): Promise<DashboardTile> {
  return services.db.transaction(async (tx) => {
    const view = await accessView(tx, auth, viewId, 'write');
    if ((await tilesOfViews(tx, [view.id])).length >= MAX_TILES_PER_VIEW) {
      throw new HttpError('wrong_input', `A view holds at most ${MAX_TILES_PER_VIEW} tiles.`, { status: 409 });
    }
    await assertTileImage(tx, auth, view.simulationId, input.imageId, 'imageId');
    const [row] = await insertTiles(tx, [tileValues(view.id, input)]);
    return toTile(row);
  });
}

async function accessTile(db: Executor, auth: AuthContext, tileId: string, mode: AccessMode): Promise<DashboardTileRow & { simulationId: string }> {
  const tile = await findTile(db, tileId);
  if (!tile || tile.organizationId !== auth.organization.id) throw notFound('Tile not found.');
  await accessSimulation(db, auth, tile.simulationId, mode);
  return tile;
}

export async function changeTile(services: JobServices, auth: AuthContext, tileId: string, input: TileUpdate): Promise<DashboardTile> {
  return services.db.transaction(async (tx) => {
    const tile = await accessTile(tx, auth, tileId, 'write');
    if (input.imageId !== tile.imageId) await assertTileImage(tx, auth, tile.simulationId, input.imageId, 'imageId');
    const x = input.x ?? tile.x;
    const w = input.w ?? tile.w;
    const fits = `the tile must fit in ${DASHBOARD_GRID_COLUMNS} columns`;
    if (x + w > DASHBOARD_GRID_COLUMNS) throw new HttpError('validation_error', fits, { fieldErrors: [{ path: 'w', message: fits }] });
    const row = await updateTile(tx, tile.id, input);
    return toTile(row ?? tile);
  });
}

export async function removeTile(services: JobServices, auth: AuthContext, tileId: string): Promise<void> {
  await services.db.transaction(async (tx) => {
    const tile = await accessTile(tx, auth, tileId, 'write');
    await deleteTile(tx, tile.id);
  });
}

function toTemplate(row: DashboardTemplateRow): DashboardTemplateRecord {
  return { id: row.id, name: row.name, tiles: row.tiles, createdAt: row.createdAt.toISOString() };
}

export async function listTemplates(services: JobServices, auth: AuthContext): Promise<DashboardTemplateRecord[]> {
  return (await templatesOfOrganization(services.db, auth.organization.id)).map(toTemplate);
}

/** Save as template: the tiles of a view, under a name unique in the organisation. */
export async function createTemplate(services: JobServices, auth: AuthContext, input: TemplateCreate): Promise<DashboardTemplateRecord> {
  return services.db.transaction(async (tx) => {
    const view = await accessView(tx, auth, input.viewId, 'read');
    if (await templateNameTaken(tx, auth.organization.id, input.name)) throw duplicate(MESSAGES.templateNameExists, 'name');
    const tiles = (await tilesOfViews(tx, [view.id])).map(toTile);
    const row = await insertTemplate(tx, { organizationId: auth.organization.id, name: input.name, tiles, createdBy: auth.user.id });
    if (!row) throw duplicate(MESSAGES.templateNameExists, 'name');
    return toTemplate(row);
  });
}

export async function renameDashboardTemplate(services: JobServices, auth: AuthContext, id: string, name: string): Promise<DashboardTemplateRecord> {
  return services.db.transaction(async (tx) => {
    const template = await findTemplate(tx, auth.organization.id, id);
    if (!template) throw notFound('Template not found.');
    if (!allowed(auth, template.createdBy ?? '', 'write')) throw forbidden();
    if (await templateNameTaken(tx, auth.organization.id, name, id)) throw duplicate(MESSAGES.templateNameExists, 'name');
    return toTemplate((await renameTemplate(tx, id, name)) ?? template);
  });
}

export async function removeTemplate(services: JobServices, auth: AuthContext, id: string): Promise<void> {
  const template = await findTemplate(services.db, auth.organization.id, id);
  if (!template) throw notFound('Template not found.');
  // Templates are shared in the organisation for use; changing one is for its author or whoever may edit every project.
  if (!allowed(auth, template.createdBy ?? '', 'write')) throw forbidden();
  await deleteTemplate(services.db, id);
}
