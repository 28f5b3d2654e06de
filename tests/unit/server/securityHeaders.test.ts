// Security headers on the web app, the API and the sign-in: a Content-Security-Policy the built app works
// under (module scripts and workers from the own origin, WebAssembly, blob: images and workers, the
// realtime socket of the public URL), no framing by other sites, nosniff, a referrer policy; the sign-in
// pages' inline scripts allowed by hash only; and Secure sign-in cookies when the public URL is https.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logoutPage } from '../../../src/server/account/identity/pages.ts';
import { contentSecurityDirectives, policyForPage } from '../../../src/server/platform/http/securityHeaders.ts';
import { pkcePair, WEB_CLIENT_ID, WEB_SCOPE } from '../../support/login.ts';
import { startTestApp, tokenFor, type TestApp } from './harness.ts';

let clientDir: string;
let plain: TestApp;
let secure: TestApp;

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'surge-client-'));
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>');
  plain = await startTestApp({ config: { clientDir } });
  secure = await startTestApp({ config: { clientDir }, env: { PUBLIC_URL: 'https://surge.example.com' } });
});
afterAll(async () => {
  await plain?.close();
  await secure?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

function directivesOf(header: unknown): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of String(header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

function expectCommonHeaders(headers: Record<string, unknown>): Map<string, string[]> {
  expect(headers['x-content-type-options']).toBe('nosniff');
  // The OpenID provider's own answers are stricter still (no-referrer on its redirects).
  expect(['same-origin', 'no-referrer']).toContain(headers['referrer-policy']);
  expect(['SAMEORIGIN', 'DENY']).toContain(headers['x-frame-options']);
  const csp = directivesOf(headers['content-security-policy']);
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect([["'self'"], ["'none'"]]).toContainEqual(csp.get('frame-ancestors'));
  expect(csp.get('object-src')).toEqual(["'none'"]);
  return csp;
}

function authorizationUrl(publicUrl: string): string {
  const { challenge } = pkcePair();
  const query = new URLSearchParams({
    client_id: WEB_CLIENT_ID,
    response_type: 'code',
    redirect_uri: `${publicUrl}/auth/callback`,
    scope: WEB_SCOPE,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  return `/oidc/auth?${query}`;
}

describe('security headers', () => {
  it('are on the web app with a policy its module scripts, workers, WebAssembly and socket work under', async () => {
    const page = await plain.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    const csp = expectCommonHeaders(page.headers);
    expect(csp.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(csp.get('worker-src')).toEqual(["'self'", 'blob:']);
    expect(csp.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
    expect(csp.get('connect-src')).toEqual(expect.arrayContaining(["'self'", `ws://${new URL(plain.config.publicUrl).host}`]));
    // Plain HTTP (localhost): no upgrade of requests and no HSTS promise.
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    expect(page.headers['strict-transport-security']).toBeUndefined();
    // A deep link of the single-page app too.
    const deep = await plain.app.inject({ method: 'GET', url: '/projects/123', headers: { accept: 'text/html' } });
    expectCommonHeaders(deep.headers);
    // The geometry worker (occt-import-js evaluates generated code) runs under its own policy; other
    // scripts do not get that.
    const worker = await plain.app.inject({ method: 'GET', url: '/assets/geometry.worker-Ab12_x.js' });
    expect(directivesOf(worker.headers['content-security-policy']).get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'", "'unsafe-eval'"]);
    const other = await plain.app.inject({ method: 'GET', url: '/assets/meshHealth.worker-Ab12_x.js' });
    expect(directivesOf(other.headers['content-security-policy']).get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  });

  it('are on the API, its errors and its document', async () => {
    const token = await tokenFor(plain, plain.admin.id);
    const projects = await plain.app.inject({ method: 'GET', url: '/api/projects', headers: { authorization: `Bearer ${token}` } });
    expect(projects.statusCode).toBe(200);
    expectCommonHeaders(projects.headers);
    expectCommonHeaders((await plain.app.inject({ method: 'GET', url: '/api/projects' })).headers);
    expectCommonHeaders((await plain.app.inject({ method: 'GET', url: '/api/openapi.json' })).headers);
    expectCommonHeaders((await plain.app.inject({ method: 'GET', url: '/api/no-such-route' })).headers);
  });

  it('are on the OpenID provider and the sign-in pages', async () => {
    const discovery = await plain.app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' });
    expect(discovery.statusCode).toBe(200);
    expectCommonHeaders(discovery.headers);
    const start = await plain.app.inject({ method: 'GET', url: authorizationUrl(plain.config.publicUrl) });
    expect(start.statusCode).toBe(303);
    expectCommonHeaders(start.headers);
    const login = await plain.app.inject({
      method: 'GET',
      url: new URL(String(start.headers.location), plain.config.publicUrl).pathname,
      headers: { cookie: [start.headers['set-cookie']].flat().map((c) => String(c).split(';')[0]).join('; ') },
    });
    expect(login.statusCode).toBe(200);
    expect(login.body).toContain('data-testid="login-email"');
    expectCommonHeaders(login.headers);
  });

  it('allow the sign-out page\'s own inline script by its hash and nothing else inline', () => {
    const directives = contentSecurityDirectives(plain.config);
    const html = logoutPage('<form id="op.logoutForm" method="post" action="/oidc/session/end/confirm"></form>', true);
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(script).not.toBe('');
    const hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    const csp = directivesOf(policyForPage(directives, html));
    expect(csp.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'", hash]);
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(directivesOf(policyForPage(directives, logoutPage('<form></form>', false))).get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  });
});

describe('behind HTTPS', () => {
  it('promises HTTPS, upgrades requests and uses the secure socket of the public URL', async () => {
    const page = await secure.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    const csp = expectCommonHeaders(page.headers);
    expect(csp.get('connect-src')).toContain('wss://surge.example.com');
    expect(csp.has('upgrade-insecure-requests')).toBe(true);
    expect(String(page.headers['strict-transport-security'])).toMatch(/max-age=\d+/);
  });

  it('sets the sign-in cookies Secure, and not over plain HTTP', async () => {
    const cookies = async (t: TestApp) => {
      const response = await t.app.inject({ method: 'GET', url: authorizationUrl(t.config.publicUrl) });
      expect(response.statusCode).toBe(303);
      const list = [response.headers['set-cookie'] ?? []].flat().map(String);
      expect(list.length).toBeGreaterThan(0);
      return list;
    };
    for (const cookie of await cookies(secure)) expect(cookie.toLowerCase()).toMatch(/;\s*secure/);
    for (const cookie of await cookies(plain)) expect(cookie.toLowerCase()).not.toMatch(/;\s*secure/);
  });
});
