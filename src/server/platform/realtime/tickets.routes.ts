// The realtime channel's ticket: the web app trades its access token for one before it opens /ws.
import { realtimeTicketSchema } from '../../../domain/realtimeMessages.ts';
import { authOf, bearerToken } from '../../account/identity/requestAuth.ts';
import { jwtExpiry, jwtSignInGrant, type RealtimeTickets } from './tickets.ts';
import { bearer, errorResponses, type RouteOptions } from '../http/routes.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const realtimeRoutes: FastifyPluginAsyncZod<RouteOptions & { tickets: RealtimeTickets }> = async (app, { tickets }) => {
  app.post(
    '/fetch/auth',
    {
      schema: {
        tags: ['realtime'],
        security: bearer,
        summary: 'A ticket that opens one realtime socket (/ws?ticket=…) within ttl seconds',
        description: 'The socket it opens closes when the access token the ticket was asked with expires (the client then asks for a new ticket), and within seconds of the sign-in ending (sign-out, revocation, a password set by a manager, deactivation).',
        response: { 201: realtimeTicketSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const token = bearerToken(request.headers.authorization);
      const ticket = await tickets.issue(authOf(request), jwtExpiry(token), Date.now(), jwtSignInGrant(token));
      return reply.status(201).send(ticket);
    },
  );
};
