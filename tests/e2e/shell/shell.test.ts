// The app frame around every screen: copy id, help and settings menus, release announcement once per
// version, the regional banner that comes back a day after dismissal, the connection toast and the
// new-version modal.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../../support/chromium.ts';
import { startServer, type StartedServer } from '../../support/server.ts';
import { openAppPage, screenshot } from '../pages/appBrowser.ts';
import { LoginPage } from '../pages/LoginPage.ts';
import { MenuBar } from '../pages/MenuBar.ts';
import { SurgeApi } from '../pages/SurgeApi.ts';

const BANNER = { message: 'Surge moves to a regional domain for the EU.', url: 'https://eu.surge.test/' };

let server: StartedServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let simulationId: string;
let port: number;
let dataDir: string;

/** A port that is free now, so that a restarted server can listen on the same address. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function serverEnv(): Record<string, string> {
  return { PORT: String(port), DATA_DIR: dataDir, SURGE_REGIONAL_BANNER_MESSAGE: BANNER.message, SURGE_REGIONAL_BANNER_URL: BANNER.url };
}

beforeAll(async () => {
  // The same data directory and port are reused when the test restarts the server.
  port = await freePort();
  dataDir = mkdtempSync(join(tmpdir(), 'surge-shell-'));
  server = await startServer({ env: serverEnv() });
  browser = await launchChromium();
  const api = await SurgeApi.signIn(server.url, server.adminEmail, server.adminPassword);
  const project = await api.createProject('Frame checks');
  simulationId = (await api.createSimulation(project.id, 'Frame simulation')).id;
  ({ context, page } = await openAppPage(browser, { showReleaseAnnouncement: true }));
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  await page.goto(`${server.url}/projects`);
  await new LoginPage(page).signIn(server.adminEmail, server.adminPassword);
  await page.getByTestId('projects-page').waitFor();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('app frame', () => {
  it('announces the 3.6.0 release once per browser', async () => {
    const toast = page.getByTestId('release-announcement');
    await toast.waitFor();
    expect(await toast.innerText()).toContain('Volume clips');
    await screenshot(page, 'release-announcement');
    await page.reload();
    await page.getByTestId('projects-page').waitFor();
    await page.waitForTimeout(500);
    expect(await toast.count()).toBe(0);
  });

  it('shows the regional banner until dismissed and again a day later', async () => {
    const banner = page.getByTestId('regional-banner');
    await banner.waitFor();
    expect(await banner.innerText()).toContain(BANNER.message);
    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await banner.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByTestId('projects-page').waitFor();
    expect(await banner.count()).toBe(0);
    // Move the dismissal back by a day and a minute: the banner returns.
    await page.evaluate(() => {
      const key = 'surge.regionalDomainBanner.dismissedAt';
      localStorage.setItem(key, String(Number(localStorage.getItem(key)) - 24 * 60 * 60 * 1000 - 60_000));
    });
    await page.reload();
    await banner.waitFor();
  });

  it('copies the simulation id with a Copied! tooltip and shows the Monitor breadcrumb', async () => {
    const menu = new MenuBar(page);
    await page.goto(`${server.url}/simulation/${simulationId}/dashboard`);
    await page.getByTestId('simulation-page-monitor').waitFor();
    expect(await menu.breadcrumb('mode').innerText()).toBe('Monitor');
    expect(await page.getByTestId('menu-back').count()).toBe(0);
    await page.getByTestId('copy-simulation-id').click();
    await page.getByRole('tooltip', { name: 'Copied!' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(simulationId);
    // The monitor shows only the alerts and download panels.
    expect(await page.locator('[data-testid^="sidebar-tab-"]').count()).toBe(2);
    await screenshot(page, 'simulation-monitor');
  });

  it('lists the help and settings entries', async () => {
    const menu = new MenuBar(page);
    const help = await menu.openHelpMenu();
    expect(await help.innerText()).toContain('Python Documentation');
    expect(await page.getByTestId('menu-help-pythonDocumentation').getAttribute('href')).toBe('/api/docs');
    await page.keyboard.press('Escape');
    const settings = await menu.openSettingsMenu();
    const text = await settings.innerText();
    for (const entry of ['Overview', 'Profile & Settings', 'Usage & Budget', 'Team', 'Subscription', 'Logout']) expect(text).toContain(entry);
    await page.getByTestId('menu-settings-team').click();
    await page.getByTestId('team-row').first().waitFor();
    expect(await page.getByTestId('team-table').innerText()).toContain(server.adminEmail);
    await screenshot(page, 'settings-team');
    await page.goto(`${server.url}/settings`);
    await page.getByTestId('settings-overview').waitFor();
    await page.getByTestId('overview-credits').waitFor();
    await screenshot(page, 'settings-overview');
    await page.goto(`${server.url}/machines`);
    await page.getByTestId('machines-empty').waitFor();
    await screenshot(page, 'machines-empty');
  });

  it('tells the user when the realtime connection is lost and when it is back', async () => {
    await page.goto(`${server.url}/projects`);
    await page.getByTestId('projects-page').waitFor();
    await page.waitForTimeout(1000);
    // The server goes away: the open socket drops.
    await server.stop();
    const toast = page.getByTestId('connection-toast');
    await page.locator('[data-testid="connection-toast"][data-state="reconnecting"]').waitFor({ timeout: 30_000 });
    expect(await toast.innerText()).toContain('Connection to the server was lost. Reconnecting...');
    await screenshot(page, 'connection-lost');
    // It comes back on the same address with the same data: the channel reconnects by itself.
    server = await startServer({ env: serverEnv() });
    await page.locator('[data-testid="connection-toast"][data-state="reconnected"]').waitFor({ timeout: 60_000 });
    await toast.waitFor({ state: 'detached', timeout: 10_000 });
  });

  it('offers a reload once the server runs a new version', async () => {
    await page.route('**/api/version', (route) => route.fulfill({ status: 200, contentType: 'text/plain', body: '9.9.9+next' }));
    // The version is read again when the window gets focus.
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await page.getByTestId('new-version-modal').getByRole('dialog').waitFor();
    await screenshot(page, 'new-version');
    await page.unroute('**/api/version');
  });
});
