// Images saved from the results viewer (spec 2 §7): upload (multipart "file" PNG/JPEG and "name"), the
// bytes, and removal (which clears it as a simulation's post image).
import multipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { idParamsSchema } from '../../domain/api.ts';
import { apiErrorSchema } from '../../domain/errors.ts';
import { IMAGE_MAX_BYTES, IMAGE_MESSAGES, imageSchema } from '../../domain/images.ts';
import { authOf } from '../account/identity/requestAuth.ts';
import { wrongInput } from '../platform/http/errors.ts';
import { openImage, removeImage, uploadImage, type ImageUploadPart } from './images.service.ts';
import { bearer, errorResponses } from '../platform/http/routes.ts';
import type { RunRoutes } from '../runs/runs.routes.ts';

export const imageRoutes: RunRoutes = async (app, { runs }) => {
  const tags = ['images'];
  const services = runs.services;
  // The service counts the bytes against the limit; this bound stops the parser itself.
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES + 1, files: 1, fields: 4, parts: 5, fieldSize: 4096 } });

  app.post(
    '/client-upload/images',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Save an image (multipart fields "file", a PNG or JPEG, and "name")',
        description: `The type is decided by the bytes. A file named or declared as PNG or JPEG that is not one is refused with status 503 ("${IMAGE_MESSAGES.securityRisk}"); other refusals use 400 or 413.`,
        consumes: ['multipart/form-data'],
        response: { 201: imageSchema, ...errorResponses, 413: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      if (!request.isMultipart()) throw wrongInput(IMAGE_MESSAGES.noFile, 'file');
      const image = await uploadImage(services, auth, request.parts() as AsyncIterable<ImageUploadPart>);
      return reply.status(201).send(image);
    },
  );

  app.get(
    '/images/:id',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'The bytes of an image (image/png or image/jpeg): for its creator, whoever may open every project, and whoever may open a simulation showing it',
        params: idParamsSchema,
        response: { 200: { description: 'The image', content: { 'image/png': { schema: z.string() }, 'image/jpeg': { schema: z.string() } } }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const image = await openImage(services, authOf(request), request.params.id);
      const raw: FastifyReply = reply;
      return raw
        .header('content-type', image.row.contentType)
        .header('content-length', String(image.row.size))
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(image.stream());
    },
  );

  app.delete(
    '/images/:id',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Delete an image (its creator or a manager); simulations showing it no longer do',
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await removeImage(services, authOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
