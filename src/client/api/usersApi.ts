// Calls about the signed-in user and their account: profile, team, organisation, storage.
import { currentUserSchema, userSchema, type CurrentUser, type ProfileUpdate, type User, type UserCreate, type UserUpdate } from '../../domain/user.ts';
import { z } from 'zod';
import { organizationSchema, type Organization } from '../../domain/organization.ts';
import { storageConsumptionSchema, type StorageConsumption } from '../../domain/budget.ts';
import type { ApiClient } from './ApiClient.ts';

export function getCurrentUser(api: ApiClient): Promise<CurrentUser> {
  return api.get('/users', currentUserSchema);
}

export function updateProfile(api: ApiClient, input: ProfileUpdate): Promise<CurrentUser> {
  return api.put('/users', input, currentUserSchema);
}

/** GET /api/mgmt/users: the members of the organisation (USERS_VIEW). */
export function listTeam(api: ApiClient): Promise<User[]> {
  return api.get('/mgmt/users', z.array(userSchema));
}

/** GET /api/organizations: the signed-in user's organisation (features, subscription, credits). */
export function getOrganization(api: ApiClient): Promise<Organization> {
  return api.get('/organizations', organizationSchema);
}

export function getOrganizationStorage(api: ApiClient): Promise<StorageConsumption> {
  return api.get('/storage_consumption/organization', storageConsumptionSchema);
}

/** POST /api/mgmt/users: adds a member, who gets an invitation to set their password (USERS_MANAGE). */
export function createMember(api: ApiClient, input: UserCreate): Promise<User> {
  return api.post('/mgmt/users', input, userSchema, 201);
}

export function updateMember(api: ApiClient, id: string, input: UserUpdate): Promise<User> {
  return api.put(`/mgmt/users/${encodeURIComponent(id)}`, input, userSchema);
}

export function deleteMember(api: ApiClient, id: string): Promise<void> {
  return api.delete(`/mgmt/users/${encodeURIComponent(id)}`, null);
}

export function resendInvitation(api: ApiClient, id: string): Promise<void> {
  return api.post(`/mgmt/users/${encodeURIComponent(id)}/invitation`, {}, null, 200);
}
