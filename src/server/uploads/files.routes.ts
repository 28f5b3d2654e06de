// Geometry uploads (multipart, STL or STEP, type checked by content, size limited) and the stored bytes.
import multipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { idParamsSchema } from '../../domain/api.ts';
import { apiErrorSchema } from '../../domain/errors.ts';
import { stepTessellationSchema, tessellationSelectionSchema, UPLOAD_MESSAGES, uploadedFileSchema, uploadQuerySchema } from '../../domain/uploads.ts';
import { meshingParametersSchema } from '../../domain/meshing.ts';
import { authOf } from '../account/identity/requestAuth.ts';
import { wrongInput } from '../platform/http/errors.ts';
import { openUploadedFile, uploadGeometry } from './uploads.service.ts';
import { tessellateUploadedStep } from './stepTessellation.ts';
import { validateMeshingParameters } from '../../../workers/geometry/stepImport.ts';
import { GeometryError } from '../../../wasm/surgeGeometry.ts';
import { bearer, errorResponses } from '../platform/http/routes.ts';
import type { RunRoutes } from '../runs/runs.routes.ts';

export const fileRoutes: RunRoutes = async (app, { runs }) => {
  const tags = ['files'];
  const services = runs.services;
  const largest = Math.max(...Object.values(services.config.uploadMaxBytes));
  // The service counts bytes against the limit of the file's kind; this bound stops the parser itself.
  await app.register(multipart, { limits: { fileSize: largest + 1, files: 1, fields: 10, parts: 11 } });

  app.post(
    '/simulations/:id/files',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Upload an STL (binary or ASCII, unit m, mm or in) or STEP file; STL files get their shape info',
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        querystring: uploadQuerySchema,
        response: { 201: uploadedFileSchema, ...errorResponses, 413: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      if (!request.isMultipart()) throw wrongInput(UPLOAD_MESSAGES.noFile, 'file');
      const part = await request.file();
      if (!part || part.fieldname !== 'file') {
        part?.file.resume();
        throw wrongInput(UPLOAD_MESSAGES.noFile, 'file');
      }
      const stored = await uploadGeometry(services, auth, request.params.id, request.query.unit, {
        filename: part.filename,
        stream: part.file,
        truncated: () => part.file.truncated,
      });
      return reply.status(201).send(stored);
    },
  );

  app.post(
    '/files/:id/tessellation',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Tessellate an uploaded STEP file (angularDeflection in radians) into STL uploads of its simulation: the chosen bodies merged, or one per body',
        params: idParamsSchema,
        body: meshingParametersSchema.partial({ useDelabellaAlgorithm: true }).extend(tessellationSelectionSchema.shape),
        response: { 201: stepTessellationSchema, ...errorResponses, 413: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { entryIds, separate, ...meshing } = request.body;
      let parameters;
      try {
        parameters = validateMeshingParameters({ useDelabellaAlgorithm: false, ...meshing });
      } catch (error) {
        if (error instanceof GeometryError) throw wrongInput(error.message, 'body');
        throw error;
      }
      const result = await tessellateUploadedStep(services, authOf(request), request.params.id, parameters, { entryIds, separate });
      return reply.status(201).send(result);
    },
  );

  app.get(
    '/files/:id',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'The stored bytes of an uploaded file, for those who may open the simulation it was uploaded to',
        params: idParamsSchema,
        response: { 200: { description: 'The file', content: { 'application/octet-stream': { schema: z.string() } } }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const file = await openUploadedFile(services, authOf(request), request.params.id);
      const raw: FastifyReply = reply;
      return raw
        .header('content-type', file.contentType)
        .header('content-length', String(file.row.size))
        .header('content-disposition', `attachment; filename="${file.row.name.replace(/[^\w.\- ]/g, '_')}"`)
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(file.stream());
    },
  );
};
