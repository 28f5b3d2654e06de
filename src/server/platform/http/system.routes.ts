// Public routes: the runtime configuration the web app reads before signing in, and the version.
import { z } from 'zod';
import { publicConfigSchema } from '../../../domain/api.ts';
import { CLIENT_SCOPE } from '../config.ts';
import type { ApiRoutes } from './routes.ts';

export const systemRoutes: ApiRoutes = async (app, { ctx }) => {
  const { config } = ctx;

  app.get(
    '/config',
    {
      config: { public: true },
      schema: { tags: ['system'], summary: 'Runtime configuration for the web app', response: { 200: publicConfigSchema } },
    },
    async () => ({
      issuer: config.identity.issuer,
      clientId: config.identity.clientId,
      scope: CLIENT_SCOPE,
      apiResource: config.identity.audience,
      version: config.version,
      embeddedIdentityProvider: config.identity.mode === 'embedded',
      ...(config.regionalBanner ? { regionalBanner: config.regionalBanner } : {}),
      ...(Object.keys(config.helpLinks).length > 0 ? { helpLinks: config.helpLinks } : {}),
      ...(config.supportEmail ? { supportEmail: config.supportEmail } : {}),
    }),
  );

  app.get(
    '/version',
    {
      config: { public: true },
      schema: {
        tags: ['system'],
        summary: 'Version and build id, as text',
        response: { 200: { description: 'version+build', content: { 'text/plain': { schema: z.string() } } } },
      },
    },
    async (_request, reply) => reply.type('text/plain; charset=utf-8').send(`${config.version}+${config.buildId}`),
  );
};
