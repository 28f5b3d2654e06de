// The embedded sign-in end to end over HTTP: authorization code with PKCE through the interaction
// pages, token exchange, an API call, refresh with rotation, TOTP, password reset and sign-out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { createBrowser, LoginError, loginWithPassword, pkcePair, refreshTokens, totpCode, WEB_CLIENT_ID, WEB_SCOPE } from '../../support/login.ts';
import { mailsTo } from '../../../src/server/platform/mail/mailOutbox.repository.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, call, createUser, startListeningApp, tokenFor, type TestApp } from './harness.ts';

let t: TestApp;
let url: string;

beforeAll(async () => {
  ({ t, url } = await startListeningApp());
});
afterAll(async () => t?.close());

async function api(token: string, path: string) {
  return fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });
}

describe('authorization code with PKCE', () => {
  it('signs in, calls the API, refreshes with rotation', async () => {
    const tokens = await loginWithPassword(url, ADMIN_EMAIL, ADMIN_PASSWORD);
    const access = decodeJwt(tokens.accessToken);
    expect(access).toMatchObject({ sub: t.admin.id, iss: `${url}/oidc`, aud: `${url}/api`, client_id: WEB_CLIENT_ID });
    expect(tokens.expiresIn).toBeLessThanOrEqual(600);
    expect(decodeJwt(tokens.idToken ?? '')).toMatchObject({ email: ADMIN_EMAIL, name: 'Surge Admin' });

    const me = await api(tokens.accessToken, '/api/users');
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe(ADMIN_EMAIL);

    expect(tokens.refreshToken).toBeTruthy();
    const refreshed = await refreshTokens(url, tokens.refreshToken as string);
    expect(refreshed.refreshToken).not.toBe(tokens.refreshToken);
    expect((await api(refreshed.accessToken, '/api/projects')).status).toBe(200);
    await expect(refreshTokens(url, tokens.refreshToken as string)).rejects.toThrow(/invalid_grant/);
  });

  it('refuses an authorization request without PKCE', async () => {
    const browser = createBrowser();
    const query = new URLSearchParams({ client_id: WEB_CLIENT_ID, response_type: 'code', redirect_uri: `${url}/auth/callback`, scope: WEB_SCOPE });
    const response = await browser.get(`${url}/oidc/auth?${query}`);
    const location = response.headers.get('location') ?? '';
    expect(location).toContain('error=invalid_request');
  });

  it('shows a clear error for a wrong password and for an unknown email', async () => {
    for (const [email, password] of [[ADMIN_EMAIL, 'wrong-password'], ['nobody@surge.test', ADMIN_PASSWORD]]) {
      const error = await loginWithPassword(url, email, password).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(LoginError);
      expect((error as LoginError).message).toBe('Invalid email or password');
      expect((error as LoginError).page).toContain('data-testid="login-email"');
    }
  });

  it('asks users with an authenticator for a TOTP code', async () => {
    const user = await createUser(t, t.organizationId, 'contributor', { password: 'totp-user-password' });
    const token = await tokenFor(t, user.id);
    const enrolment = (await call(t, token, 'POST', '/api/auth/mfa')).json();
    // Confirm with the previous time step's code so that the current one is still unused for the sign-in.
    await call(t, token, 'POST', '/api/auth/mfa/verify', { code: totpCode(enrolment.secret, Date.now() - 30_000) });

    await expect(loginWithPassword(url, user.email, 'totp-user-password')).rejects.toThrow(/TOTP/);

    const browser = createBrowser();
    const wrong = await loginWithPassword(url, user.email, 'totp-user-password', { totpSecret: 'JBSWY3DPEHPK3PXP', browser }).catch((e: unknown) => e);
    expect((wrong as LoginError).page).toContain('data-testid="totp-error"');

    const tokens = await loginWithPassword(url, user.email, 'totp-user-password', { totpSecret: enrolment.secret });
    expect(decodeJwt(tokens.accessToken).sub).toBe(user.id);
    expect(decodeJwt(tokens.idToken ?? '').amr).toEqual(['pwd', 'otp']);
  });
});

describe('password reset', () => {
  it('sends a one-time link that sets a new password', async () => {
    const user = await createUser(t, t.organizationId, 'contributor', { password: 'forgotten-password' });
    const browser = createBrowser();
    const form = await browser.get(`${url}/interaction/password/forgot`);
    expect(await form.text()).toContain('data-testid="forgot-email"');
    const sent = await browser.postForm(`${url}/interaction/password/forgot`, { email: user.email });
    expect(await sent.text()).toContain('data-testid="forgot-sent"');
    // Unknown emails get the same answer.
    expect(await (await browser.postForm(`${url}/interaction/password/forgot`, { email: 'ghost@surge.test' })).text()).toContain('data-testid="forgot-sent"');

    const [mail] = await mailsTo(t.db.db, user.email);
    expect(mail.kind).toBe('password_reset');
    const page = await browser.get(mail.link as string);
    expect(await page.text()).toContain('data-testid="reset-password"');
    const mismatch = await browser.postForm(mail.link as string, { password: 'brand-new-password', confirm: 'other-password' });
    expect(await mismatch.text()).toContain('The passwords do not match.');
    const done = await browser.postForm(mail.link as string, { password: 'brand-new-password', confirm: 'brand-new-password' });
    expect(await done.text()).toContain('data-testid="reset-done"');
    expect((await browser.get(mail.link as string)).status).toBe(400);

    await expect(loginWithPassword(url, user.email, 'forgotten-password')).rejects.toThrow('Invalid email or password');
    expect((await loginWithPassword(url, user.email, 'brand-new-password')).accessToken).toBeTruthy();
  });
});

describe('sign-out', () => {
  it('ends the session so that its refresh token stops working', async () => {
    const browser = createBrowser();
    const tokens = await loginWithPassword(url, ADMIN_EMAIL, ADMIN_PASSWORD, { browser });
    const query = new URLSearchParams({
      id_token_hint: tokens.idToken as string,
      post_logout_redirect_uri: `${url}/logout?confirm=true`,
      client_id: WEB_CLIENT_ID,
    });
    const page = await (await browser.get(`${url}/oidc/session/end?${query}`)).text();
    expect(page).toContain('data-testid="logout-confirm"');
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1] as string;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page)?.[1] as string;
    const confirmed = await browser.postForm(new URL(action, url).href, { xsrf, logout: 'yes' });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe(`${url}/logout?confirm=true`);
    await expect(refreshTokens(url, tokens.refreshToken as string)).rejects.toThrow(/invalid_grant/);
  });

  it('uses PKCE helpers that produce RFC 7636 pairs', () => {
    const { verifier, challenge } = pkcePair();
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe('public origin', () => {
  it('builds provider URLs from PUBLIC_URL whatever host the request came through', async () => {
    const response = await fetch(`http://127.0.0.1:${new URL(url).port}/oidc/.well-known/openid-configuration`, { headers: { host: 'internal:9999' } });
    const discovery = (await response.json()) as { issuer: string; authorization_endpoint: string; token_endpoint: string };
    expect(discovery.issuer).toBe(`${url}/oidc`);
    expect(discovery.authorization_endpoint).toBe(`${url}/oidc/auth`);
    expect(discovery.token_endpoint).toBe(`${url}/oidc/token`);
  });
});
