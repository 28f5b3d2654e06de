// Access grants: Surge support asks a team for temporary access (24 hours), which team admins may revoke.
// While a support user has an active grant selected, they read the granted organisation's projects and
// simulations (and change nothing there).
import { z } from 'zod';
import { paginatedSchema, queryBooleanSchema } from './api.ts';
import { ACCESS_GRANT_DURATION_MS } from './constants.ts';
import { PERMISSIONS, type Permission } from './permissions.ts';
import { avatarIdSchema } from './user.ts';

export const ACCESS_GRANT_REASONS = ['onboarding', 'workshop', 'support', 'other'] as const;
export const accessGrantReasonSchema = z.enum(ACCESS_GRANT_REASONS);
export type AccessGrantReason = z.infer<typeof accessGrantReasonSchema>;

export const ACCESS_GRANT_REASON_LABELS: Record<AccessGrantReason, string> = {
  onboarding: 'Onboarding',
  workshop: 'Workshop',
  support: 'Support',
  other: 'Other',
};

export const ACCESS_GRANT_STATES = ['active', 'expired', 'revoked'] as const;
export const accessGrantStateSchema = z.enum(ACCESS_GRANT_STATES);
export type AccessGrantState = z.infer<typeof accessGrantStateSchema>;

export const accessGrantSchema = z
  .object({
    id: z.string(),
    requester: z.object({ fullName: z.string(), avatarId: avatarIdSchema.nullable() }),
    requesterId: z.string(),
    reason: accessGrantReasonSchema,
    createdAt: z.string(),
    expiry: z.string(),
    state: accessGrantStateSchema,
    organizationId: z.string(),
    /** Name of the granted organisation, so that support staff can tell their grants apart. */
    organizationName: z.string(),
  })
  .meta({ id: 'AccessGrant' });
export type AccessGrant = z.infer<typeof accessGrantSchema>;

export const accessGrantPageSchema = paginatedSchema(accessGrantSchema).meta({ id: 'AccessGrantPage' });
export type AccessGrantPage = z.infer<typeof accessGrantPageSchema>;

export const ACCESS_GRANT_DEFAULT_PAGE_LIMIT = 10;
/** The page limit that asks for every grant at once (the access-grant selector uses it). */
export const ACCESS_GRANT_ALL = -1;

/**
 * GET /api/mgmt/access_grants. Without includeExpired, grants whose 24 hours are over are left out
 * (an explicit state=expired asks for them anyway).
 */
export const accessGrantQuerySchema = z.object({
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageLimit: z.coerce
    .number()
    .int()
    .min(-1)
    .max(1000)
    .refine((n) => n !== 0, 'pageLimit must be positive, or -1 for all')
    .default(ACCESS_GRANT_DEFAULT_PAGE_LIMIT),
  state: accessGrantStateSchema.optional(),
  organizationId: z.uuid('Not a valid organisation id').optional(),
  includeExpired: queryBooleanSchema,
});
export type AccessGrantQuery = z.infer<typeof accessGrantQuerySchema>;

/** GET /api/admin/access_grants: the same, plus onlySelf (the caller's own requests). */
export const adminAccessGrantQuerySchema = accessGrantQuerySchema.extend({ onlySelf: queryBooleanSchema });
export type AdminAccessGrantQuery = z.infer<typeof adminAccessGrantQuerySchema>;

/** POST /api/admin/access_grants: a support user asks for access to an organisation. */
export const accessGrantRequestSchema = z
  .object({
    organizationId: z.uuid('Choose an organisation'),
    reason: accessGrantReasonSchema,
  })
  .meta({ id: 'AccessGrantRequest' });
export type AccessGrantRequest = z.infer<typeof accessGrantRequestSchema>;

/** PUT /api/users/active_access_grant: the grant the caller acts under, or null for their own organisation. */
export const activeAccessGrantSchema = z
  .object({ accessGrantId: z.uuid('Not a valid access grant id').nullable() })
  .meta({ id: 'ActiveAccessGrant' });
export type ActiveAccessGrant = z.infer<typeof activeAccessGrantSchema>;

/** Organisations support staff may ask access to (GET /api/admin/organizations). */
export const grantableOrganizationSchema = z.object({ id: z.string(), name: z.string() }).meta({ id: 'GrantableOrganization' });
export type GrantableOrganization = z.infer<typeof grantableOrganizationSchema>;

export function accessGrantExpiry(createdAt: Date): Date {
  return new Date(createdAt.getTime() + ACCESS_GRANT_DURATION_MS);
}

/** Revoked wins over expired: a team admin's decision is what the list should show. */
export function accessGrantState(grant: { expiresAt: Date; revokedAt: Date | null }, now: Date): AccessGrantState {
  if (grant.revokedAt) return 'revoked';
  return grant.expiresAt.getTime() <= now.getTime() ? 'expired' : 'active';
}

/** What a support user keeps of their permissions inside a granted organisation: reading, and switching grants. */
export const ACCESS_GRANT_PERMISSIONS: readonly Permission[] = [PERMISSIONS.USERS_VIEW, PERMISSIONS.PROJECTS_VIEW_ALL, PERMISSIONS.ACCESS_GRANT_SELECTION];

export function permissionsUnderGrant(rolePermissions: readonly Permission[]): Permission[] {
  return rolePermissions.filter((p) => ACCESS_GRANT_PERMISSIONS.includes(p));
}

export const ACCESS_GRANT_MESSAGES = {
  revokeFailed: 'Revoking access grant failed',
  onlySupport: 'Only Surge support staff can request access grants.',
  ownOrganization: 'You already belong to this organisation.',
  notActive: 'This access grant is no longer active.',
  readOnly: 'Access through an access grant is read-only.',
} as const;
