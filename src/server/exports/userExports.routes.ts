// User exports of a simulation (Download panel, polled every 5 s): start from the Select Data state,
// the latest export with its files and states, cancel, and the download of one file.
import { z } from 'zod';
import { idParamsSchema } from '../../domain/api.ts';
import { userExportFileParamsSchema, userExportRecordSchema } from '../../domain/postprocessing.ts';
import { userExportStateSchema } from '../../domain/userExport.ts';
import { authOf } from '../account/identity/requestAuth.ts';
import type { FastifyReply } from 'fastify';
import { cancelUserExport, exportFile, latestExport, startUserExport, type ExportDownload } from './userExports.service.ts';
import { bearer, errorResponses } from '../platform/http/routes.ts';
import type { RunRoutes } from '../runs/runs.routes.ts';

function send(reply: FastifyReply, file: ExportDownload) {
  return reply
    .header('content-type', file.contentType)
    .header('content-length', String(file.size))
    .header('content-disposition', `attachment; filename="${file.filename.replace(/"/g, '')}"`)
    .header('cache-control', 'private, no-cache')
    .header('x-content-type-options', 'nosniff')
    .send(file.stream());
}

const binary = { description: 'The file', content: { 'application/octet-stream': { schema: z.string() } } };

export const userExportRoutes: RunRoutes = async (app, { runs }) => {
  const tags = ['exports'];
  const services = runs.services;

  app.post(
    '/simulations/:id/user_exports',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Export results as files ParaView opens (VTU/VTP/PVD, STL, CSV, JSON) and one zip; replaces the previous export',
        description: 'Refused with validation_error when nothing is selected, the step size is outside 1..100 or a surface is chosen without its fluid.',
        params: idParamsSchema,
        body: userExportStateSchema,
        response: { 201: userExportRecordSchema, ...errorResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await startUserExport(services, authOf(request), request.params.id, request.body)),
  );

  app.get(
    '/simulations/:id/user_exports',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'The latest export with its state, progress and files (null when none was made)',
        params: idParamsSchema,
        response: { 200: userExportRecordSchema.nullable(), ...errorResponses },
      },
    },
    async (request) => latestExport(services, authOf(request), request.params.id),
  );

  app.delete(
    '/simulations/:id/user_exports',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Cancel the scheduled or running export (a finished one has its files deleted)',
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await cancelUserExport(services, authOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/simulations/:id/user_exports/:fileId',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Download one file of the latest export (the zip or any single file)',
        params: userExportFileParamsSchema,
        response: { 200: binary, ...errorResponses },
      },
    },
    async (request, reply) => send(reply, await exportFile(services, authOf(request), request.params.id, request.params.fileId)),
  );
};
