// Routes of the right sidebar's Alerts and History panels: read with the right to read the simulation.
import { z } from 'zod';
import { idParamsSchema } from '../../domain/api.ts';
import { alertSchema } from '../../domain/alerts.ts';
import { historyEntrySchema } from '../../domain/history.ts';
import { authOf } from '../account/identity/requestAuth.ts';
import { bearer, errorResponses, type ApiRoutes } from '../platform/http/routes.ts';
import { listAlerts, listHistory } from './activity.service.ts';

export const activityRoutes: ApiRoutes = async (app, { ctx }) => {
  const tags = ['simulations'];

  app.get(
    '/simulations/:id/alerts',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Alerts of the simulation, newest first: warning conditions that fired and jobs that failed',
        params: idParamsSchema,
        response: { 200: z.array(alertSchema), ...errorResponses },
      },
    },
    async (request) => listAlerts(ctx, authOf(request), request.params.id),
  );

  app.get(
    '/simulations/:id/history',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'History of the simulation, newest first: its runs and the edits of its setup (who changed what, when)',
        params: idParamsSchema,
        response: { 200: z.array(historyEntrySchema), ...errorResponses },
      },
    },
    async (request) => listHistory(ctx, authOf(request), request.params.id),
  );
};
