// Simulations: read, rename / move / set post image, delete, clone, and the setup document.
import { deletedSchema, idParamsSchema } from '../../domain/api.ts';
import { setupDocumentSchema } from '../../domain/setup.ts';
import { simulationCloneSchema, simulationSchema, simulationUpdateSchema } from '../../domain/simulation.ts';
import { authOf } from '../account/identity/requestAuth.ts';
import {
  cloneSimulation,
  getSetup,
  getSimulation,
  removeSimulation,
  replaceSetup,
  unlockSetup,
  updateSimulationDetails,
} from './simulations.service.ts';
import { bearer, errorResponses, type ApiRoutes } from '../platform/http/routes.ts';

export const simulationRoutes: ApiRoutes = async (app, { ctx }) => {
  const tags = ['simulations'];

  app.get(
    '/simulations/:id',
    { schema: { tags, security: bearer, summary: 'A simulation', params: idParamsSchema, response: { 200: simulationSchema, ...errorResponses } } },
    async (request) => getSimulation(ctx, authOf(request), request.params.id),
  );

  app.put(
    '/simulations/:id',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Rename, describe, move (projectId) or set the post image',
        params: idParamsSchema,
        body: simulationUpdateSchema,
        response: { 200: simulationSchema, ...errorResponses },
      },
    },
    async (request) => updateSimulationDetails(ctx, authOf(request), request.params.id, request.body),
  );

  app.delete(
    '/simulations/:id',
    { schema: { tags, security: bearer, summary: 'Delete a simulation', params: idParamsSchema, response: { 200: deletedSchema, ...errorResponses } } },
    async (request) => {
      await removeSimulation(ctx, authOf(request), request.params.id);
      return { id: request.params.id };
    },
  );

  app.post(
    '/simulations/:id/clone',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Copy a simulation with its setup; the copy is not started',
        params: idParamsSchema,
        body: simulationCloneSchema.nullish(),
        response: { 201: simulationSchema, ...errorResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await cloneSimulation(ctx, authOf(request), request.params.id, request.body ?? {})),
  );

  app.get(
    '/simulations/:id/setup',
    { schema: { tags, security: bearer, summary: 'The setup document', params: idParamsSchema, response: { 200: setupDocumentSchema, ...errorResponses } } },
    async (request) => getSetup(ctx, authOf(request), request.params.id),
  );

  app.put(
    '/simulations/:id/setup',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Replace the setup document (refused while the setup is locked)',
        params: idParamsSchema,
        body: setupDocumentSchema,
        response: { 200: setupDocumentSchema, ...errorResponses },
      },
    },
    async (request) => replaceSetup(ctx, authOf(request), request.params.id, request.body),
  );

  app.post(
    '/simulations/:id/setup/unlock',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Edit Setup: unlock the setup from the last run (it can then no longer be resumed)',
        params: idParamsSchema,
        response: { 200: simulationSchema, ...errorResponses },
      },
    },
    async (request) => unlockSetup(ctx, authOf(request), request.params.id),
  );
};
