// Verifies bearer access tokens (JWT) with jose against the issuer's keys: the embedded provider's own
// public keys, or the JWKS an external issuer publishes in its discovery document.
import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JWK, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { IdentityConfig } from '../../platform/config.ts';

export type TokenVerifier = (token: string) => Promise<JWTPayload>;

export function createEmbeddedVerifier(identity: IdentityConfig, jwks: { keys: JWK[] }): TokenVerifier {
  const keySet = createLocalJWKSet(jwks);
  return async (token) => {
    const { payload } = await jwtVerify(token, keySet, {
      issuer: identity.issuer,
      audience: identity.audience,
      typ: 'at+jwt',
      algorithms: ['RS256'],
    });
    return payload;
  };
}

/** Discovers the external issuer's JWKS on first use; jose caches and refreshes the keys. */
export function createExternalVerifier(identity: IdentityConfig): TokenVerifier {
  let keySet: Promise<JWTVerifyGetKey> | undefined;
  const loadKeySet = async (): Promise<JWTVerifyGetKey> => {
    const response = await fetch(`${identity.issuer}/.well-known/openid-configuration`);
    if (!response.ok) throw new Error(`identity provider discovery failed (${response.status})`);
    const discovery = (await response.json()) as { jwks_uri?: string; issuer?: string };
    if (!discovery.jwks_uri) throw new Error('identity provider publishes no jwks_uri');
    return createRemoteJWKSet(new URL(discovery.jwks_uri));
  };
  return async (token) => {
    keySet ??= loadKeySet().catch((error: unknown) => {
      keySet = undefined;
      throw error;
    });
    // Some providers (Auth0) end their issuer with a slash; the configuration keeps it without.
    const { payload } = await jwtVerify(token, await keySet, {
      issuer: [identity.issuer, `${identity.issuer}/`],
      audience: identity.audience,
    });
    return payload;
  };
}
