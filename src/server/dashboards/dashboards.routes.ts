// Monitor dashboards: views of a simulation (the default one is created on first read), their tiles, and
// the organisation's templates.
import { z } from 'zod';
import { deletedSchema, idParamsSchema } from '../../domain/api.ts';
import {
  dashboardTemplateRecordSchema,
  dashboardTileRecordSchema,
  dashboardViewRecordSchema,
  templateCreateSchema,
  templateUpdateSchema,
  tileCreateSchema,
  tileUpdateSchema,
  viewCreateSchema,
  viewUpdateSchema,
} from '../../domain/dashboardApi.ts';
import { authOf } from '../account/identity/requestAuth.ts';
import {
  addTile,
  changeTile,
  createTemplate,
  createView,
  listTemplates,
  listTiles,
  listViews,
  removeTemplate,
  removeTile,
  removeView,
  renameDashboardTemplate,
  updateDashboardView,
} from './dashboards.service.ts';
import { bearer, errorResponses } from '../platform/http/routes.ts';
import type { RunRoutes } from '../runs/runs.routes.ts';

export const dashboardRoutes: RunRoutes = async (app, { runs }) => {
  const tags = ['dashboards'];
  const services = runs.services;
  const ok = { ...errorResponses };

  app.get(
    '/simulations/:id/dashboards',
    { schema: { tags, security: bearer, summary: 'Dashboard views with their tiles (the default view is created on first use)', params: idParamsSchema, response: { 200: z.array(dashboardViewRecordSchema), ...ok } } },
    async (request) => listViews(services, authOf(request), request.params.id),
  );

  app.post(
    '/simulations/:id/dashboards',
    { schema: { tags, security: bearer, summary: 'A new view (empty, with tiles, or from a template)', params: idParamsSchema, body: viewCreateSchema, response: { 201: dashboardViewRecordSchema, ...ok } } },
    async (request, reply) => reply.status(201).send(await createView(services, authOf(request), request.params.id, request.body)),
  );

  app.put(
    '/dashboards/:id',
    { schema: { tags, security: bearer, summary: 'Rename a view, make it the default, or save its layout', params: idParamsSchema, body: viewUpdateSchema, response: { 200: dashboardViewRecordSchema, ...ok } } },
    async (request) => updateDashboardView(services, authOf(request), request.params.id, request.body),
  );

  app.delete(
    '/dashboards/:id',
    { schema: { tags, security: bearer, summary: 'Delete a view (not the default one)', params: idParamsSchema, response: { 200: deletedSchema, ...ok } } },
    async (request) => {
      await removeView(services, authOf(request), request.params.id);
      return { id: request.params.id };
    },
  );

  app.get(
    '/dashboards/:id/tiles',
    { schema: { tags, security: bearer, summary: 'Tiles of a view', params: idParamsSchema, response: { 200: z.array(dashboardTileRecordSchema), ...ok } } },
    async (request) => listTiles(services, authOf(request), request.params.id),
  );

  app.post(
    '/dashboards/:id/tiles',
    { schema: { tags, security: bearer, summary: 'Add a tile to a view', params: idParamsSchema, body: tileCreateSchema, response: { 201: dashboardTileRecordSchema, ...ok } } },
    async (request, reply) => reply.status(201).send(await addTile(services, authOf(request), request.params.id, request.body)),
  );

  app.put(
    '/dashboardtiles/:id',
    { schema: { tags, security: bearer, summary: 'Change a tile (place, size, graph values and ranges, text)', params: idParamsSchema, body: tileUpdateSchema, response: { 200: dashboardTileRecordSchema, ...ok } } },
    async (request) => changeTile(services, authOf(request), request.params.id, request.body),
  );

  app.delete(
    '/dashboardtiles/:id',
    { schema: { tags, security: bearer, summary: 'Delete a tile', params: idParamsSchema, response: { 200: deletedSchema, ...ok } } },
    async (request) => {
      await removeTile(services, authOf(request), request.params.id);
      return { id: request.params.id };
    },
  );

  app.get(
    '/dashboard_templates',
    { schema: { tags, security: bearer, summary: "Dashboard templates of the caller's organisation", response: { 200: z.array(dashboardTemplateRecordSchema), ...ok } } },
    async (request) => listTemplates(services, authOf(request)),
  );

  app.post(
    '/dashboard_templates',
    { schema: { tags, security: bearer, summary: 'Save the tiles of a view as a template', body: templateCreateSchema, response: { 201: dashboardTemplateRecordSchema, ...ok } } },
    async (request, reply) => reply.status(201).send(await createTemplate(services, authOf(request), request.body)),
  );

  app.put(
    '/dashboard_templates/:id',
    { schema: { tags, security: bearer, summary: 'Rename a template', params: idParamsSchema, body: templateUpdateSchema, response: { 200: dashboardTemplateRecordSchema, ...ok } } },
    async (request) => renameDashboardTemplate(services, authOf(request), request.params.id, request.body.name),
  );

  app.delete(
    '/dashboard_templates/:id',
    { schema: { tags, security: bearer, summary: 'Delete a template', params: idParamsSchema, response: { 200: deletedSchema, ...ok } } },
    async (request) => {
      await removeTemplate(services, authOf(request), request.params.id);
      return { id: request.params.id };
    },
  );
};
