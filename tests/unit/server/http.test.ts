// HTTP plumbing: public configuration and version, the OpenAPI document and docs, the web app with
// single-page fallback, and error answers in the catalogue's {title, description, status} shape.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, tokenFor, type TestApp } from './harness.ts';

let t: TestApp;
let clientDir: string;

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'surge-client-'));
  mkdirSync(join(clientDir, 'assets'));
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>Surge</title><div id="root"></div>');
  writeFileSync(join(clientDir, 'assets', 'app-1234.js'), 'console.log(1)');
  t = await startTestApp({ config: { clientDir } });
});
afterAll(async () => {
  await t?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe('public routes', () => {
  it('serves the runtime configuration', async () => {
    const config = (await call(t, null, 'GET', '/api/config')).json();
    expect(config).toEqual({
      issuer: 'http://localhost:3999/oidc',
      clientId: 'surge-web',
      scope: 'openid profile email offline_access',
      apiResource: 'http://localhost:3999/api',
      version: '0.1.0',
      embeddedIdentityProvider: true,
    });
  });

  it('serves the version as text', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/version' });
    expect(r.headers['content-type']).toMatch(/^text\/plain/);
    expect(r.body).toBe('0.1.0+test');
  });

  it('documents the API with OpenAPI and serves the docs page', async () => {
    const doc = (await call(t, null, 'GET', '/api/openapi.json')).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/projects', '/api/simulations/{id}/setup', '/api/mgmt/users/{id}', '/api/auth/mfa']));
    expect(doc.paths['/api/projects'].get.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['q', 'pageLimit', 'orderBy']));
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/oidc') || p.startsWith('/interaction'))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/' })).statusCode).toBe(200);
  });
});

describe('web app', () => {
  it('serves files and falls back to index.html for app routes', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const page = await t.app.inject({ method: 'GET', url: '/simulation/abc/preprocessor', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['cache-control']).toBe('no-cache');
    // The address `npm start` prints is the root: it opens the app too, in a browser or not.
    for (const headers of [{ accept: 'text/html,application/xhtml+xml' }, {}]) {
      const root = await t.app.inject({ method: 'GET', url: '/', headers });
      expect(root.statusCode).toBe(200);
      expect(root.body).toContain('<div id="root">');
      expect(root.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers unknown API routes as JSON 404, never with the page', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/nothing', headers: { accept: 'text/html' } });
    expect(r.statusCode).toBe(404);
    expect(r.json()).toMatchObject({ title: 'resource_not_found', status: 404 });
  });
});

describe('errors', () => {
  it('answers malformed JSON as a catalogue error', async () => {
    const token = await tokenFor(t, t.admin.id);
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ title: 'wrong_input', status: 400 });
  });

  it('lists every failing field of a validation error', async () => {
    const token = await tokenFor(t, t.admin.id);
    const r = await call(t, token, 'POST', '/api/mgmt/users', { email: 'someone@example.com' });
    expect(r.json().title).toBe('validation_error');
    expect(r.json().errors.map((e: { path: string }) => e.path)).toEqual(expect.arrayContaining(['firstName', 'lastName', 'role']));
  });
});

describe('logging', () => {
  it('redacts tokens from logged URLs', async () => {
    const { redactUrl } = await import('../../../src/server/platform/http/logging.ts');
    expect(redactUrl('/ws?access_token=eyJabc.def&x=1')).toBe('/ws?access_token=[redacted]&x=1');
    expect(redactUrl('/interaction/password/reset/abcDEF123?x=1')).toBe('/interaction/password/reset/[redacted]?x=1');
    expect(redactUrl('/auth/callback?code=xyz&state=1')).toBe('/auth/callback?code=[redacted]&state=1');
  });
});

describe('admission control', () => {
  it('lets requests in a few at a time, first come first served', async () => {
    const { FifoLimiter } = await import('../../../src/server/platform/http/admission.ts');
    const limiter = new FifoLimiter(2);
    const order: number[] = [];
    await limiter.acquire();
    await limiter.acquire();
    const waiting = [3, 4, 5].map((n) => limiter.acquire().then(() => order.push(n)));
    expect(limiter.queued).toBe(3);
    limiter.release();
    await waiting[0];
    limiter.release();
    limiter.release();
    await Promise.all(waiting);
    expect(order).toEqual([3, 4, 5]);
  });
});
