// Sign-in with the embedded provider: password check with a per-email throttle, and the second factor
// (a pending challenge per interaction, then a TOTP code that works once).
import { verifyAgainstNothing, verifyPassword } from '../auth/passwords.ts';
import { openSecret } from '../auth/secretBox.ts';
import { matchTotp } from '../auth/totp.ts';
import { listConfirmedAuthenticators, updateAuthenticator } from '../db/authenticators.ts';
import { destroyPayload, findPayload, upsertPayload } from '../db/oidcPayloads.ts';
import { findUser, findUserByEmail, updateUser, type UserRow } from '../db/users.ts';
import type { ServiceContext } from './context.ts';

const MAX_FAILURES = 10;
const FAILURE_WINDOW_MS = 15 * 60 * 1000;
const MFA_CHALLENGE_KIND = 'MfaChallenge';
const MFA_CHALLENGE_TTL_S = 10 * 60;
const MAX_TOTP_ATTEMPTS = 5;

/** Failed password attempts per email, kept in memory: enough to slow down guessing on one server. */
const failures = new Map<string, { count: number; since: number }>();

function throttled(email: string, now: number): boolean {
  const entry = failures.get(email);
  if (!entry) return false;
  if (now - entry.since > FAILURE_WINDOW_MS) {
    failures.delete(email);
    return false;
  }
  return entry.count >= MAX_FAILURES;
}

function recordFailure(email: string, now: number): void {
  const entry = failures.get(email);
  if (!entry || now - entry.since > FAILURE_WINDOW_MS) failures.set(email, { count: 1, since: now });
  else entry.count += 1;
}

export type PasswordCheck =
  | { result: 'ok'; user: UserRow; needsSecondFactor: boolean }
  | { result: 'invalid' }
  | { result: 'throttled' };

export async function checkPassword(ctx: ServiceContext, emailInput: string, password: string): Promise<PasswordCheck> {
  const email = emailInput.trim().toLowerCase();
  const now = Date.now();
  if (throttled(email, now)) return { result: 'throttled' };
  const user = email ? await findUserByEmail(ctx.db, email) : undefined;
  const ok = user && user.active && !user.ssoConnection ? await verifyPassword(password, user.passwordHash) : await verifyAgainstNothing(password);
  if (!ok || !user) {
    recordFailure(email, now);
    return { result: 'invalid' };
  }
  failures.delete(email);
  const authenticators = await listConfirmedAuthenticators(ctx.db, user.id);
  return { result: 'ok', user, needsSecondFactor: authenticators.length > 0 };
}

export async function recordSignIn(ctx: ServiceContext, userId: string): Promise<void> {
  await updateUser(ctx.db, userId, { lastLoginAt: new Date() });
}

/** Remembers, for this interaction, that the password was right and a code is still due. */
export async function startSecondFactor(ctx: ServiceContext, interactionUid: string, userId: string): Promise<void> {
  await upsertPayload(ctx.db, MFA_CHALLENGE_KIND, interactionUid, { accountId: userId, attempts: 0 }, MFA_CHALLENGE_TTL_S);
}

export async function pendingSecondFactor(ctx: ServiceContext, interactionUid: string): Promise<string | undefined> {
  const challenge = await findPayload(ctx.db, MFA_CHALLENGE_KIND, interactionUid);
  return typeof challenge?.accountId === 'string' ? challenge.accountId : undefined;
}

export type SecondFactorCheck = { result: 'ok'; user: UserRow } | { result: 'invalid' } | { result: 'expired' };

export async function checkSecondFactor(ctx: ServiceContext, interactionUid: string, code: string): Promise<SecondFactorCheck> {
  const challenge = await findPayload(ctx.db, MFA_CHALLENGE_KIND, interactionUid);
  const accountId = typeof challenge?.accountId === 'string' ? challenge.accountId : undefined;
  const attempts = typeof challenge?.attempts === 'number' ? challenge.attempts : 0;
  if (!accountId || attempts >= MAX_TOTP_ATTEMPTS) return { result: 'expired' };
  const user = await findUser(ctx.db, accountId);
  if (!user || !user.active) return { result: 'expired' };
  if (await useTotp(ctx, user.id, code)) {
    await destroyPayload(ctx.db, MFA_CHALLENGE_KIND, interactionUid);
    return { result: 'ok', user };
  }
  await upsertPayload(ctx.db, MFA_CHALLENGE_KIND, interactionUid, { accountId, attempts: attempts + 1 }, MFA_CHALLENGE_TTL_S);
  return { result: 'invalid' };
}

/** True when `code` is current for one of the user's authenticators and was not used before. */
export async function useTotp(ctx: ServiceContext, userId: string, code: string): Promise<boolean> {
  const trimmed = code.trim();
  if (!/^[0-9]{6}$/.test(trimmed)) return false;
  for (const authenticator of await listConfirmedAuthenticators(ctx.db, userId)) {
    const step = matchTotp(openSecret(ctx.config, authenticator.secret), trimmed);
    if (step === null) continue;
    if (authenticator.lastUsedStep !== null && step <= authenticator.lastUsedStep) continue;
    await updateAuthenticator(ctx.db, authenticator.id, { lastUsedStep: step, lastUsedAt: new Date() });
    return true;
  }
  return false;
}
