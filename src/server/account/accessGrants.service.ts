// Access grants (spec 2 §3, §6, §7): support staff request 24-hour access to an organisation, team admins
// list and revoke them, and a selected active grant makes a support user's requests read the granted
// organisation. The grant is looked up on every request, so expiry and revocation take effect at once.
import {
  ACCESS_GRANT_MESSAGES,
  accessGrantExpiry,
  accessGrantState,
  permissionsUnderGrant,
  type AccessGrant,
  type AccessGrantPage,
  type AccessGrantQuery,
  type AccessGrantRequest,
  type AdminAccessGrantQuery,
  type GrantableOrganization,
} from '../../domain/accessGrant.ts';
import { pageCount } from '../../domain/api.ts';
import { isInternalRole, permissionsForRole, PERMISSIONS, type Role } from '../../domain/permissions.ts';
import type { AvatarId, CurrentUser } from '../../domain/user.ts';
import { fullName } from '../../domain/user.ts';
import {
  accessGrantsPage,
  clearActiveGrant,
  findAccessGrant,
  findUsableGrant,
  insertAccessGrant,
  organizationsExcept,
  revokeAccessGrant,
  type AccessGrantFilter,
  type AccessGrantWithNames,
} from './accessGrants.repository.ts';
import type { Executor } from '../platform/db/client.ts';
import { findOrganization, type OrganizationRow } from './organizations.repository.ts';
import { findUser, updateUser, type UserRow } from './users.repository.ts';
import { forbidden, HttpError, notFound, wrongInput } from '../platform/http/errors.ts';
import { requirePermission, type AuthContext } from '../platform/access.ts';
import type { ServiceContext } from '../platform/context.ts';
import { currentUser } from './users.service.ts';

/** Methods that only read; everything else is refused inside a granted organisation. */
const READING_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * Routes about the caller's own account rather than an organisation (profile, password, authenticators,
 * their grants): a support user keeps them while acting under a grant.
 */
const OWN_ACCOUNT_ROUTES = [/^\/api\/users(\/|$)/, /^\/api\/auth\//, /^\/api\/admin\//, /^\/api\/fetch\/auth$/];

export function toAccessGrant(row: AccessGrantWithNames, now: Date): AccessGrant {
  return {
    id: row.id,
    requester: { fullName: fullName(row.requester.firstName, row.requester.lastName), avatarId: (row.requester.avatarId as AvatarId | null) ?? null },
    requesterId: row.requesterId,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    expiry: row.expiresAt.toISOString(),
    state: accessGrantState(row, now),
    organizationId: row.organizationId,
    organizationName: row.organizationName,
  };
}

/**
 * Who the caller is for this request. A support user with a selected grant that is still theirs, not
 * revoked and not expired acts in the granted organisation with read-only permissions; a selection that
 * no longer holds is reported as none.
 */
export async function authScope(db: Executor, user: UserRow & { role: Role }, organization: OrganizationRow, now: Date = new Date()): Promise<AuthContext> {
  const permissions = permissionsForRole(user.role);
  if (!user.activeAccessGrantId) return { user, organization, permissions };
  const usable = user.role === 'support' ? await findUsableGrant(db, user.activeAccessGrantId, user.id, now) : undefined;
  if (!usable) return { user: { ...user, activeAccessGrantId: null }, organization, permissions };
  return {
    user,
    organization: usable.organization,
    homeOrganization: organization,
    permissions: permissionsUnderGrant(permissions),
    accessGrant: { id: usable.grant.id, organizationId: usable.grant.organizationId, expiresAt: usable.grant.expiresAt },
  };
}

/** Whether a connection opened under `auth` may go on: its grant is still selected, active and not expired. */
export async function grantStillInForce(db: Executor, auth: AuthContext, now: Date = new Date()): Promise<boolean> {
  if (!auth.accessGrant) return true;
  const user = await findUser(db, auth.user.id);
  if (user?.activeAccessGrantId !== auth.accessGrant.id) return false;
  return (await findUsableGrant(db, auth.accessGrant.id, auth.user.id, now)) !== undefined;
}

/** Refuses changes inside a granted organisation; `routeUrl` is the matched route pattern, not the raw path. */
export function enforceGrantReadOnly(auth: AuthContext, method: string, routeUrl: string): void {
  if (!auth.accessGrant || READING_METHODS.has(method.toUpperCase())) return;
  if (OWN_ACCOUNT_ROUTES.some((pattern) => pattern.test(routeUrl))) return;
  throw forbidden(ACCESS_GRANT_MESSAGES.readOnly);
}

function homeOrganizationId(auth: AuthContext): string {
  return (auth.homeOrganization ?? auth.organization).id;
}

async function page(ctx: ServiceContext, filter: Omit<AccessGrantFilter, 'limit' | 'offset' | 'now'>, query: AccessGrantQuery): Promise<AccessGrantPage> {
  const now = new Date();
  const limit = query.pageLimit < 0 ? null : query.pageLimit;
  const { rows, total } = await accessGrantsPage(ctx.db, { ...filter, now, limit, offset: limit === null ? 0 : (query.pageNumber - 1) * limit });
  return { results: rows.map((row) => toAccessGrant(row, now)), resultCount: total, pageCount: pageCount(total, query.pageLimit) };
}

const EMPTY_PAGE: AccessGrantPage = { results: [], resultCount: 0, pageCount: 0 };

/** GET /api/mgmt/access_grants: grants to the caller's organisation (team admins). */
export async function listTeamAccessGrants(ctx: ServiceContext, auth: AuthContext, query: AccessGrantQuery): Promise<AccessGrantPage> {
  requirePermission(auth, PERMISSIONS.USERS_MANAGE);
  if (query.organizationId && query.organizationId !== auth.organization.id) return EMPTY_PAGE;
  return page(ctx, { organizationId: auth.organization.id, state: query.state, includeExpired: query.includeExpired }, query);
}

/** DELETE /api/mgmt/access_grants/:id: a team admin ends a grant to their organisation. */
export async function revokeTeamAccessGrant(ctx: ServiceContext, auth: AuthContext, id: string): Promise<AccessGrant> {
  requirePermission(auth, PERMISSIONS.USERS_MANAGE);
  const grant = await findAccessGrant(ctx.db, id);
  if (!grant || grant.organizationId !== auth.organization.id) throw notFound('Access grant not found.');
  const now = new Date();
  const revoked = await ctx.db.transaction(async (tx) => {
    if (!(await revokeAccessGrant(tx, id, auth.user.id, now))) return false;
    await clearActiveGrant(tx, id);
    return true;
  });
  if (!revoked) throw new HttpError('wrong_input', ACCESS_GRANT_MESSAGES.notActive, { status: 409 });
  ctx.log.info({ accessGrantId: id, organizationId: grant.organizationId, revokedBy: auth.user.id }, 'access grant revoked');
  return toAccessGrant({ ...grant, revokedAt: now, revokedBy: auth.user.id }, now);
}

function requireInternalSelection(auth: AuthContext): void {
  requirePermission(auth, PERMISSIONS.ACCESS_GRANT_SELECTION);
  if (!isInternalRole(auth.user.role)) throw forbidden();
}

/** GET /api/admin/access_grants: internal staff see grants of every organisation, or with onlySelf their own. */
export async function listStaffAccessGrants(ctx: ServiceContext, auth: AuthContext, query: AdminAccessGrantQuery): Promise<AccessGrantPage> {
  requireInternalSelection(auth);
  return page(
    ctx,
    { organizationId: query.organizationId, requesterId: query.onlySelf ? auth.user.id : undefined, state: query.state, includeExpired: query.includeExpired },
    query,
  );
}

/** POST /api/admin/access_grants: a support user asks for 24 hours of access to another organisation. */
export async function requestAccessGrant(ctx: ServiceContext, auth: AuthContext, input: AccessGrantRequest): Promise<AccessGrant> {
  if (auth.user.role !== 'support') throw forbidden(ACCESS_GRANT_MESSAGES.onlySupport);
  const organization = await findOrganization(ctx.db, input.organizationId);
  if (!organization) throw notFound('Organisation not found.');
  if (organization.id === homeOrganizationId(auth)) throw wrongInput(ACCESS_GRANT_MESSAGES.ownOrganization, 'organizationId');
  const now = new Date();
  const row = await insertAccessGrant(ctx.db, {
    organizationId: organization.id,
    requesterId: auth.user.id,
    reason: input.reason,
    createdAt: now,
    expiresAt: accessGrantExpiry(now),
  });
  ctx.log.info({ accessGrantId: row.id, organizationId: organization.id, requesterId: auth.user.id, reason: input.reason }, 'access grant requested');
  return toAccessGrant({ ...row, requester: auth.user, organizationName: organization.name }, now);
}

/** GET /api/admin/organizations: where support staff may ask for access (not their own organisation). */
export async function grantableOrganizations(ctx: ServiceContext, auth: AuthContext): Promise<GrantableOrganization[]> {
  requireInternalSelection(auth);
  return organizationsExcept(ctx.db, homeOrganizationId(auth));
}

/**
 * PUT /api/users/active_access_grant: the grant the caller acts under from the next request on (an
 * active one of their own), or null to act in their own organisation again. Answers the current user.
 */
export async function selectAccessGrant(ctx: ServiceContext, auth: AuthContext, accessGrantId: string | null): Promise<CurrentUser> {
  requirePermission(auth, PERMISSIONS.ACCESS_GRANT_SELECTION);
  const home = auth.homeOrganization ?? auth.organization;
  if (accessGrantId !== null) {
    const usable = auth.user.role === 'support' ? await findUsableGrant(ctx.db, accessGrantId, auth.user.id, new Date()) : undefined;
    if (!usable) throw wrongInput(ACCESS_GRANT_MESSAGES.notActive, 'accessGrantId');
  }
  const row = await updateUser(ctx.db, auth.user.id, { activeAccessGrantId: accessGrantId });
  if (!row) throw notFound();
  return currentUser(ctx, await authScope(ctx.db, row, home));
}
