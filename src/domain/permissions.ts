// Roles and permission keys, and the role -> keys map the server enforces on every route
// (the client only uses the same map to hide what the server would refuse anyway).
import { z } from 'zod';

export const ROLES = ['contributor', 'manager', 'admin', 'support'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** Roles a team admin (manager) may give to members of their own organisation. */
export const ASSIGNABLE_ROLES = ['contributor', 'manager'] as const satisfies readonly Role[];
export const assignableRoleSchema = z.enum(ASSIGNABLE_ROLES);

/** Surge staff; they cannot be edited, deleted or have their role changed by a team. */
export const INTERNAL_ROLES = ['admin', 'support'] as const satisfies readonly Role[];

export const ROLE_LABELS: Record<Role, string> = {
  contributor: 'Contributor',
  manager: 'Admin',
  admin: 'Surge Admin',
  support: 'Surge Support',
};

/**
 * The spec's keys plus two the server needs to say who may change things: USERS_MANAGE (create, edit,
 * delete team members) and PROJECTS_EDIT_ALL (edit and delete projects one did not create).
 */
export const PERMISSIONS = {
  USERS_VIEW: 'USERS_VIEW',
  USERS_MANAGE: 'USERS_MANAGE',
  SUBSCRIPTION_VIEW: 'SUBSCRIPTION_VIEW',
  CREDITS_VIEW_SEQUENCE_USERS: 'CREDITS_VIEW_SEQUENCE_USERS',
  PROJECTS_VIEW_ALL: 'PROJECTS_VIEW_ALL',
  PROJECTS_EDIT_ALL: 'PROJECTS_EDIT_ALL',
  OVERVIEW_ADMIN_MESSAGE: 'OVERVIEW_ADMIN_MESSAGE',
  ACCESS_GRANT_SELECTION: 'ACCESS_GRANT_SELECTION',
} as const;
export type Permission = (typeof PERMISSIONS)[keyof typeof PERMISSIONS];
export const permissionSchema = z.enum(Object.values(PERMISSIONS) as [Permission, ...Permission[]]);

const P = PERMISSIONS;
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  contributor: [],
  manager: [
    P.USERS_VIEW,
    P.USERS_MANAGE,
    P.SUBSCRIPTION_VIEW,
    P.CREDITS_VIEW_SEQUENCE_USERS,
    P.PROJECTS_VIEW_ALL,
    P.PROJECTS_EDIT_ALL,
    P.OVERVIEW_ADMIN_MESSAGE,
  ],
  admin: Object.values(P),
  support: [P.USERS_VIEW, P.PROJECTS_VIEW_ALL, P.ACCESS_GRANT_SELECTION],
};

export function permissionsForRole(role: Role): Permission[] {
  return [...ROLE_PERMISSIONS[role]];
}

export function hasPermission(granted: Role | readonly Permission[], key: Permission): boolean {
  const list = typeof granted === 'string' ? ROLE_PERMISSIONS[granted] : granted;
  return list.includes(key);
}

export function isInternalRole(role: Role): boolean {
  return (INTERNAL_ROLES as readonly Role[]).includes(role);
}

/** Who may read a project (and its simulations): its creator, or anyone who may view all projects. */
export function canReadProject(granted: Role | readonly Permission[], userId: string, creatorId: string): boolean {
  return userId === creatorId || hasPermission(granted, P.PROJECTS_VIEW_ALL);
}

/** Who may change or delete a project (and its simulations). */
export function canEditProject(granted: Role | readonly Permission[], userId: string, creatorId: string): boolean {
  return userId === creatorId || hasPermission(granted, P.PROJECTS_EDIT_ALL);
}
