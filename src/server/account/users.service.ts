// Users: the signed-in user's profile, and team management by team admins (spec 2 §5/§6): emails are
// unique, internal staff cannot be edited or deleted, nobody deletes themselves or changes their own role.
import { ERROR_MESSAGES } from '../../domain/errors.ts';
import { isInternalRole, PERMISSIONS } from '../../domain/permissions.ts';
import type { CurrentUser, ProfileUpdate, User, UserCreate, UserUpdate } from '../../domain/user.ts';
import { revokeByAccount } from './oidcPayloads.repository.ts';
import {
  deleteUser,
  emailTaken,
  findUserInOrganization,
  insertUser,
  listUsers,
  transferOwnership,
  updateUser,
  usersWithMfa,
} from './users.repository.ts';
import { duplicate, forbidden, HttpError, notFound } from '../platform/http/errors.ts';
import { requirePermission, type AuthContext } from '../platform/access.ts';
import type { ServiceContext } from '../platform/context.ts';
import { toCurrentUser, toUser } from '../platform/mappers.ts';
import { sendInvitation } from './passwords.service.ts';

export async function currentUser(ctx: ServiceContext, auth: AuthContext): Promise<CurrentUser> {
  const mfa = await usersWithMfa(ctx.db, [auth.user.id]);
  return toCurrentUser(auth.user, auth.organization, auth.permissions, mfa.has(auth.user.id));
}

export async function updateProfile(ctx: ServiceContext, auth: AuthContext, input: ProfileUpdate): Promise<CurrentUser> {
  const row = await updateUser(ctx.db, auth.user.id, {
    firstName: input.firstName,
    lastName: input.lastName,
    phoneNumber: input.phoneNumber || null,
    department: input.department || null,
    location: input.location || null,
    ...(input.avatarId !== undefined ? { avatarId: input.avatarId } : {}),
  });
  if (!row) throw notFound();
  const mfa = await usersWithMfa(ctx.db, [row.id]);
  return toCurrentUser(row, auth.organization, auth.permissions, mfa.has(row.id));
}

export async function listTeam(ctx: ServiceContext, auth: AuthContext): Promise<User[]> {
  requirePermission(auth, PERMISSIONS.USERS_VIEW);
  const rows = await listUsers(ctx.db, auth.organization.id);
  const mfa = await usersWithMfa(ctx.db, rows.map((r) => r.id));
  return rows.map((r) => toUser(r, auth.organization, mfa.has(r.id)));
}

export async function createMember(ctx: ServiceContext, auth: AuthContext, input: UserCreate): Promise<User> {
  requirePermission(auth, PERMISSIONS.USERS_MANAGE);
  if (await emailTaken(ctx.db, input.email)) throw duplicate(ERROR_MESSAGES.emailAlreadyUsed, 'email');
  const row = await insertUser(ctx.db, {
    organizationId: auth.organization.id,
    email: input.email,
    firstName: input.firstName,
    lastName: input.lastName,
    role: input.role,
    phoneNumber: input.phoneNumber || null,
    department: input.department || null,
    location: input.location || null,
  });
  await sendInvitation(ctx, row, auth.user);
  return toUser(row, auth.organization, false);
}

async function editableMember(ctx: ServiceContext, auth: AuthContext, id: string) {
  requirePermission(auth, PERMISSIONS.USERS_MANAGE);
  const target = await findUserInOrganization(ctx.db, auth.organization.id, id);
  if (!target) throw notFound('User not found.');
  if (isInternalRole(target.role)) throw forbidden(ERROR_MESSAGES.internalUserNotEditable);
  return target;
}

export async function updateMember(ctx: ServiceContext, auth: AuthContext, id: string, input: UserUpdate): Promise<User> {
  const target = await editableMember(ctx, auth, id);
  if (target.id === auth.user.id && input.role !== undefined && input.role !== target.role) {
    throw new HttpError('wrong_input', ERROR_MESSAGES.cannotChangeOwnRole, { fieldErrors: [{ path: 'role', message: ERROR_MESSAGES.cannotChangeOwnRole }] });
  }
  if (target.id === auth.user.id && input.active === false) throw new HttpError('wrong_input', 'You cannot deactivate yourself.');
  if (input.email !== undefined && input.email !== target.email && (await emailTaken(ctx.db, input.email, target.id))) {
    throw duplicate(ERROR_MESSAGES.emailAlreadyUsed, 'email');
  }
  const row = await updateUser(ctx.db, target.id, {
    email: input.email,
    firstName: input.firstName,
    lastName: input.lastName,
    role: input.role,
    active: input.active,
    ...(input.phoneNumber !== undefined ? { phoneNumber: input.phoneNumber || null } : {}),
    ...(input.department !== undefined ? { department: input.department || null } : {}),
    ...(input.location !== undefined ? { location: input.location || null } : {}),
  });
  if (!row) throw notFound('User not found.');
  if (input.active === false) await revokeByAccount(ctx.db, row.id);
  const mfa = await usersWithMfa(ctx.db, [row.id]);
  return toUser(row, auth.organization, mfa.has(row.id));
}

/** Deletes a member; their projects and simulations pass to the team admin who deleted them. */
export async function deleteMember(ctx: ServiceContext, auth: AuthContext, id: string): Promise<void> {
  if (id === auth.user.id) throw forbidden(ERROR_MESSAGES.cannotDeleteYourself);
  const target = await editableMember(ctx, auth, id);
  await ctx.db.transaction(async (tx) => {
    await transferOwnership(tx, target.id, auth.user.id);
    await revokeByAccount(tx, target.id);
    await deleteUser(tx, target.id);
  });
}

export async function resendInvitation(ctx: ServiceContext, auth: AuthContext, id: string): Promise<void> {
  const target = await editableMember(ctx, auth, id);
  if (target.ssoConnection) throw forbidden(ERROR_MESSAGES.ssoUser);
  if (target.passwordHash) throw new HttpError('wrong_input', 'This user has already set a password.');
  await sendInvitation(ctx, target, auth.user);
}
