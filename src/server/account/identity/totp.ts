// Time-based one-time passwords (RFC 6238: SHA-1, 6 digits, 30 s) for the sign-in's second factor.
import { Secret, TOTP } from 'otpauth';
import { TOTP_DIGITS } from '../../../domain/user.ts';

const PERIOD_S = 30;
const ISSUER = 'Surge';

export function createTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpFor(secret: string, label: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: PERIOD_S,
    secret: Secret.fromBase32(secret),
  });
}

export function otpauthUri(secret: string, accountLabel: string): string {
  return totpFor(secret, accountLabel).toString();
}

/**
 * The time step the code belongs to (one step of clock drift either way is accepted), or null when
 * the code is wrong. Callers refuse a step at or before the last one used, so a code works once.
 */
export function matchTotp(secret: string, code: string, now = Date.now()): number | null {
  const delta = TOTP.validate({ token: code, secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: TOTP_DIGITS, period: PERIOD_S, timestamp: now, window: 1 });
  if (delta === null) return null;
  return TOTP.counter({ period: PERIOD_S, timestamp: now }) + delta;
}

/** The current code (used by tests and the sign-in helper that signs in as a TOTP user). */
export function currentTotp(secret: string, now = Date.now()): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: TOTP_DIGITS, period: PERIOD_S, timestamp: now });
}
