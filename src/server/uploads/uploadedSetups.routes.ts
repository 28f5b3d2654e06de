// Upload of a preprocessed setup (organisations with upload_preprocessing): a zip file and the name of
// its job file, as multipart; the simulation then runs the job file's setup.
import multipart from '@fastify/multipart';
import { idParamsSchema } from '../../domain/api.ts';
import { apiErrorSchema } from '../../domain/errors.ts';
import { UPLOADED_SETUP_LIMITS, UPLOADED_SETUP_MESSAGES, uploadedSetupSchema } from '../../domain/uploadedSetup.ts';
import { authOf } from '../account/identity/requestAuth.ts';
import { wrongInput } from '../platform/http/errors.ts';
import { uploadPreprocessedSetup, type UploadPart } from './uploadedSetups.service.ts';
import { bearer, errorResponses } from '../platform/http/routes.ts';
import type { RunRoutes } from '../runs/runs.routes.ts';

export const uploadedSetupRoutes: RunRoutes = async (app, { runs }) => {
  // The service counts the zip's bytes against its limit; this bound stops the parser itself.
  await app.register(multipart, { limits: { fileSize: UPLOADED_SETUP_LIMITS.zipMaxBytes + 1, files: 1, fields: 4, parts: 5, fieldSize: 4096 } });

  app.post(
    '/simulations/:id/uploaded_setup',
    {
      schema: {
        tags: ['simulations'],
        security: bearer,
        summary: 'Upload a preprocessed setup: multipart fields "file" (.zip) and "jobFilename" (the setup document inside it); needs upload_preprocessing',
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        response: { 201: uploadedSetupSchema, ...errorResponses, 413: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      if (!request.isMultipart()) throw wrongInput(UPLOADED_SETUP_MESSAGES.noFile, 'file');
      const result = await uploadPreprocessedSetup(runs.services, auth, request.params.id, request.parts() as AsyncIterable<UploadPart>);
      return reply.status(201).send(result);
    },
  );
};
