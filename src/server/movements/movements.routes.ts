// Routes of the movements feature: the movements of a simulation, a part's keyframes (interpolated or
// stepped) and the upload of the acceleration file (multipart, one CSV, size limited).
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { idParamsSchema } from '../../domain/api.ts';
import { ACCELERATION_FILE_MAX_BYTES, ACCELERATION_FILE_MESSAGES } from '../../domain/accelerationFile.ts';
import { entityIdSchema } from '../../domain/entity.ts';
import { apiErrorSchema } from '../../domain/errors.ts';
import { accelerationFileUploadSchema, partKeyframesQuerySchema, partKeyframesSchema, simulationMovementsSchema } from '../../domain/movementApi.ts';
import { authOf } from '../account/identity/requestAuth.ts';
import { validationFailed } from '../platform/http/errors.ts';
import { bearer, errorResponses, type ApiRoutes } from '../platform/http/routes.ts';
import { getPartKeyframes, listSimulationMovements, uploadAccelerationFile } from './movements.service.ts';

const partParamsSchema = z.object({ id: entityIdSchema });

export const movementRoutes: ApiRoutes = async (app, { ctx }) => {
  const tags = ['movements'];
  await app.register(multipart, { limits: { fileSize: ACCELERATION_FILE_MAX_BYTES, files: 1, fields: 5, parts: 6 } });

  app.get(
    '/simulations/:id/movements',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'The movements of the setup, with the parts whose geometry they move',
        params: idParamsSchema,
        response: { 200: simulationMovementsSchema, ...errorResponses },
      },
    },
    async (request) => listSimulationMovements(ctx, authOf(request), request.params.id),
  );

  app.get(
    '/parts/:id/movements/keyframes',
    {
      schema: {
        tags,
        security: bearer,
        summary:
          'Keyframes of a part (time and row-major 4×4 transform): interpolate=true (default) dense enough for linear blending, false one per output time; at most 5000',
        params: partParamsSchema,
        querystring: partKeyframesQuerySchema,
        response: { 200: partKeyframesSchema, ...errorResponses },
      },
    },
    async (request) => getPartKeyframes(ctx, authOf(request), request.params.id, request.query),
  );

  app.post(
    '/simulations/:id/acceleration_file',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Upload the acceleration file: one CSV with the columns time, ax, ay, az (time strictly increasing, at least 2 rows)',
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        response: { 201: accelerationFileUploadSchema, ...errorResponses, 413: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      if (!request.isMultipart()) throw validationFailed(ACCELERATION_FILE_MESSAGES.singleFile, 'file');
      const part = await request.file();
      if (!part || part.fieldname !== 'file') {
        part?.file.resume();
        throw validationFailed(ACCELERATION_FILE_MESSAGES.singleFile, 'file');
      }
      const file = part.file;
      const stored = await uploadAccelerationFile(ctx, auth, request.params.id, {
        filename: part.filename,
        discard: () => file.resume(),
        read: async () => {
          try {
            const bytes = await part.toBuffer();
            return file.truncated ? null : bytes;
          } catch (error) {
            // The parser stops at the size limit and says so with an error of its own.
            if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') return null;
            throw error;
          }
        },
      });
      return reply.status(201).send(stored);
    },
  );
};
