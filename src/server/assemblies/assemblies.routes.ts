// Assemblies and tessellation runs (spec 2 §7): the STEP import upload, assemblies with their structure tree,
// the part list calls (lists in, the whole list out) and the runs. Authorisation is the simulation's.
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { idParamsSchema } from '../../domain/api.ts';
import {
  assemblyPartDeleteSchema,
  assemblyPartSchema,
  assemblyPartsCreateSchema,
  assemblyPartsUpdateSchema,
  assemblySchema,
  tessellationRunSchema,
} from '../../domain/assembly.ts';
import { apiErrorSchema } from '../../domain/errors.ts';
import { UPLOAD_MESSAGES } from '../../domain/uploads.ts';
import { authOf } from '../account/identity/requestAuth.ts';
import { validationFailed } from '../platform/http/errors.ts';
import { bearer, errorResponses } from '../platform/http/routes.ts';
import type { RunRoutes } from '../runs/runs.routes.ts';
import {
  cancelTessellationRun,
  createParts,
  deleteParts,
  getAssembly,
  listAssemblies,
  listParts,
  listTessellationRuns,
  startTessellation,
  updateParts,
  uploadAssembly,
} from './assemblies.service.ts';

const partListSchema = z.array(assemblyPartSchema);

export const assemblyRoutes: RunRoutes = async (app, { runs }) => {
  const tags = ['assemblies'];
  const services = runs.services;
  await app.register(multipart, { limits: { fileSize: services.config.uploadMaxBytes.step + 1, files: 1, fields: 4, parts: 5, fieldSize: 4096 } });

  app.post(
    '/client-upload/simulations/:id/assemblies',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Import a STEP assembly (multipart field "file"): stored, then its structure tree is read by an assembly job',
        description: 'Refused with validation_error when the file is not STEP (.step, .stp, ISO 10303-21) or holds no solid or surface.',
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        response: { 201: assemblySchema, ...errorResponses, 413: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      if (!request.isMultipart()) throw validationFailed(UPLOAD_MESSAGES.noFile, 'file');
      const part = await request.file();
      if (!part || part.fieldname !== 'file') {
        part?.file.resume();
        throw validationFailed(UPLOAD_MESSAGES.noFile, 'file');
      }
      const assembly = await uploadAssembly(services, auth, request.params.id, { filename: part.filename, stream: part.file, truncated: () => part.file.truncated });
      return reply.status(201).send(assembly);
    },
  );

  app.get(
    '/simulations/:id/assemblies',
    { schema: { tags, security: bearer, summary: 'The assemblies imported into a simulation, newest first', params: idParamsSchema, response: { 200: z.array(assemblySchema), ...errorResponses } } },
    async (request) => listAssemblies(services, authOf(request), request.params.id),
  );

  app.get(
    '/assemblies/:id',
    { schema: { tags, security: bearer, summary: 'An assembly with its import state and structure tree', params: idParamsSchema, response: { 200: assemblySchema, ...errorResponses } } },
    async (request) => getAssembly(services, authOf(request), request.params.id),
  );

  app.post(
    '/assemblies/:id',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Start a tessellation run of the parts that need one; they are added to the setup or updated there when it completes',
        params: idParamsSchema,
        response: { 201: tessellationRunSchema, ...errorResponses, 503: apiErrorSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await startTessellation(services, authOf(request), request.params.id)),
  );

  app.get(
    '/assemblies/:id/parts',
    { schema: { tags, security: bearer, summary: 'The parts organised from an assembly', params: idParamsSchema, response: { 200: partListSchema, ...errorResponses } } },
    async (request) => listParts(services, authOf(request), request.params.id),
  );

  app.post(
    '/assemblies/:id/parts',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Add parts (name, assemblyNodeIds, componentType, optional meshingParameters with the angle in radians); answers the whole part list',
        description: 'Refused whole with validation_error when a node id is not in the assembly.',
        params: idParamsSchema,
        body: assemblyPartsCreateSchema,
        response: { 201: partListSchema, ...errorResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await createParts(services, authOf(request), request.params.id, request.body)),
  );

  app.put(
    '/assemblies/:id/parts',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Change parts (id plus name, assemblyNodeIds, meshingParameters or componentType); answers the whole part list',
        params: idParamsSchema,
        body: assemblyPartsUpdateSchema,
        response: { 200: partListSchema, ...errorResponses },
      },
    },
    async (request) => updateParts(services, authOf(request), request.params.id, request.body),
  );

  app.delete(
    '/assemblies/:id/parts',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Remove parts ({partIds}); parts already in the setup stay there; answers the whole part list',
        params: idParamsSchema,
        body: assemblyPartDeleteSchema,
        response: { 200: partListSchema, ...errorResponses },
      },
    },
    async (request) => deleteParts(services, authOf(request), request.params.id, request.body.partIds),
  );

  app.get(
    '/simulations/:id/tessellation_runs',
    { schema: { tags, security: bearer, summary: 'Tessellation runs of a simulation, newest first', params: idParamsSchema, response: { 200: z.array(tessellationRunSchema), ...errorResponses } } },
    async (request) => listTessellationRuns(services, authOf(request), request.params.id),
  );

  app.delete(
    '/tessellation_runs/:id',
    { schema: { tags, security: bearer, summary: 'Cancel a scheduled or running tessellation run', params: idParamsSchema, response: { 200: tessellationRunSchema, ...errorResponses } } },
    async (request) => cancelTessellationRun(services, authOf(request), request.params.id),
  );
};
