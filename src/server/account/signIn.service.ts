// Sign-in with the embedded provider: password check with throttling per client address and per account
// + address, and the second factor (a pending challenge per interaction, then a TOTP code that works
// once, with a limit of wrong codes per account across sign-ins). Counters are shared by every replica.
import { createDatabaseAttemptCounter, type AttemptCounter } from './identity/attemptCounter.ts';
import { verifyAgainstNothing, verifyPassword } from './identity/passwordHashing.ts';
import { openSecret } from './identity/secretBox.ts';
import { matchTotp } from './identity/totp.ts';
import { listConfirmedAuthenticators, updateAuthenticator } from './authenticators.repository.ts';
import { destroyPayload, findPayload, upsertPayload } from './oidcPayloads.repository.ts';
import { findUser, findUserByEmail, updateUser, type UserRow } from './users.repository.ts';
import type { ServiceContext } from '../platform/context.ts';

const MFA_CHALLENGE_KIND = 'MfaChallenge';
const MFA_CHALLENGE_TTL_S = 10 * 60;
/** Wrong codes within one sign-in before it has to start again (the per-account limit applies as well). */
const MAX_TOTP_ATTEMPTS = 5;

function attemptsOf(ctx: ServiceContext): AttemptCounter {
  return ctx.attempts ?? createDatabaseAttemptCounter(ctx.db);
}

/**
 * The part of a client address that one attacker controls: an IPv4 address, or the /64 prefix of an
 * IPv6 one (a single host is usually given a whole /64, so counting single IPv6 addresses counts nothing).
 */
export function clientAddressKey(address: string): string {
  const plain = address.split('%')[0].toLowerCase();
  const mapped = /^::ffff:([0-9]+\.[0-9]+\.[0-9]+\.[0-9]+)$/.exec(plain);
  if (mapped) return mapped[1];
  if (!plain.includes(':')) return plain;
  const [head, tail] = plain.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = Math.max(0, 8 - headGroups.length - tailGroups.length);
  const groups = [...headGroups, ...Array<string>(missing).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((group) => (Number.parseInt(group, 16) || 0).toString(16))
    .join(':')}::/64`;
}

export type PasswordCheck =
  | { result: 'ok'; user: UserRow; needsSecondFactor: boolean }
  | { result: 'invalid' }
  | { result: 'throttled'; retryAt: Date };

/**
 * Checks a password from `clientAddress`. Refused without checking once the address has too many
 * failures (any accounts), or this account has too many from this address; an account that many
 * addresses guess at gets fewer tries per address, but a new address always gets its own.
 */
export async function checkPassword(ctx: ServiceContext, emailInput: string, password: string, clientAddress: string): Promise<PasswordCheck> {
  const email = emailInput.trim().toLowerCase();
  const limits = ctx.config.signInLimits;
  const counter = attemptsOf(ctx);
  const address = clientAddressKey(clientAddress);
  const keys = { address: `pwd:addr:${address}`, pair: `pwd:pair:${email}|${address}`, account: `pwd:acct:${email}` };
  const [byAddress, byPair, byAccount] = await Promise.all([
    counter.hit(keys.address, limits.windowMs),
    counter.hit(keys.pair, limits.windowMs),
    counter.hit(keys.account, limits.windowMs),
  ]);
  const pairLimit = byAccount.count > limits.accountUnderAttack ? limits.perAccountAddressUnderAttack : limits.perAccountAddress;
  const addressOver = byAddress.count > limits.perAddress;
  const pairOver = byPair.count > pairLimit;
  if (addressOver || pairOver) {
    const retryAt = new Date(Math.max(addressOver ? byAddress.windowEndsAt.getTime() : 0, pairOver ? byPair.windowEndsAt.getTime() : 0));
    return { result: 'throttled', retryAt };
  }
  const user = email ? await findUserByEmail(ctx.db, email) : undefined;
  const ok = user && user.active && !user.ssoConnection ? await verifyPassword(password, user.passwordHash) : await verifyAgainstNothing(password);
  if (!ok || !user) return { result: 'invalid' };
  // A right password is no failure: an office behind one address must not use up its limit by signing in.
  await Promise.all([counter.release(keys.address), counter.release(keys.account), counter.clear(keys.pair)]);
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

export type SecondFactorCheck =
  | { result: 'ok'; user: UserRow }
  | { result: 'invalid' }
  | { result: 'expired' }
  | { result: 'locked'; retryAt: Date };

export async function checkSecondFactor(ctx: ServiceContext, interactionUid: string, code: string): Promise<SecondFactorCheck> {
  const challenge = await findPayload(ctx.db, MFA_CHALLENGE_KIND, interactionUid);
  const accountId = typeof challenge?.accountId === 'string' ? challenge.accountId : undefined;
  const attempts = typeof challenge?.attempts === 'number' ? challenge.attempts : 0;
  if (!accountId || attempts >= MAX_TOTP_ATTEMPTS) return { result: 'expired' };
  const user = await findUser(ctx.db, accountId);
  if (!user || !user.active) return { result: 'expired' };
  // Counted per account before the code is looked at: new sign-ins (the password is known) do not
  // reset it, and once over the limit even the right code is refused until the window ends.
  const limits = ctx.config.signInLimits;
  const counter = attemptsOf(ctx);
  const key = `totp:${user.id}`;
  const tries = await counter.hit(key, limits.totpWindowMs);
  if (tries.count > limits.totpPerAccount) return { result: 'locked', retryAt: tries.windowEndsAt };
  if (await useTotp(ctx, user.id, code)) {
    await counter.clear(key);
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
