// The signed-in caller and the one organisation-scoped access check every resource goes through:
// another organisation's things do not exist (404); in the same organisation the role decides (403).
import { ERROR_MESSAGES } from '../../domain/errors.ts';
import { canEditProject, canReadProject, hasPermission, type Permission, type Role } from '../../domain/permissions.ts';
import type { Executor } from './db/client.ts';
import type { OrganizationRow } from '../account/organizations.repository.ts';
import { findProject, type ProjectRow } from '../projects/projects.repository.ts';
import { findSimulation, type SimulationDetail } from '../simulations/simulations.repository.ts';
import type { UserRow } from '../account/users.repository.ts';
import { forbidden, notFound } from './http/errors.ts';

/** The access grant a support user acts under; checked on every request, so expiry and revocation bite at once. */
export type GrantScope = { id: string; organizationId: string; expiresAt: Date };

export type AuthContext = {
  user: UserRow & { role: Role };
  /** The organisation the caller acts in: their own, or the one an active access grant opens to them. */
  organization: OrganizationRow;
  permissions: Permission[];
  /** Set while a support user acts in another organisation through an access grant (read-only there). */
  accessGrant?: GrantScope;
  /** The caller's own organisation while `organization` is a granted one. */
  homeOrganization?: OrganizationRow;
};

export type AccessMode = 'read' | 'write';

export function requirePermission(auth: AuthContext, key: Permission): void {
  if (!hasPermission(auth.permissions, key)) throw forbidden();
}

/** Whether the caller may act on something created by `creatorId` in their organisation. */
export function allowed(auth: AuthContext, creatorId: string, mode: AccessMode): boolean {
  // An access grant opens an organisation for reading only.
  if (mode === 'write' && auth.accessGrant) return false;
  return mode === 'read'
    ? canReadProject(auth.permissions, auth.user.id, creatorId)
    : canEditProject(auth.permissions, auth.user.id, creatorId);
}

export async function accessProject(db: Executor, auth: AuthContext, projectId: string, mode: AccessMode): Promise<ProjectRow> {
  const project = await findProject(db, auth.organization.id, projectId);
  if (!project) throw notFound('Project not found.');
  if (!allowed(auth, project.creatorId, mode)) throw forbidden(ERROR_MESSAGES.forbidden);
  return project;
}

/** A simulation is reachable through its project: the project's creator and the role decide. */
export async function accessSimulation(db: Executor, auth: AuthContext, simulationId: string, mode: AccessMode): Promise<SimulationDetail> {
  const simulation = await findSimulation(db, auth.organization.id, simulationId);
  if (!simulation) throw notFound('Simulation not found.');
  if (!allowed(auth, simulation.project.creatorId, mode)) throw forbidden(ERROR_MESSAGES.forbidden);
  return simulation;
}
