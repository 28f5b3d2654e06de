// Sign-in limits measured over HTTP the way a browser signs in: wrong TOTP codes per account across
// sign-ins, failed passwords per client address and per account + address (X-Forwarded-For from the
// trusted loopback proxy stands for the client's address), and a real user who still gets in while an
// attacker hammers their account. Prints what it measured.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { createBrowser, loginWithPassword, pkcePair, totpCode, WEB_CLIENT_ID, WEB_SCOPE, type Browser } from '../../support/login.ts';
import { ERROR_MESSAGES } from '../../../src/domain/errors.ts';
import { call, createUser, startListeningApp, tokenFor, type TestApp } from './harness.ts';

/** A short TOTP window so that the test sees it pass; the other limits are the defaults. */
const TOTP_WINDOW_MS = 4000;

let t: TestApp;
let url: string;

beforeAll(async () => {
  ({ t, url } = await startListeningApp({ env: { SURGE_TOTP_WINDOW_S: String(TOTP_WINDOW_MS / 1000) } }));
});
afterAll(async () => t?.close());

const browserFrom = (address: string): Browser => createBrowser({ 'x-forwarded-for': address });

/** Opens the sign-in and returns the form action of the page it lands on (login or TOTP). */
async function openSignIn(browser: Browser): Promise<string> {
  const { challenge } = pkcePair();
  const query = new URLSearchParams({
    client_id: WEB_CLIENT_ID,
    response_type: 'code',
    redirect_uri: `${url}/auth/callback`,
    scope: WEB_SCOPE,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: randomBytes(8).toString('hex'),
  });
  return followToForm(browser, await browser.get(`${url}/oidc/auth?${query}`));
}

async function followToForm(browser: Browser, first: Response): Promise<string> {
  let response = first;
  for (let hops = 0; hops < 5 && response.status >= 300 && response.status < 400; hops += 1) {
    response = await browser.get(new URL(response.headers.get('location') as string, url).href);
  }
  const html = await response.text();
  const action = /<form[^>]*action="([^"]+)"[^>]*data-testid="(?:login|totp)-form"/.exec(html)?.[1];
  if (!action) throw new Error(`no sign-in form on the page (${response.status}): ${html.slice(0, 300)}`);
  return new URL(action.replaceAll('&amp;', '&'), url).href;
}

type Attempt = { status: number; ms: number; error?: string };

async function submit(browser: Browser, action: string, fields: Record<string, string>): Promise<Attempt & { response: Response }> {
  const started = performance.now();
  const response = await browser.postForm(action, fields);
  const ms = performance.now() - started;
  const html = response.status >= 300 && response.status < 400 ? '' : await response.text();
  const error = /data-testid="[a-z]+-error">([^<]*)</.exec(html)?.[1]?.replaceAll('&#39;', "'");
  return { status: response.status, ms, error, response };
}

function summary(attempts: Attempt[]): string {
  const runs: string[] = [];
  let i = 0;
  while (i < attempts.length) {
    let j = i;
    while (j + 1 < attempts.length && attempts[j + 1].status === attempts[i].status) j += 1;
    const slice = attempts.slice(i, j + 1);
    const mean = slice.reduce((sum, a) => sum + a.ms, 0) / slice.length;
    runs.push(`#${i + 1}${j > i ? `-${j + 1}` : ''}: ${attempts[i].status} (mean ${mean.toFixed(0)} ms)`);
    i = j + 1;
  }
  return runs.join(', ');
}

async function enrolledUser(password: string): Promise<{ email: string; secret: string }> {
  const user = await createUser(t, t.organizationId, 'contributor', { password });
  const token = await tokenFor(t, user.id);
  const enrolment = (await call(t, token, 'POST', '/api/auth/mfa')).json();
  // Confirmed with the previous time step's code, so that the current one is still unused for sign-in.
  const confirmed = await call(t, token, 'POST', '/api/auth/mfa/verify', { code: totpCode(enrolment.secret, Date.now() - 30_000) });
  expect(confirmed.status, confirmed.text).toBe(200);
  return { email: user.email, secret: enrolment.secret as string };
}

/** A code that is wrong now (and in the steps either side). */
function wrongCode(secret: string): string {
  const near = new Set([-30_000, 0, 30_000].map((d) => totpCode(secret, Date.now() + d)));
  for (let n = 0; ; n += 1) {
    const code = String(123456 + n * 7919).padStart(6, '0').slice(-6);
    if (!near.has(code)) return code;
  }
}

describe('TOTP limit per account', () => {
  it('refuses every code, even the right one, after 5 wrong ones across sign-ins, and accepts it once the window has passed', async () => {
    const password = 'totp-limit-password';
    const { email, secret } = await enrolledUser(password);
    const attempts: Attempt[] = [];
    const started = performance.now();
    let signIns = 0;
    // The attacker knows the password and starts a new sign-in whenever one runs out of tries.
    while (attempts.length < 40) {
      const browser = browserFrom('198.51.100.20');
      const action = await openSignIn(browser);
      const passwordStep = await submit(browser, action, { email, password });
      expect(passwordStep.status).toBe(303);
      const totpAction = await followToForm(browser, passwordStep.response);
      signIns += 1;
      for (;;) {
        const attempt = await submit(browser, totpAction, { code: wrongCode(secret) });
        attempts.push(attempt);
        // The sign-in's own limit ends it (back to the login page): start another one.
        if (attempt.status === 401 && !attempt.error?.startsWith('The code is not valid')) break;
        if (attempts.length >= 40) break;
      }
    }
    const elapsed = performance.now() - started;
    const invalid = attempts.filter((a) => a.status === 401 && a.error?.startsWith('The code is not valid')).length;
    const locked = attempts.filter((a) => a.status === 429);
    console.log(`TOTP: ${attempts.length} wrong codes in ${(elapsed / 1000).toFixed(1)} s over ${signIns} sign-ins: ${summary(attempts)}`);
    console.log(`TOTP: ${invalid} wrong codes checked, ${locked.length} refused without checking; message: "${locked[0]?.error ?? ''}"`);
    expect(invalid).toBe(5);
    expect(locked.length).toBeGreaterThanOrEqual(30);
    expect(locked[0].error).toContain(ERROR_MESSAGES.totpLocked);

    // The right code is refused too while the window lasts.
    const browser = browserFrom('198.51.100.20');
    const passwordStep = await submit(browser, await openSignIn(browser), { email, password });
    const totpAction = await followToForm(browser, passwordStep.response);
    const right = await submit(browser, totpAction, { code: totpCode(secret) });
    console.log(`TOTP: right code during the lock -> ${right.status} "${right.error ?? ''}"`);
    expect(right.status).toBe(429);
    expect(right.error).toContain(ERROR_MESSAGES.totpLocked);

    // After the window the right code works again (the refused one was not used up).
    await new Promise((resolve) => setTimeout(resolve, TOTP_WINDOW_MS + 300));
    const afterWindow = await submit(browser, totpAction, { code: totpCode(secret) });
    console.log(`TOTP: right code ${TOTP_WINDOW_MS / 1000} s window later -> ${afterWindow.status}`);
    expect(afterWindow.status).toBe(303);
    expect(afterWindow.response.headers.get('location')).toContain('/oidc/auth/');
  }, 60_000);
});

describe('password throttling', () => {
  it('limits one address on one account to 5 failures per window, and the real user from elsewhere still signs in', async () => {
    const password = 'pair-limit-password';
    const user = await createUser(t, t.organizationId, 'contributor', { password });
    const attacker = browserFrom('198.51.100.7');
    const action = await openSignIn(attacker);
    const attempts: (Attempt & { response: Response })[] = [];
    for (let i = 0; i < 12; i += 1) attempts.push(await submit(attacker, action, { email: user.email, password: `guess-${i}` }));
    const rightFromAttacker = await submit(attacker, action, { email: user.email, password });
    console.log(`password, one address on one account: ${summary(attempts)}; right password from that address -> ${rightFromAttacker.status}`);
    console.log(`password: message "${attempts[5].error ?? ''}", Retry-After ${attempts[5].response.headers.get('retry-after') ?? ''} s`);
    expect(attempts.slice(0, 5).every((a) => a.status === 401)).toBe(true);
    expect(attempts.slice(5).every((a) => a.status === 429)).toBe(true);
    expect(attempts[5].error).toContain(ERROR_MESSAGES.signInThrottled);
    expect(Number(attempts[5].response.headers.get('retry-after'))).toBeGreaterThan(800);
    expect(rightFromAttacker.status).toBe(429);

    const started = performance.now();
    const tokens = await loginWithPassword(url, user.email, password, { browser: browserFrom('203.0.113.9') });
    console.log(`password: the real user from another address signs in (${(performance.now() - started).toFixed(0)} ms)`);
    expect(decodeJwt(tokens.accessToken).sub).toBe(user.id);
  }, 60_000);

  it('limits one address to 20 failures per window over any accounts', async () => {
    const sprayer = browserFrom('198.51.100.8');
    const action = await openSignIn(sprayer);
    const attempts: Attempt[] = [];
    for (let i = 0; i < 25; i += 1) attempts.push(await submit(sprayer, action, { email: `sprayed-${i}@surge.test`, password: 'Summer2026!' }));
    console.log(`password, one address over 25 accounts: ${summary(attempts)}`);
    expect(attempts.slice(0, 20).every((a) => a.status === 401)).toBe(true);
    expect(attempts.slice(20).every((a) => a.status === 429)).toBe(true);

    // Another address is not affected.
    const other = browserFrom('198.51.100.9');
    expect((await submit(other, await openSignIn(other), { email: 'sprayed-0@surge.test', password: 'x' })).status).toBe(401);
  }, 60_000);

  it('gives each address fewer tries on an account many addresses guess at, and the real user still gets in', async () => {
    const password = 'distributed-password';
    const user = await createUser(t, t.organizationId, 'contributor', { password });
    const statuses: number[] = [];
    // 12 addresses, 3 guesses each: past 20 failures on the account each address gets only 2.
    for (let a = 0; a < 12; a += 1) {
      const bot = browserFrom(`192.0.2.${a + 1}`);
      const action = await openSignIn(bot);
      for (let i = 0; i < 3; i += 1) statuses.push((await submit(bot, action, { email: user.email, password: `bot-${a}-${i}` })).status);
    }
    const checked = statuses.filter((s) => s === 401).length;
    console.log(`password, 12 addresses x 3 guesses on one account: ${checked} checked, ${statuses.length - checked} refused (${statuses.join(' ')})`);
    expect(checked).toBeLessThan(statuses.length);
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);

    const tokens = await loginWithPassword(url, user.email, password, { browser: browserFrom('203.0.113.10') });
    expect(decodeJwt(tokens.accessToken).sub).toBe(user.id);
  }, 60_000);

  it('counts IPv6 clients by their /64', async () => {
    const first = browserFrom('2001:db8:1:2::1');
    const action = await openSignIn(first);
    for (let i = 0; i < 5; i += 1) expect((await submit(first, action, { email: 'v6@surge.test', password: `p${i}` })).status).toBe(401);
    const sameNetwork = browserFrom('2001:db8:1:2:ffff::99');
    expect((await submit(sameNetwork, await openSignIn(sameNetwork), { email: 'v6@surge.test', password: 'p' })).status).toBe(429);
  }, 60_000);
});
