// Keys of the embedded provider, generated on first start and kept in the database (never in the
// repository): the token signing key (RS256) and the cookie signing keys.
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import type { JWK } from 'jose';
import type { Executor } from '../../platform/db/client.ts';
import { getOrCreateSecret } from '../../platform/db/secrets.repository.ts';

export type SigningKeys = { keys: JWK[] };

function createSigningKeys(): SigningKeys {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' }) as JWK;
  return { keys: [{ ...jwk, kid: randomUUID(), alg: 'RS256', use: 'sig' }] };
}

function createCookieKeys(): string[] {
  return [randomBytes(32).toString('base64url')];
}

export async function loadSigningKeys(db: Executor): Promise<SigningKeys> {
  return getOrCreateSecret(db, 'oidc.jwks', createSigningKeys);
}

export async function loadCookieKeys(db: Executor): Promise<string[]> {
  return getOrCreateSecret(db, 'oidc.cookie_keys', createCookieKeys);
}

/** The public half of signing keys, for verifying access tokens without a round trip. */
export function publicJwks(keys: SigningKeys): { keys: JWK[] } {
  return {
    keys: keys.keys.map((k) => ({ kty: k.kty, n: k.n, e: k.e, kid: k.kid, alg: k.alg, use: k.use })),
  };
}
