// Calls of the Monitor: dashboard views and their tiles, and the solver log columns that graphs plot.
// Every answer is parsed with the domain's schemas.
import { z } from 'zod';
import {
  dashboardTileSchema,
  dashboardViewSchema,
  logValueKeys,
  type DashboardTile,
  type DashboardView,
  type LogValueKey,
} from '../../domain/dashboard.ts';
import {
  dashboardTemplateRecordSchema,
  templateCreateSchema,
  tileCreateSchema,
  tileUpdateSchema,
  viewCreateSchema,
  viewUpdateSchema,
  type DashboardTemplateRecord,
  type TileCreate,
  type TileUpdate,
  type ViewCreate,
  type ViewUpdate,
} from '../../domain/dashboardApi.ts';
import { logColumnsSchema, type LogColumns } from '../../domain/runOutputs.ts';
import type { ApiClient } from '../api/ApiClient.ts';

const simulationPath = (id: string) => `/simulations/${encodeURIComponent(id)}`;

export function listDashboards(api: ApiClient, simulationId: string): Promise<DashboardView[]> {
  return api.get(`${simulationPath(simulationId)}/dashboards`, z.array(dashboardViewSchema));
}

/** Grid position of one tile, as drag and resize change it. */
export type TilePlacement = Pick<DashboardTile, 'id' | 'x' | 'y' | 'w' | 'h'>;

/** Saves a view's layout (drag or resize stop), or renames it, or makes it the default. */
export function updateDashboardView(api: ApiClient, viewId: string, change: ViewUpdate): Promise<DashboardView> {
  return api.put(`/dashboards/${encodeURIComponent(viewId)}`, viewUpdateSchema.parse(change), dashboardViewSchema);
}

/** Save layout: a new named view of the simulation with copies of the current view's tiles (or a template's). */
export function createDashboardView(
  api: ApiClient,
  simulationId: string,
  input: { name: string; tiles?: readonly DashboardTile[]; templateId?: string },
): Promise<DashboardView> {
  const body: ViewCreate = {
    name: input.name,
    tiles: input.tiles?.map(({ id: _id, ...tile }) => tile),
    templateId: input.templateId,
  };
  return api.post(`${simulationPath(simulationId)}/dashboards`, viewCreateSchema.parse(body), dashboardViewSchema, 201);
}

export function listDashboardTemplates(api: ApiClient): Promise<DashboardTemplateRecord[]> {
  return api.get('/dashboard_templates', z.array(dashboardTemplateRecordSchema));
}

/** Save as template: the tiles of a view under a name, for any simulation of the organisation. */
export function createDashboardTemplate(api: ApiClient, input: { name: string; viewId: string }): Promise<DashboardTemplateRecord> {
  return api.post('/dashboard_templates', templateCreateSchema.parse(input), dashboardTemplateRecordSchema, 201);
}

export function renameDashboardTemplate(api: ApiClient, templateId: string, name: string): Promise<DashboardTemplateRecord> {
  return api.put(`/dashboard_templates/${encodeURIComponent(templateId)}`, { name }, dashboardTemplateRecordSchema);
}

export function deleteDashboardTemplate(api: ApiClient, templateId: string): Promise<void> {
  return api.delete(`/dashboard_templates/${encodeURIComponent(templateId)}`, null);
}

export function addDashboardTile(api: ApiClient, viewId: string, tile: TileCreate): Promise<DashboardTile> {
  return api.post(`/dashboards/${encodeURIComponent(viewId)}/tiles`, tileCreateSchema.parse(tile), dashboardTileSchema, 201);
}

export function updateDashboardTile(api: ApiClient, tileId: string, patch: TileUpdate): Promise<DashboardTile> {
  return api.put(`/dashboardtiles/${encodeURIComponent(tileId)}`, tileUpdateSchema.parse(patch), dashboardTileSchema);
}

export function deleteDashboardTile(api: ApiClient, tileId: string): Promise<void> {
  return api.delete(`/dashboardtiles/${encodeURIComponent(tileId)}`, null);
}

/** Solver log columns by key of the simulation's active run: one value per log entry. */
export function getLogColumns(api: ApiClient, simulationId: string, keys: readonly LogValueKey[] = logValueKeys): Promise<LogColumns> {
  return api.get(`${simulationPath(simulationId)}/logs`, logColumnsSchema, { key: keys });
}
