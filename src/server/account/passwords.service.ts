// Passwords: change your own, a team admin sets one, reset links and invitations (one-time tokens,
// stored as hashes), and setting a password from such a link.
import { createHash, randomBytes } from 'node:crypto';
import { ERROR_MESSAGES } from '../../domain/errors.ts';
import { hasPermission, isInternalRole, PERMISSIONS } from '../../domain/permissions.ts';
import { fullName } from '../../domain/user.ts';
import { hashPassword, verifyPassword } from './identity/passwordHashing.ts';
import { revokeByAccount } from './oidcPayloads.repository.ts';
import {
  expireUserPasswordTokens,
  findUsablePasswordToken,
  insertPasswordToken,
  usePasswordToken,
  type PasswordTokenRow,
} from './passwordTokens.repository.ts';
import { findUser, findUserByEmail, findUserInOrganization, updateUser, type UserRow } from './users.repository.ts';
import { forbidden, HttpError, notFound } from '../platform/http/errors.ts';
import type { AuthContext } from '../platform/access.ts';
import type { ServiceContext } from '../platform/context.ts';
import { sendMail } from '../platform/mail/mail.ts';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const INVITATION_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

function assertNotSso(user: UserRow): void {
  if (user.ssoConnection) throw forbidden(ERROR_MESSAGES.ssoUser);
}

export async function changeOwnPassword(ctx: ServiceContext, auth: AuthContext, currentPassword: string, newPassword: string): Promise<void> {
  assertNotSso(auth.user);
  const user = await findUser(ctx.db, auth.user.id);
  if (!user || !(await verifyPassword(currentPassword, user.passwordHash))) {
    throw new HttpError('wrong_input', ERROR_MESSAGES.wrongPassword, { fieldErrors: [{ path: 'currentPassword', message: ERROR_MESSAGES.wrongPassword }] });
  }
  await updateUser(ctx.db, user.id, { passwordHash: await hashPassword(newPassword) });
  await expireUserPasswordTokens(ctx.db, user.id);
}

/** A team admin sets the password of a member of their organisation. */
export async function setMemberPassword(ctx: ServiceContext, auth: AuthContext, userId: string, password: string): Promise<void> {
  if (!hasPermission(auth.permissions, PERMISSIONS.USERS_MANAGE)) throw forbidden();
  const user = await findUserInOrganization(ctx.db, auth.organization.id, userId);
  if (!user) throw notFound();
  if (isInternalRole(user.role) && auth.user.id !== user.id) throw forbidden(ERROR_MESSAGES.internalUserNotEditable);
  assertNotSso(user);
  await updateUser(ctx.db, user.id, { passwordHash: await hashPassword(password) });
  await expireUserPasswordTokens(ctx.db, user.id);
  if (user.id !== auth.user.id) await revokeByAccount(ctx.db, user.id);
}

async function issueToken(ctx: ServiceContext, user: UserRow, purpose: 'reset' | 'invitation'): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await expireUserPasswordTokens(ctx.db, user.id);
  await insertPasswordToken(ctx.db, {
    userId: user.id,
    tokenHash: hashToken(token),
    purpose,
    expiresAt: new Date(Date.now() + (purpose === 'reset' ? RESET_TOKEN_TTL_MS : INVITATION_TOKEN_TTL_MS)),
  });
  return `${ctx.config.publicUrl}/interaction/password/reset/${token}`;
}

/** Sends a reset link when the email belongs to an active, non-SSO user; says nothing either way. */
export async function requestPasswordReset(ctx: ServiceContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user || !user.active || user.ssoConnection) {
    ctx.log.info({ email }, 'password reset requested for an email without a local account');
    return;
  }
  const link = await issueToken(ctx, user, 'reset');
  await sendMail(ctx, {
    kind: 'password_reset',
    recipient: user.email,
    subject: 'Reset your Surge password',
    body: `Hello ${fullName(user.firstName, user.lastName)},\n\nopen this link within one hour to choose a new password:\n${link}\n\nIf you did not ask for this, ignore this mail.`,
    link,
  });
}

export async function sendInvitation(ctx: ServiceContext, user: UserRow, invitedBy: UserRow): Promise<void> {
  const link = await issueToken(ctx, user, 'invitation');
  await sendMail(ctx, {
    kind: 'invitation',
    recipient: user.email,
    subject: 'You are invited to Surge',
    body: `Hello ${fullName(user.firstName, user.lastName)},\n\n${fullName(invitedBy.firstName, invitedBy.lastName)} invited you to Surge. Open this link within seven days to choose your password:\n${link}`,
    link,
  });
}

export type PasswordLink = { token: PasswordTokenRow; user: UserRow };

export async function findPasswordLink(ctx: ServiceContext, token: string): Promise<PasswordLink | undefined> {
  const row = await findUsablePasswordToken(ctx.db, hashToken(token));
  if (!row) return undefined;
  const user = await findUser(ctx.db, row.userId);
  if (!user || !user.active || user.ssoConnection) return undefined;
  return { token: row, user };
}

/** Sets the password from a link; false when the link is no longer valid. Ends the user's sessions. */
export async function setPasswordFromLink(ctx: ServiceContext, token: string, password: string): Promise<boolean> {
  const link = await findPasswordLink(ctx, token);
  if (!link) return false;
  return ctx.db.transaction(async (tx) => {
    if (!(await usePasswordToken(tx, link.token.id))) return false;
    await updateUser(tx, link.user.id, { passwordHash: await hashPassword(password) });
    await revokeByAccount(tx, link.user.id);
    return true;
  });
}
