// Access grants: team admins list and revoke grants to their organisation (/mgmt), Surge staff list and
// request them (/admin), and a support user selects the grant they act under (/users/active_access_grant).
import { z } from 'zod';
import {
  accessGrantPageSchema,
  accessGrantQuerySchema,
  accessGrantRequestSchema,
  accessGrantSchema,
  activeAccessGrantSchema,
  adminAccessGrantQuerySchema,
  grantableOrganizationSchema,
} from '../../domain/accessGrant.ts';
import { idParamsSchema } from '../../domain/api.ts';
import { currentUserSchema } from '../../domain/user.ts';
import { authOf } from './identity/requestAuth.ts';
import {
  grantableOrganizations,
  listStaffAccessGrants,
  listTeamAccessGrants,
  requestAccessGrant,
  revokeTeamAccessGrant,
  selectAccessGrant,
} from './accessGrants.service.ts';
import { bearer, errorResponses, type ApiRoutes } from '../platform/http/routes.ts';

export const accessGrantRoutes: ApiRoutes = async (app, { ctx }) => {
  const tags = ['access grants'];

  app.get(
    '/mgmt/access_grants',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Access grants to the organisation, newest first (team admins; pageLimit -1 for all)',
        querystring: accessGrantQuerySchema,
        response: { 200: accessGrantPageSchema, ...errorResponses },
      },
    },
    async (request) => listTeamAccessGrants(ctx, authOf(request), request.query),
  );

  app.delete(
    '/mgmt/access_grants/:id',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Revoke an active access grant to the organisation (team admins); it stops working at once',
        params: idParamsSchema,
        response: { 200: accessGrantSchema, ...errorResponses },
      },
    },
    async (request) => revokeTeamAccessGrant(ctx, authOf(request), request.params.id),
  );

  app.get(
    '/admin/access_grants',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Access grants of all organisations, or with onlySelf those of the caller (Surge staff)',
        querystring: adminAccessGrantQuerySchema,
        response: { 200: accessGrantPageSchema, ...errorResponses },
      },
    },
    async (request) => listStaffAccessGrants(ctx, authOf(request), request.query),
  );

  app.post(
    '/admin/access_grants',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Request 24 hours of read access to an organisation (Surge support)',
        body: accessGrantRequestSchema,
        response: { 201: accessGrantSchema, ...errorResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await requestAccessGrant(ctx, authOf(request), request.body)),
  );

  app.get(
    '/admin/organizations',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Organisations Surge staff may request access to',
        response: { 200: z.array(grantableOrganizationSchema), ...errorResponses },
      },
    },
    async (request) => grantableOrganizations(ctx, authOf(request)),
  );

  app.put(
    '/users/active_access_grant',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Act under one of the own active access grants, or (null) in the own organisation again',
        body: activeAccessGrantSchema,
        response: { 200: currentUserSchema, ...errorResponses },
      },
    },
    async (request) => selectAccessGrant(ctx, authOf(request), request.body.accessGrantId),
  );
};
