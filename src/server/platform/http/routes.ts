// What route modules share: the plugin type with zod typing, the services' context, and the error
// responses every authenticated route documents.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../domain/errors.ts';
import type { ServiceContext } from '../context.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without an access token. Every other /api route requires one. */
    public?: boolean;
  }
}

export type RouteOptions = { ctx: ServiceContext };
export type ApiRoutes = FastifyPluginAsyncZod<RouteOptions>;

export const errorResponses = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
} as const;

export const bearer = [{ bearerAuth: [] as string[] }];
