// Sign-in through the embedded provider in a real browser: the return to the requested page, two-factor
// enrolment and a sign-in with a TOTP code, the secure logout page, and the Authentication Failed page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../support/chromium.ts';
import { startServer, type StartedServer } from '../../support/server.ts';
import { contentSecurityViolations, openAppPage, screenshot } from '../pages/appBrowser.ts';
import { LoginPage, totpCode } from '../pages/LoginPage.ts';
import { MenuBar } from '../pages/MenuBar.ts';
import { ProfilePage } from '../pages/ProfilePage.ts';
import { SurgeApi } from '../pages/SurgeApi.ts';

/** A second user without two-factor authentication, since the admin enrols TOTP in the first test. */
const MEMBER = { email: 'robin@surge.test', password: 'Robin-pass-1234' };

let server: StartedServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchChromium();
  const admin = await SurgeApi.signIn(server.url, server.adminEmail, server.adminPassword);
  await admin.createMember(MEMBER.email, 'contributor', MEMBER.password);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('sign-in', () => {
  it('sends a visitor to login and back to the page they asked for, then signs in with TOTP after enrolment', async () => {
    const { context, page } = await openAppPage(browser);
    const login = new LoginPage(page);
    const menu = new MenuBar(page);
    const profile = new ProfilePage(page, server.url);

    await page.goto(`${server.url}/settings/profile`);
    await login.signIn(server.adminEmail, server.adminPassword);
    await page.getByTestId('settings-profile').waitFor();
    expect(new URL(page.url()).pathname).toBe('/settings/profile');
    expect(await page.getByTestId('mfa-status').innerText()).toBe('OFF');

    // A wrong code is refused and enrols nothing.
    await page.getByTestId('mfa-add').click();
    await page.getByTestId('mfa-secret').waitFor();
    await screenshot(page, 'profile-mfa-enrol');
    await profile.typeCode('000000');
    await page.getByTestId('mfa-verify').click();
    await expect.poll(() => page.getByTestId('mfa-code-error').isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByTestId('mfa-enrol-modal').getByRole('dialog').waitFor({ state: 'hidden' });
    expect(await page.getByTestId('mfa-empty').isVisible()).toBe(true);

    const secret = await profile.enrolTotp('Test phone');
    await page.getByTestId('mfa-item').first().waitFor();
    expect(await page.getByTestId('mfa-item').count()).toBe(1);
    expect(await page.getByTestId('mfa-list').innerText()).toContain('Test phone');
    await expect.poll(() => page.getByTestId('mfa-status').innerText()).toBe('ON');

    await menu.logout();
    await page.getByTestId('logged-out-page').waitFor();
    expect(await page.getByTestId('logged-out-page').innerText()).toContain('You have been securely logged out');
    expect(new URL(page.url()).searchParams.get('confirm')).toBe('true');
    await screenshot(page, 'logged-out');

    // The session is gone: the app asks for a login again, now with a second factor.
    await page.getByTestId('logged-out-login').click();
    await login.signIn(server.adminEmail, server.adminPassword);
    await page.getByTestId('totp-code').waitFor();
    await login.enterCode(totpCode(secret, 1));
    await page.getByTestId('projects-page').waitFor();
    expect(new URL(page.url()).pathname).toBe('/projects');
    // Sign-in, enrolment, sign-out (whose page submits itself) and sign-in again all ran under the policy.
    expect(contentSecurityViolations(page)).toEqual([]);
    await context.close();
  });

  it('refuses a wrong password on the login page and stays there', async () => {
    const { context, page } = await openAppPage(browser);
    const login = new LoginPage(page);
    await page.goto(`${server.url}/projects`);
    await login.signIn(MEMBER.email, 'not-the-password');
    await page.getByTestId('login-error').waitFor();
    expect(page.url()).not.toContain('/projects');
    await context.close();
  });

  it('shows Authentication Failed with a Login button on /unauthorized', async () => {
    const { context, page } = await openAppPage(browser);
    await page.goto(`${server.url}/unauthorized`);
    await page.getByTestId('unauthorized-page').waitFor();
    expect(await page.getByTestId('unauthorized-page').innerText()).toContain('Authentication Failed');
    await page.getByTestId('unauthorized-login').click();
    await new LoginPage(page).waitUntilShown();
    await context.close();
  });

  it('sends a browser whose token the API refuses to /unauthorized', async () => {
    const { context, page } = await openAppPage(browser);
    const login = new LoginPage(page);
    await page.goto(`${server.url}/projects`);
    await login.signIn(MEMBER.email, MEMBER.password);
    await page.getByTestId('projects-page').waitFor();
    // Damage the stored access token: the current user can no longer be read.
    await page.evaluate(() => {
      for (const key of Object.keys(localStorage)) {
        if (!key.startsWith('oidc.user:')) continue;
        const user = JSON.parse(localStorage.getItem(key) as string) as { access_token: string };
        user.access_token = `${user.access_token}x`;
        localStorage.setItem(key, JSON.stringify(user));
      }
    });
    await page.goto(`${server.url}/settings/overview`);
    await page.getByTestId('unauthorized-page').waitFor();
    await screenshot(page, 'unauthorized');
    await context.close();
  });
});
