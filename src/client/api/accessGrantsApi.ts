// Calls about access grants: the team's list and revocation (team admins), Surge staff's own grants,
// requests and the organisations they may ask for, and the grant the signed-in user acts under.
import { z } from 'zod';
import {
  accessGrantPageSchema,
  accessGrantSchema,
  grantableOrganizationSchema,
  type AccessGrant,
  type AccessGrantPage,
  type AccessGrantRequest,
  type AccessGrantState,
  type GrantableOrganization,
} from '../../domain/accessGrant.ts';
import { currentUserSchema, type CurrentUser } from '../../domain/user.ts';
import type { ApiClient } from './ApiClient.ts';

export interface AccessGrantListQuery {
  pageNumber?: number;
  /** -1 for all. */
  pageLimit?: number;
  state?: AccessGrantState;
  includeExpired?: boolean;
}

/** GET /api/mgmt/access_grants: grants to the organisation (team admins). */
export function listTeamAccessGrants(api: ApiClient, query: AccessGrantListQuery = {}): Promise<AccessGrantPage> {
  return api.get('/mgmt/access_grants', accessGrantPageSchema, { ...query });
}

/** DELETE /api/mgmt/access_grants/:id. */
export function revokeAccessGrant(api: ApiClient, id: string): Promise<AccessGrant> {
  return api.delete(`/mgmt/access_grants/${encodeURIComponent(id)}`, accessGrantSchema, 200);
}

/** GET /api/admin/access_grants?onlySelf=true: the signed-in staff member's own grants. */
export function listOwnAccessGrants(api: ApiClient, query: AccessGrantListQuery = {}): Promise<AccessGrantPage> {
  return api.get('/admin/access_grants', accessGrantPageSchema, { ...query, onlySelf: true });
}

export function requestAccessGrant(api: ApiClient, input: AccessGrantRequest): Promise<AccessGrant> {
  return api.post('/admin/access_grants', input, accessGrantSchema, 201);
}

export function listGrantableOrganizations(api: ApiClient): Promise<GrantableOrganization[]> {
  return api.get('/admin/organizations', z.array(grantableOrganizationSchema));
}

/** PUT /api/users/active_access_grant: act under a grant from now on, or (null) in the own organisation. */
export function selectAccessGrant(api: ApiClient, accessGrantId: string | null): Promise<CurrentUser> {
  return api.put('/users/active_access_grant', { accessGrantId }, currentUserSchema);
}
