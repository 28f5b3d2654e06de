// Ending API access at once: sign-out, the revocation endpoint with an access token, a manager setting
// a member's password and deactivation each make the same access token answer 401 on the next request,
// long before it expires.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt, importJWK, SignJWT } from 'jose';
import WebSocket from 'ws';
import { createBrowser, loginWithPassword, refreshTokens, WEB_CLIENT_ID, type Tokens } from '../../support/login.ts';
import { loadSigningKeys } from '../../../src/server/account/identity/keys.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, call, createUser, startListeningApp, tokenFor, type TestApp } from './harness.ts';

let t: TestApp;
let url: string;

beforeAll(async () => {
  ({ t, url } = await startListeningApp());
});
afterAll(async () => t?.close());

async function apiStatus(token: string): Promise<number> {
  const response = await fetch(`${url}/api/users`, { headers: { authorization: `Bearer ${token}` } });
  return response.status;
}

function secondsLeft(tokens: Tokens): number {
  return (decodeJwt(tokens.accessToken).exp as number) - Math.floor(Date.now() / 1000);
}

async function revoke(token: string, hint?: string): Promise<Response> {
  return fetch(`${url}/oidc/token/revocation`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token, client_id: WEB_CLIENT_ID, ...(hint ? { token_type_hint: hint } : {}) }).toString(),
  });
}

describe('ending API access', () => {
  it('sign-out makes the access token answer 401 at once', async () => {
    const browser = createBrowser();
    const tokens = await loginWithPassword(url, ADMIN_EMAIL, ADMIN_PASSWORD, { browser });
    expect(await apiStatus(tokens.accessToken)).toBe(200);
    const query = new URLSearchParams({ id_token_hint: tokens.idToken as string, post_logout_redirect_uri: `${url}/logout?confirm=true`, client_id: WEB_CLIENT_ID });
    const page = await (await browser.get(`${url}/oidc/session/end?${query}`)).text();
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1] as string;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page)?.[1] as string;
    expect((await browser.postForm(new URL(action, url).href, { xsrf, logout: 'yes' })).status).toBe(303);
    const after = await apiStatus(tokens.accessToken);
    console.log(`sign-out: access token with ${secondsLeft(tokens)} s left -> ${after}`);
    expect(after).toBe(401);
  });

  it('the revocation endpoint takes an access token and ends its sign-in', async () => {
    const tokens = await loginWithPassword(url, ADMIN_EMAIL, ADMIN_PASSWORD);
    const other = await loginWithPassword(url, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(await apiStatus(tokens.accessToken)).toBe(200);
    const revoked = await revoke(tokens.accessToken, 'access_token');
    expect(revoked.status).toBe(200);
    const after = await apiStatus(tokens.accessToken);
    console.log(`revocation endpoint: access token with ${secondsLeft(tokens)} s left -> ${after}`);
    expect(after).toBe(401);
    await expect(refreshTokens(url, tokens.refreshToken as string)).rejects.toThrow(/invalid_grant/);
    // Another sign-in of the same user goes on.
    expect(await apiStatus(other.accessToken)).toBe(200);
    // Refresh tokens are still revoked by the provider itself.
    expect((await revoke(other.refreshToken as string, 'refresh_token')).status).toBe(200);
    await expect(refreshTokens(url, other.refreshToken as string)).rejects.toThrow(/invalid_grant/);
  });

  it('the revocation endpoint ignores forged tokens and needs the client id', async () => {
    const tokens = await loginWithPassword(url, ADMIN_EMAIL, ADMIN_PASSWORD);
    const [header, payload] = tokens.accessToken.split('.');
    expect((await revoke(`${header}.${payload}.AAAA`)).status).toBe(200);
    expect(await apiStatus(tokens.accessToken)).toBe(200);
    const noClient = await fetch(`${url}/oidc/token/revocation`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: tokens.accessToken }).toString(),
    });
    expect(noClient.status).toBe(401);
    expect(await apiStatus(tokens.accessToken)).toBe(200);
  });

  it("a manager setting a member's password ends the member's access at once", async () => {
    const manager = await createUser(t, t.organizationId, 'manager');
    const member = await createUser(t, t.organizationId, 'contributor', { password: 'member-old-password' });
    const tokens = await loginWithPassword(url, member.email, 'member-old-password');
    expect(await apiStatus(tokens.accessToken)).toBe(200);
    const reset = await call(t, await tokenFor(t, manager.id), 'POST', `/api/mgmt/users/${member.id}/auth/password`, { password: 'member-new-password' });
    expect(reset.status, reset.text).toBe(200);
    const after = await apiStatus(tokens.accessToken);
    console.log(`manager password reset: member's access token with ${secondsLeft(tokens)} s left -> ${after}`);
    expect(after).toBe(401);
    await expect(refreshTokens(url, tokens.refreshToken as string)).rejects.toThrow(/invalid_grant/);
    expect(await apiStatus((await loginWithPassword(url, member.email, 'member-new-password')).accessToken)).toBe(200);
  });

  it('deactivating a user ends their access, and reactivating does not bring the old token back', async () => {
    const manager = await createUser(t, t.organizationId, 'manager');
    const managerToken = await tokenFor(t, manager.id);
    const member = await createUser(t, t.organizationId, 'contributor', { password: 'member-password' });
    const tokens = await loginWithPassword(url, member.email, 'member-password');
    expect(await apiStatus(tokens.accessToken)).toBe(200);
    expect((await call(t, managerToken, 'PUT', `/api/mgmt/users/${member.id}`, { active: false })).status).toBe(200);
    expect(await apiStatus(tokens.accessToken)).toBe(401);
    expect((await call(t, managerToken, 'PUT', `/api/mgmt/users/${member.id}`, { active: true })).status).toBe(200);
    expect(await apiStatus(tokens.accessToken)).toBe(401);
  });

  it('closes the realtime sockets of a sign-in when it ends, and only those', async () => {
    const ended = await loginWithPassword(url, ADMIN_EMAIL, ADMIN_PASSWORD);
    const kept = await loginWithPassword(url, ADMIN_EMAIL, ADMIN_PASSWORD);
    const wsUrl = url.replace(/^http/, 'ws') + '/ws';
    const openSocket = async (accessToken: string) => {
      const bought = await fetch(`${url}/api/fetch/auth`, { method: 'POST', headers: { authorization: `Bearer ${accessToken}` } });
      expect(bought.status).toBe(201);
      const { token } = (await bought.json()) as { token: string };
      const socket = new WebSocket(`${wsUrl}?ticket=${encodeURIComponent(token)}`);
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
      return { socket, closed };
    };
    const byTicket = await openSocket(ended.accessToken);
    const byToken = new WebSocket(`${wsUrl}?access_token=${encodeURIComponent(ended.accessToken)}`);
    await new Promise((resolve, reject) => byToken.once('open', resolve).once('error', reject));
    const byTokenClosed = new Promise<number>((resolve) => byToken.once('close', (code) => resolve(code)));
    const other = await openSocket(kept.accessToken);
    const started = Date.now();
    expect((await revoke(ended.accessToken, 'access_token')).status).toBe(200);
    const codes = await Promise.all([byTicket.closed, byTokenClosed]);
    const seconds = (Date.now() - started) / 1000;
    console.log(`sign-in ended: its 2 sockets closed with ${codes.join(', ')} after ${seconds.toFixed(1)} s; the other sign-in's socket stays open`);
    expect(codes).toEqual([4004, 4004]);
    expect(seconds).toBeLessThan(8);
    expect(other.socket.readyState).toBe(WebSocket.OPEN);
    other.socket.close();
  });

  it('refuses a correctly signed token that names no grant', async () => {
    const keys = await loadSigningKeys(t.db.db);
    const key = await importJWK(keys.keys[0], 'RS256');
    const token = await new SignJWT({ client_id: WEB_CLIENT_ID })
      .setProtectedHeader({ alg: 'RS256', kid: keys.keys[0].kid, typ: 'at+jwt' })
      .setSubject(t.admin.id)
      .setIssuer(t.config.identity.issuer)
      .setAudience(t.config.identity.audience)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(key);
    expect(await apiStatus(token)).toBe(401);
  });
});
