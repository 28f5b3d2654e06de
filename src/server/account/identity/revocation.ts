// Revocation of the embedded provider's JWT access tokens (RFC 7009). The provider itself only revokes
// opaque tokens and answers unsupported_token_type for JWTs; here a JWT access token of the web app is
// verified and its grant ended, which ends the refresh token and every access token of that sign-in.
import { decodeProtectedHeader } from 'jose';
import type { Database } from '../../platform/db/client.ts';
import { destroyPayload, revokeByGrantId } from '../oidcPayloads.repository.ts';
import { GRANT_CLAIM } from './provider.ts';
import type { TokenVerifier } from './tokens.ts';

/** True when `token` is a JWT (the provider's access tokens), false for its opaque refresh tokens. */
export function isStructuredToken(token: string): boolean {
  try {
    decodeProtectedHeader(token);
    return true;
  } catch {
    return false;
  }
}

/**
 * Ends the grant of a valid access token issued to `clientId`. Anything else (expired, forged, another
 * client's) changes nothing: the endpoint answers 200 either way, as RFC 7009 asks.
 */
export async function revokeAccessToken(db: Database, verify: TokenVerifier, token: string, clientId: string): Promise<boolean> {
  let claims;
  try {
    claims = await verify(token);
  } catch {
    return false;
  }
  const grantId = claims[GRANT_CLAIM];
  if (claims.client_id !== clientId || typeof grantId !== 'string' || grantId === '') return false;
  await db.transaction(async (tx) => {
    await revokeByGrantId(tx, grantId);
    await destroyPayload(tx, 'Grant', grantId);
  });
  return true;
}
