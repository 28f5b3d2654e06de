// Results of a run: the outputs list (polled by the viewer), the files of an output (meta.json and the
// little-endian typed arrays it lists, streamed, those of the run's static folder under static/), and the
// solver log's columns for dashboard graphs.
import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import { idParamsSchema } from '../../domain/api.ts';
import { staticOutputFile } from '../../domain/output.ts';
import { logColumnsSchema, logQuerySchema, outputFileParamsSchema, outputListEntrySchema, runSelectQuerySchema } from '../../domain/runOutputs.ts';
import { authOf } from '../account/identity/requestAuth.ts';
import { listOutputs, logOfSimulation, openOutputFile, type OutputFile } from './outputs.service.ts';
import { bearer, errorResponses } from '../platform/http/routes.ts';
import type { RunRoutes } from './runs.routes.ts';

function send(reply: FastifyReply, file: OutputFile) {
  return reply
    .header('content-type', file.contentType)
    .header('content-length', String(file.size))
    .header('cache-control', 'private, no-cache')
    .header('x-content-type-options', 'nosniff')
    .send(file.stream());
}

const binary = { description: 'The file', content: { 'application/octet-stream': { schema: z.string() } } };

export const outputRoutes: RunRoutes = async (app, { runs }) => {
  const tags = ['outputs'];
  const services = runs.services;

  app.get(
    '/simulations/:id/outputs',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Outputs of the active run (or of runId) with their visualization and sensor states',
        params: idParamsSchema,
        querystring: runSelectQuerySchema,
        response: { 200: z.array(outputListEntrySchema), ...errorResponses },
      },
    },
    async (request) => listOutputs(services, authOf(request), request.params.id, request.query.runId),
  );

  app.get(
    '/simulations/:id/outputs/:n/meta.json',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'meta.json of output n: objects, datasets, attributes, units, ranges',
        params: outputFileParamsSchema.omit({ file: true }),
        querystring: runSelectQuerySchema,
        response: { 200: { description: 'OutputMeta', content: { 'application/json': { schema: z.string() } } }, ...errorResponses },
      },
    },
    async (request, reply) => send(reply, await openOutputFile(services, authOf(request), request.params.id, request.params.n, 'meta.json', request.query.runId)),
  );

  app.get(
    '/simulations/:id/outputs/:n/files/:file',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'A file of output n (little-endian float32 or uint32 array, or meta.json)',
        params: outputFileParamsSchema,
        querystring: runSelectQuerySchema,
        response: { 200: binary, ...errorResponses },
      },
    },
    async (request, reply) =>
      send(reply, await openOutputFile(services, authOf(request), request.params.id, request.params.n, request.params.file, request.query.runId)),
  );

  app.get(
    '/simulations/:id/outputs/:n/static/:file',
    {
      schema: {
        tags,
        security: bearer,
        summary: "A file of the run's static folder that output n names as ../static/<file> (walls written once for all outputs)",
        params: outputFileParamsSchema,
        querystring: runSelectQuerySchema,
        response: { 200: binary, ...errorResponses },
      },
    },
    async (request, reply) =>
      send(reply, await openOutputFile(services, authOf(request), request.params.id, request.params.n, staticOutputFile(request.params.file), request.query.runId)),
  );

  app.get(
    '/simulations/:id/logs',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Columns of the solver log (key repeated: time, runtime, dt, particles, progress, runtimePerS, credits, ...)',
        params: idParamsSchema,
        querystring: logQuerySchema,
        response: { 200: logColumnsSchema, ...errorResponses },
      },
    },
    async (request) => logOfSimulation(services, authOf(request), request.params.id, request.query),
  );
};
