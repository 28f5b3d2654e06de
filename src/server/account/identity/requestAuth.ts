// Authenticates API requests: the bearer access token is verified, its user loaded (or, with an
// external issuer, provisioned by email into the default organisation), and request.auth set. Tokens of
// the embedded provider must also name a grant that still exists: sign-out, revocation, a password reset
// and deactivation delete the grant, and the token stops working on every replica with the next request.
import type { FastifyRequest } from 'fastify';
import type { JWTPayload } from 'jose';
import { ERROR_MESSAGES } from '../../../domain/errors.ts';
import type { IdentityConfig } from '../../platform/config.ts';
import { findPayload } from '../oidcPayloads.repository.ts';
import { findFirstOrganization } from '../organizations.repository.ts';
import { findUserWithOrganization, findUserWithOrganizationByEmail, insertUser, updateUser } from '../users.repository.ts';
import { HttpError } from '../../platform/http/errors.ts';
import type { AuthContext } from '../../platform/access.ts';
import { authScope } from '../accessGrants.service.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { GRANT_CLAIM } from './provider.ts';
import type { TokenVerifier } from './tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1];
}

function notAuthenticated(description: string = ERROR_MESSAGES.invalidToken): HttpError {
  return new HttpError('authentication_failed', description);
}

export async function authenticateToken(
  ctx: ServiceContext,
  identity: IdentityConfig,
  verify: TokenVerifier,
  token: string | undefined,
): Promise<AuthContext> {
  if (!token) throw notAuthenticated(ERROR_MESSAGES.notAuthenticated);
  let claims: JWTPayload;
  try {
    claims = await verify(token);
  } catch {
    throw notAuthenticated();
  }
  const found = identity.mode === 'embedded' ? await findEmbeddedUser(ctx, claims) : await findOrProvisionSsoUser(ctx, identity, claims);
  if (!found) throw new HttpError('unauthorized', ERROR_MESSAGES.invalidToken);
  if (!found.user.active) throw new HttpError('unauthorized', ERROR_MESSAGES.userInactive);
  // A support user with a selected, still valid access grant acts in the granted organisation.
  return authScope(ctx.db, found.user, found.organization);
}

async function findEmbeddedUser(ctx: ServiceContext, claims: JWTPayload) {
  if (!claims.sub || !/^[0-9a-f-]{36}$/i.test(claims.sub)) return undefined;
  if (!(await grantIsLive(ctx, claims))) return undefined;
  return findUserWithOrganization(ctx.db, claims.sub);
}

/** Whether the grant the token was issued under still exists and belongs to the token's user. */
export async function grantIsLive(ctx: ServiceContext, claims: JWTPayload): Promise<boolean> {
  const grantId = claims[GRANT_CLAIM];
  if (typeof grantId !== 'string' || grantId === '' || grantId.length > 200) return false;
  const grant = await findPayload(ctx.db, 'Grant', grantId);
  return grant !== undefined && grant.accountId === claims.sub;
}

/** Whether a sign-in still stands: its grant exists for the user and the user is active. */
export async function signInIsLive(ctx: ServiceContext, userId: string, grantId: string): Promise<boolean> {
  if (!(await grantIsLive(ctx, { sub: userId, [GRANT_CLAIM]: grantId }))) return false;
  const found = await findUserWithOrganization(ctx.db, userId);
  return found !== undefined && found.user.active;
}

function claimString(claims: JWTPayload, name: string): string | undefined {
  const value = claims[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** Single sign-on users are known by their email; the first visit creates them as contributors. */
async function findOrProvisionSsoUser(ctx: ServiceContext, identity: IdentityConfig, claims: JWTPayload) {
  const email = claimString(claims, 'email')?.toLowerCase();
  if (!email) return undefined;
  const connection = new URL(identity.issuer).host;
  const existing = await findUserWithOrganizationByEmail(ctx.db, email);
  if (existing) {
    if (existing.user.ssoConnection !== connection) {
      const user = await updateUser(ctx.db, existing.user.id, { ssoConnection: connection });
      return user ? { user, organization: existing.organization } : undefined;
    }
    return existing;
  }
  const organization = await findFirstOrganization(ctx.db);
  if (!organization) return undefined;
  const name = claimString(claims, 'name') ?? email;
  const [givenFromName, ...rest] = name.split(' ');
  try {
    const user = await insertUser(ctx.db, {
      organizationId: organization.id,
      email,
      firstName: claimString(claims, 'given_name') ?? givenFromName,
      lastName: claimString(claims, 'family_name') ?? rest.join(' '),
      role: 'contributor',
      ssoConnection: connection,
    });
    ctx.log.info({ email, connection }, 'single sign-on user provisioned');
    return { user, organization };
  } catch (error) {
    // Two first requests of the same user at once: the other one created them.
    const created = await findUserWithOrganizationByEmail(ctx.db, email);
    if (created) return created;
    throw error;
  }
}

/** The caller of an authenticated route (set by the API's onRequest hook). */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw notAuthenticated(ERROR_MESSAGES.notAuthenticated);
  return request.auth;
}
