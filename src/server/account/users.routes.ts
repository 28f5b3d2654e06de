// Users: the signed-in user's profile (/users) and team management by team admins (/mgmt/users).
import { z } from 'zod';
import { deletedSchema, idParamsSchema, okSchema } from '../../domain/api.ts';
import {
  currentUserSchema,
  passwordSetSchema,
  profileUpdateSchema,
  userCreateSchema,
  userSchema,
  userUpdateSchema,
} from '../../domain/user.ts';
import { authOf } from './identity/requestAuth.ts';
import { setMemberPassword } from './passwords.service.ts';
import { createMember, currentUser, deleteMember, listTeam, resendInvitation, updateMember, updateProfile } from './users.service.ts';
import { bearer, errorResponses, type ApiRoutes } from '../platform/http/routes.ts';

export const userRoutes: ApiRoutes = async (app, { ctx }) => {
  const tags = ['users'];

  app.get(
    '/users',
    { schema: { tags, security: bearer, summary: 'The signed-in user, with role, permissions and organisation', response: { 200: currentUserSchema, ...errorResponses } } },
    async (request) => currentUser(ctx, authOf(request)),
  );

  app.put(
    '/users',
    { schema: { tags, security: bearer, summary: 'Update the own profile', body: profileUpdateSchema, response: { 200: currentUserSchema, ...errorResponses } } },
    async (request) => updateProfile(ctx, authOf(request), request.body),
  );

  app.get(
    '/mgmt/users',
    { schema: { tags, security: bearer, summary: 'Members of the organisation (USERS_VIEW)', response: { 200: z.array(userSchema), ...errorResponses } } },
    async (request) => listTeam(ctx, authOf(request)),
  );

  app.post(
    '/mgmt/users',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Add a member (USERS_MANAGE); they receive an invitation to set their password',
        body: userCreateSchema,
        response: { 201: userSchema, ...errorResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await createMember(ctx, authOf(request), request.body)),
  );

  app.put(
    '/mgmt/users/:id',
    {
      schema: { tags, security: bearer, summary: 'Edit a member (USERS_MANAGE)', params: idParamsSchema, body: userUpdateSchema, response: { 200: userSchema, ...errorResponses } },
    },
    async (request) => updateMember(ctx, authOf(request), request.params.id, request.body),
  );

  app.delete(
    '/mgmt/users/:id',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Delete a member (USERS_MANAGE); their projects pass to the caller',
        params: idParamsSchema,
        response: { 200: deletedSchema, ...errorResponses },
      },
    },
    async (request) => {
      await deleteMember(ctx, authOf(request), request.params.id);
      return { id: request.params.id };
    },
  );

  app.post(
    '/mgmt/users/:id/invitation',
    { schema: { tags, security: bearer, summary: 'Send the invitation mail again', params: idParamsSchema, response: { 200: okSchema, ...errorResponses } } },
    async (request) => {
      await resendInvitation(ctx, authOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/mgmt/users/:id/auth/password',
    {
      schema: {
        tags,
        security: bearer,
        summary: "Set a member's password (USERS_MANAGE); ends their sessions",
        params: idParamsSchema,
        body: passwordSetSchema,
        response: { 200: okSchema, ...errorResponses },
      },
    },
    async (request) => {
      await setMemberPassword(ctx, authOf(request), request.params.id, request.body.password);
      return { ok: true as const };
    },
  );
};
