// Projects: the projects page list, create, read, edit, delete, and new simulations in a project.
import { deletedSchema, idParamsSchema } from '../../domain/api.ts';
import { projectCreateSchema, projectListQuerySchema, projectListSchema, projectSchema, projectUpdateSchema } from '../../domain/project.ts';
import { simulationCreateSchema, simulationSchema } from '../../domain/simulation.ts';
import { authOf } from '../account/identity/requestAuth.ts';
import { createProject, getProject, listProjects, removeProject, updateProjectDetails } from './projects.service.ts';
import { createSimulation } from '../simulations/simulations.service.ts';
import { bearer, errorResponses, type ApiRoutes } from '../platform/http/routes.ts';

export const projectRoutes: ApiRoutes = async (app, { ctx }) => {
  const tags = ['projects'];

  app.get(
    '/projects',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Projects with their simulations: search (q, project and simulation names), filters, order, pages',
        querystring: projectListQuerySchema,
        response: { 200: projectListSchema, ...errorResponses },
      },
    },
    async (request) => listProjects(ctx, authOf(request), request.query),
  );

  app.post(
    '/projects',
    { schema: { tags, security: bearer, summary: 'Create a project', body: projectCreateSchema, response: { 201: projectSchema, ...errorResponses } } },
    async (request, reply) => reply.status(201).send(await createProject(ctx, authOf(request), request.body)),
  );

  app.get(
    '/projects/:id',
    { schema: { tags, security: bearer, summary: 'A project with its simulations', params: idParamsSchema, response: { 200: projectSchema, ...errorResponses } } },
    async (request) => getProject(ctx, authOf(request), request.params.id),
  );

  app.put(
    '/projects/:id',
    {
      schema: { tags, security: bearer, summary: 'Rename or describe a project', params: idParamsSchema, body: projectUpdateSchema, response: { 200: projectSchema, ...errorResponses } },
    },
    async (request) => updateProjectDetails(ctx, authOf(request), request.params.id, request.body),
  );

  app.delete(
    '/projects/:id',
    { schema: { tags, security: bearer, summary: 'Delete a project and its simulations', params: idParamsSchema, response: { 200: deletedSchema, ...errorResponses } } },
    async (request) => {
      await removeProject(ctx, authOf(request), request.params.id);
      return { id: request.params.id };
    },
  );

  app.post(
    '/projects/:id/simulations',
    {
      schema: {
        tags: ['simulations'],
        security: bearer,
        summary: 'Create a simulation with an empty setup',
        params: idParamsSchema,
        body: simulationCreateSchema,
        response: { 201: simulationSchema, ...errorResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await createSimulation(ctx, authOf(request), request.params.id, request.body)),
  );
};
