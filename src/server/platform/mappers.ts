// Database rows to the API's shapes (src/domain): dates as ISO strings, names joined, ids exposed.
import type { Organization } from '../../domain/organization.ts';
import type { Project } from '../../domain/project.ts';
import type { Simulation, SimulationSummary } from '../../domain/simulation.ts';
import type { SimulationState } from '../../domain/simulationState.ts';
import type { AvatarId, Creator, CurrentUser, User } from '../../domain/user.ts';
import { fullName } from '../../domain/user.ts';
import type { VmState } from '../../domain/vm.ts';
import type { OrganizationRow } from '../account/organizations.repository.ts';
import type { CreatorRow, ProjectWithCreator } from '../projects/projects.repository.ts';
import type { SimulationDetail, SimulationWithCreator } from '../simulations/simulations.repository.ts';
import type { UserRow } from '../account/users.repository.ts';
import type { Permission } from '../../domain/permissions.ts';

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

export function toCreator(row: CreatorRow): Creator {
  return { id: row.id, fullName: fullName(row.firstName, row.lastName), avatarId: (row.avatarId as AvatarId | null) ?? null };
}

export function toUser(row: UserRow, organization: Pick<OrganizationRow, 'id' | 'name'>, mfaEnabled: boolean): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    fullName: fullName(row.firstName, row.lastName),
    phoneNumber: row.phoneNumber,
    department: row.department,
    location: row.location,
    avatarId: (row.avatarId as AvatarId | null) ?? null,
    role: row.role,
    active: row.active,
    activeAccessGrantId: row.activeAccessGrantId,
    ssoConnection: row.ssoConnection,
    mfaEnabled,
    createdAt: row.createdAt.toISOString(),
    organization: { id: organization.id, name: organization.name },
  };
}

export function toCurrentUser(row: UserRow, organization: OrganizationRow, permissions: Permission[], mfaEnabled: boolean): CurrentUser {
  return {
    ...toUser(row, organization, mfaEnabled),
    permissions,
    organization: { id: organization.id, name: organization.name, features: organization.features },
  };
}

export function toOrganization(row: OrganizationRow, runningSimulations: number, freeInstanceOccupied: boolean): Organization {
  return {
    id: row.id,
    name: row.name,
    features: row.features,
    credits: row.credits,
    maximumSimulationsExceeded: row.maxSimulations !== null && runningSimulations >= row.maxSimulations,
    activeSubscription: row.subscription ?? null,
    freeInstanceOccupied,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toSimulationSummary(row: SimulationWithCreator): SimulationSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    projectId: row.projectId,
    state: row.state as SimulationState,
    creator: toCreator(row.creator),
    creditsConsumed: row.creditsConsumed,
    simulationHoursConsumed: row.simulationHoursConsumed,
    size: row.sizeBytes,
    uploadedSetup: row.uploadedSetup,
    setupLocked: row.setupLocked,
    resumable: row.resumable,
    activeRunId: row.activeRunId,
    remoteVmRunState: (row.remoteVmRunState as VmState | null) ?? null,
    startedAt: iso(row.startedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toSimulation(row: SimulationDetail): Simulation {
  return {
    ...toSimulationSummary(row),
    project: { id: row.project.id, name: row.project.name },
    cores: row.cores,
    gpu: row.gpu,
    freeInstance: row.freeInstance,
    solver: row.solver,
    log: row.log ?? null,
    lastStopCondition: row.lastStopCondition ?? null,
    postImageId: row.postImageId,
    postImage: row.postImageId ? { id: row.postImageId } : null,
  };
}

export function toProject(row: ProjectWithCreator, simulations: SimulationWithCreator[], size: number): Project {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    size,
    creator: toCreator(row.creator),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    simulations: simulations.map(toSimulationSummary),
  };
}
