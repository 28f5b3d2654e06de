// An external identity provider (OIDC_ISSUER): tokens are verified against the JWKS its discovery
// document names, users are provisioned by email as contributors marked with their SSO connection,
// and the embedded provider is off.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { call, startTestApp, type TestApp } from './harness.ts';

let t: TestApp;
let idp: Server;
let issuer: string;
let privateKey: CryptoKey;
const AUDIENCE = 'surge-api';

beforeAll(async () => {
  const pair = await generateKeyPair('ES256');
  privateKey = pair.privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'idp-key', alg: 'ES256', use: 'sig' };
  idp = createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    if (request.url === '/realms/surge/.well-known/openid-configuration') {
      response.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/certs` }));
    } else if (request.url === '/realms/surge/certs') {
      response.end(JSON.stringify({ keys: [jwk] }));
    } else {
      response.statusCode = 404;
      response.end('{}');
    }
  });
  await new Promise<void>((resolve) => idp.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(idp.address() as AddressInfo).port}/realms/surge`;
  t = await startTestApp({ env: { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: 'surge-spa', OIDC_AUDIENCE: AUDIENCE } });
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => idp?.close(resolve));
});

function idpToken(claims: Record<string, unknown>, audience = AUDIENCE): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'ES256', kid: 'idp-key' })
    .setIssuer(issuer)
    .setAudience(audience)
    .setSubject(String(claims.email ?? 'subject'))
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(privateKey);
}

describe('external identity provider', () => {
  it('publishes the external issuer and has no embedded provider', async () => {
    expect((await call(t, null, 'GET', '/api/config')).json()).toMatchObject({ issuer, clientId: 'surge-spa', apiResource: AUDIENCE, embeddedIdentityProvider: false });
    expect((await t.app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' })).statusCode).toBe(404);
  });

  it('provisions a user by email as a contributor with an SSO connection', async () => {
    const token = await idpToken({ email: 'Grace.Hopper@Example.com', given_name: 'Grace', family_name: 'Hopper' });
    const me = (await call(t, token, 'GET', '/api/users')).json();
    expect(me).toMatchObject({
      email: 'grace.hopper@example.com',
      fullName: 'Grace Hopper',
      role: 'contributor',
      ssoConnection: new URL(issuer).host,
      organization: { id: t.organizationId },
    });
    const again = (await call(t, token, 'GET', '/api/users')).json();
    expect(again.id).toBe(me.id);
    expect((await call(t, token, 'POST', '/api/auth/mfa')).status).toBe(403);
    expect((await call(t, token, 'POST', '/api/auth/password', { currentPassword: 'x', newPassword: 'long-enough-1' })).status).toBe(403);
  });

  it('refuses tokens for another audience, without email, or signed by someone else', async () => {
    expect((await call(t, await idpToken({ email: 'a@example.com' }, 'other'), 'GET', '/api/users')).status).toBe(401);
    expect((await call(t, await idpToken({}), 'GET', '/api/users')).status).toBe(401);
    const stranger = await generateKeyPair('ES256');
    const forged = await new SignJWT({ email: 'grace.hopper@example.com' })
      .setProtectedHeader({ alg: 'ES256', kid: 'idp-key' })
      .setIssuer(issuer)
      .setAudience(AUDIENCE)
      .setExpirationTime('5m')
      .sign(stranger.privateKey);
    expect((await call(t, forged, 'GET', '/api/users')).status).toBe(401);
  });
});
