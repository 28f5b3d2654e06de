// Volume clips replaced on their own (Setup and Results; allowed while a run locks the setup).
import { z } from 'zod';
import { idParamsSchema } from '../../../domain/api.ts';
import { volumeClipsUpdateSchema } from '../../../domain/postprocessing.ts';
import { volumeClipSchema } from '../../../domain/volumeClip.ts';
import { authOf } from '../../account/identity/requestAuth.ts';
import { bearer, errorResponses } from '../../platform/http/routes.ts';
import type { RunRoutes } from '../../runs/runs.routes.ts';
import { replaceVolumeClips } from './volumeClips.service.ts';

export const volumeClipRoutes: RunRoutes = async (app, { runs }) => {
  app.put(
    '/simulations/:id/volume_clips',
    {
      schema: {
        tags: ['volume clips'],
        security: bearer,
        summary: 'Replace the volume clips of the setup (allowed while a run locks the setup)',
        params: idParamsSchema,
        body: volumeClipsUpdateSchema,
        response: { 200: z.array(volumeClipSchema), ...errorResponses },
      },
    },
    async (request) => replaceVolumeClips(runs.services, authOf(request), request.params.id, request.body.volumeClips),
  );
};
