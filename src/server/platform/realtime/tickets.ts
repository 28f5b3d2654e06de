// Tickets of the realtime channel (POST /api/fetch/auth). A browser cannot set headers on a WebSocket and
// an access token in a URL ends up in proxy and access logs, so the web app trades its access token for a
// ticket that opens one socket: signed with a key that every replica reads from the database, naming the
// user, valid for REALTIME_TICKET_TTL_S seconds and once (per server process), and carrying the access
// token's expiry, when the socket it opened closes (the client then asks for a new ticket).
import { randomBytes, randomUUID } from 'node:crypto';
import { decodeJwt, jwtVerify, SignJWT } from 'jose';
import { REALTIME_TICKET_TTL_S } from '../../../domain/constants.ts';
import { ERROR_MESSAGES } from '../../../domain/errors.ts';
import type { RealtimeTicket } from '../../../domain/realtimeMessages.ts';
import type { Executor } from '../db/client.ts';
import { getOrCreateSecret } from '../db/secrets.repository.ts';
import { findUserWithOrganization } from '../../account/users.repository.ts';
import { HttpError } from '../http/errors.ts';
import type { AuthContext } from '../access.ts';
import { authScope } from '../../account/accessGrants.service.ts';
import { GRANT_CLAIM } from '../../account/identity/provider.ts';

const AUDIENCE = 'surge-realtime';
const ALGORITHM = 'HS256';

/**
 * What a verified ticket opened: the caller, when its access token expires (ms, when known), and the
 * sign-in (grant) the token was issued under, so that the socket ends with that sign-in.
 */
export interface TicketSession {
  auth: AuthContext;
  expiresAt: number | undefined;
  signInGrantId: string | undefined;
}

export class RealtimeTickets {
  private readonly db: Executor;
  private key: Promise<Uint8Array> | null = null;
  /** Ticket ids already used, with their expiry in seconds, pruned as they expire. */
  private readonly used = new Map<string, number>();

  constructor(db: Executor) {
    this.db = db;
  }

  private signingKey(): Promise<Uint8Array> {
    this.key ??= getOrCreateSecret(this.db, 'realtime.ticket_key', () => randomBytes(32).toString('base64url')).then((k) => new Uint8Array(Buffer.from(k, 'base64url')));
    return this.key;
  }

  /**
   * A ticket for `auth`'s user; `accessExpiresAt` (ms) is the expiry of the access token it was asked with,
   * `signInGrantId` the grant that token was issued under (embedded sign-in).
   */
  async issue(auth: AuthContext, accessExpiresAt: number | undefined, now = Date.now(), signInGrantId?: string): Promise<RealtimeTicket> {
    const seconds = Math.floor(now / 1000);
    const jwt = new SignJWT({ ...(accessExpiresAt ? { sx: Math.floor(accessExpiresAt / 1000) } : {}), ...(signInGrantId ? { sg: signInGrantId } : {}) })
      .setProtectedHeader({ alg: ALGORITHM })
      .setSubject(auth.user.id)
      .setAudience(AUDIENCE)
      .setJti(randomUUID())
      .setIssuedAt(seconds)
      .setExpirationTime(seconds + REALTIME_TICKET_TTL_S);
    return { token: await jwt.sign(await this.signingKey()), ttl: REALTIME_TICKET_TTL_S };
  }

  /** The session a ticket opens; refused with authentication_failed when forged, expired or used. */
  async open(token: string, now = Date.now()): Promise<TicketSession> {
    const refused = () => new HttpError('authentication_failed', ERROR_MESSAGES.invalidToken);
    let claims;
    try {
      ({ payload: claims } = await jwtVerify(token, await this.signingKey(), { audience: AUDIENCE, algorithms: [ALGORITHM], currentDate: new Date(now) }));
    } catch {
      throw refused();
    }
    const { sub, jti, exp, sx, sg } = claims;
    if (!sub || !/^[0-9a-f-]{36}$/i.test(sub) || !jti || typeof exp !== 'number') throw refused();
    this.prune(now);
    if (this.used.has(jti)) throw refused();
    this.used.set(jti, exp);
    const found = await findUserWithOrganization(this.db, sub);
    if (!found) throw new HttpError('unauthorized', ERROR_MESSAGES.invalidToken);
    if (!found.user.active) throw new HttpError('unauthorized', ERROR_MESSAGES.userInactive);
    return {
      auth: await authScope(this.db, found.user, found.organization),
      expiresAt: typeof sx === 'number' ? sx * 1000 : undefined,
      signInGrantId: typeof sg === 'string' && sg !== '' ? sg : undefined,
    };
  }

  private prune(now: number): void {
    const seconds = now / 1000;
    for (const [jti, exp] of this.used) if (exp < seconds) this.used.delete(jti);
  }
}

/** The exp claim (ms) of a JWT that was verified already; undefined when it has none. */
export function jwtExpiry(token: string | undefined): number | undefined {
  if (!token) return undefined;
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/** The sign-in grant a verified access token of the embedded provider names; undefined for other tokens. */
export function jwtSignInGrant(token: string | undefined): string | undefined {
  if (!token) return undefined;
  try {
    const grantId = decodeJwt(token)[GRANT_CLAIM];
    return typeof grantId === 'string' && grantId !== '' && grantId.length <= 200 ? grantId : undefined;
  } catch {
    return undefined;
  }
}
