// Two-factor authenticators of the signed-in user: list, enrol (secret + otpauth URI, then confirm with
// a code) and remove. Single sign-on users manage this at their identity provider.
import type { Authenticator, MfaEnrolment } from '../../domain/user.ts';
import { ERROR_MESSAGES } from '../../domain/errors.ts';
import { openSecret, sealSecret } from './identity/secretBox.ts';
import { createTotpSecret, matchTotp, otpauthUri } from './identity/totp.ts';
import {
  deleteAuthenticator,
  deletePendingAuthenticators,
  insertAuthenticator,
  latestPendingAuthenticator,
  listConfirmedAuthenticators,
  updateAuthenticator,
  type AuthenticatorRow,
} from './authenticators.repository.ts';
import { forbidden, HttpError, notFound } from '../platform/http/errors.ts';
import type { AuthContext } from '../platform/access.ts';
import type { ServiceContext } from '../platform/context.ts';

function assertLocalAccount(auth: AuthContext): void {
  if (auth.user.ssoConnection) throw forbidden(ERROR_MESSAGES.ssoUser);
}

function toAuthenticator(row: AuthenticatorRow): Authenticator {
  return {
    id: row.id,
    type: 'totp',
    label: row.label,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
  };
}

export async function listAuthenticators(ctx: ServiceContext, auth: AuthContext): Promise<Authenticator[]> {
  assertLocalAccount(auth);
  return (await listConfirmedAuthenticators(ctx.db, auth.user.id)).map(toAuthenticator);
}

export async function startEnrolment(ctx: ServiceContext, auth: AuthContext): Promise<MfaEnrolment> {
  assertLocalAccount(auth);
  await deletePendingAuthenticators(ctx.db, auth.user.id);
  const secret = createTotpSecret();
  const row = await insertAuthenticator(ctx.db, { userId: auth.user.id, label: 'Authenticator app', secret: sealSecret(ctx.config, secret), confirmed: false });
  return { id: row.id, secret, otpauthUri: otpauthUri(secret, auth.user.email) };
}

export async function confirmEnrolment(ctx: ServiceContext, auth: AuthContext, code: string, label?: string): Promise<Authenticator> {
  assertLocalAccount(auth);
  const pending = await latestPendingAuthenticator(ctx.db, auth.user.id);
  if (!pending) throw new HttpError('wrong_input', ERROR_MESSAGES.noPendingEnrolment);
  const step = matchTotp(openSecret(ctx.config, pending.secret), code);
  if (step === null) {
    throw new HttpError('validation_error', ERROR_MESSAGES.invalidTotp, { fieldErrors: [{ path: 'code', message: ERROR_MESSAGES.invalidTotp }] });
  }
  const now = new Date();
  await updateAuthenticator(ctx.db, pending.id, { confirmed: true, lastUsedStep: step, lastUsedAt: now, ...(label ? { label } : {}) });
  return toAuthenticator({ ...pending, confirmed: true, lastUsedStep: step, lastUsedAt: now, label: label ?? pending.label });
}

export async function removeAuthenticator(ctx: ServiceContext, auth: AuthContext, id: string): Promise<void> {
  assertLocalAccount(auth);
  if (!(await deleteAuthenticator(ctx.db, auth.user.id, id))) throw notFound('Authenticator not found.');
}
