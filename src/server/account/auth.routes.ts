// The signed-in user's own credentials: password change and two-factor authenticators (TOTP).
import { z } from 'zod';
import { idParamsSchema, okSchema } from '../../domain/api.ts';
import { authenticatorSchema, mfaEnrolmentSchema, mfaVerifySchema, passwordChangeSchema } from '../../domain/user.ts';
import { authOf } from './identity/requestAuth.ts';
import { confirmEnrolment, listAuthenticators, removeAuthenticator, startEnrolment } from './mfa.service.ts';
import { changeOwnPassword } from './passwords.service.ts';
import { bearer, errorResponses, type ApiRoutes } from '../platform/http/routes.ts';

export const authRoutes: ApiRoutes = async (app, { ctx }) => {
  const tags = ['auth'];

  app.post(
    '/auth/password',
    { schema: { tags, security: bearer, summary: 'Change the own password', body: passwordChangeSchema, response: { 200: okSchema, ...errorResponses } } },
    async (request) => {
      await changeOwnPassword(ctx, authOf(request), request.body.currentPassword, request.body.newPassword);
      return { ok: true as const };
    },
  );

  app.get(
    '/auth/authenticators',
    { schema: { tags, security: bearer, summary: 'Confirmed two-factor authenticators', response: { 200: z.array(authenticatorSchema), ...errorResponses } } },
    async (request) => listAuthenticators(ctx, authOf(request)),
  );

  app.delete(
    '/auth/authenticators/:id',
    { schema: { tags, security: bearer, summary: 'Remove an authenticator', params: idParamsSchema, response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      await removeAuthenticator(ctx, authOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/auth/mfa',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Start enrolling an authenticator app: returns its secret and otpauth URI',
        response: { 200: mfaEnrolmentSchema, ...errorResponses },
      },
    },
    async (request) => startEnrolment(ctx, authOf(request)),
  );

  app.post(
    '/auth/mfa/verify',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Confirm the enrolment with a current code',
        body: mfaVerifySchema,
        response: { 200: authenticatorSchema, ...errorResponses },
      },
    },
    async (request) => confirmEnrolment(ctx, authOf(request), request.body.code, request.body.label),
  );
};
