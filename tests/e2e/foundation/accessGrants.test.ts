// Access grants in the browser: the selector shows only with its permission; a Surge support user
// requests access, acts in the organisation and reads its projects; the team admin sees the grant in
// Team and revokes it, which ends the access at once. Without upload_preprocessing, Upload is absent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../support/chromium.ts';
import { startServer, type StartedServer } from '../../support/server.ts';
import { openAppPage, screenshot } from '../pages/appBrowser.ts';
import { LoginPage } from '../pages/LoginPage.ts';
import { ProjectsPage } from '../pages/ProjectsPage.ts';
import { SurgeApi } from '../pages/SurgeApi.ts';
import { AccessGrantSelectorControl } from './AccessGrantSelectorControl.ts';
import { TeamAccessGrantsSection } from './TeamAccessGrantsSection.ts';

const SUPPORT = { email: 'support@surge.test', password: 'Support-pass-1' };
const CONTRIBUTOR = { email: 'casey@surge.test', password: 'Contributor-pass-1' };

let server: StartedServer;
let browser: Browser;
let admin: SurgeApi;
let support: SurgeApi;
let projectId: string;

beforeAll(async () => {
  server = await startServer({ env: { SURGE_SUPPORT_USER_EMAIL: SUPPORT.email, SURGE_SUPPORT_USER_PASSWORD: SUPPORT.password } });
  browser = await launchChromium();
  admin = await SurgeApi.signIn(server.url, server.adminEmail, server.adminPassword);
  projectId = (await admin.createProject('Harbour model', 'Waves against the quay')).id;
  await admin.createSimulation(projectId, 'Wave run');
  await admin.createMember(CONTRIBUTOR.email, 'contributor', CONTRIBUTOR.password);
  support = await SurgeApi.signIn(server.url, SUPPORT.email, SUPPORT.password);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signedIn(email: string, password: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const { context, page } = await openAppPage(browser);
  await page.goto(`${server.url}/projects`);
  await new LoginPage(page).signIn(email, password);
  await new ProjectsPage(page, server.url).waitUntilLoaded();
  return { page, close: () => context.close() };
}

describe('the access-grant selector', () => {
  it('shows only with the access-grant-selection permission', async () => {
    for (const who of [{ email: server.adminEmail, password: server.adminPassword }, CONTRIBUTOR]) {
      const { page, close } = await signedIn(who.email, who.password);
      await page.getByTestId('menu-settings').waitFor();
      expect(await page.getByTestId('access-grant-selector').count()).toBe(0);
      await close();
    }
    const { page, close } = await signedIn(SUPPORT.email, SUPPORT.password);
    const selector = new AccessGrantSelectorControl(page);
    await selector.root.waitFor();
    expect(await selector.current()).toBe('Own organisation');
    expect(await new ProjectsPage(page, server.url).projectNames()).toEqual([]);
    await close();
  });

  it('lets support request access and read the organisation, and the team admin revoke it', async () => {
    const staff = await signedIn(SUPPORT.email, SUPPORT.password);
    const selector = new AccessGrantSelectorControl(staff.page);
    await selector.request('Surge', 'Onboarding');
    const projects = new ProjectsPage(staff.page, server.url);
    await staff.page.waitForFunction(() => (document.querySelector('[data-testid="access-grant-select"]') as HTMLInputElement | null)?.value === 'Surge');
    await projects.project('Harbour model').waitFor();
    await projects.simulationRow('Wave run').waitFor();
    await screenshot(staff.page, 'foundation-support-acting-in-organisation');
    await staff.page.getByTestId('access-grant-select').click();
    await staff.page.getByRole('option', { name: /Own organisation/ }).waitFor();
    await screenshot(staff.page, 'foundation-access-grant-selector-open');
    await staff.page.keyboard.press('Escape');

    const grants = (await support.call('GET', '/admin/access_grants?onlySelf=true&pageLimit=-1')).body as { results: { id: string; state: string; reason: string }[] };
    expect(grants.results.map((g) => [g.state, g.reason])).toEqual([['active', 'onboarding']]);
    const grantId = grants.results[0].id;
    expect((await support.call('GET', `/projects/${projectId}`)).status).toBe(200);
    expect((await support.call('PUT', `/projects/${projectId}`, { name: 'Taken over' })).status).toBe(403);

    const manager = await signedIn(server.adminEmail, server.adminPassword);
    const team = new TeamAccessGrantsSection(manager.page, server.url);
    await team.goto();
    await team.row(grantId).waitFor();
    expect(await team.state(grantId)).toBe('Active');
    expect(await team.row(grantId).innerText()).toContain('Surge Support');
    await screenshot(manager.page, 'foundation-team-access-grants');
    await team.revoke(grantId);
    await manager.page.getByTestId('toast-success').filter({ hasText: 'Access grant revoked' }).waitFor();
    await manager.page.waitForFunction((id) => document.querySelector(`[data-grant-id="${id}"] [data-testid="access-grant-state"]`)?.textContent === 'Revoked', grantId);
    expect(await team.row(grantId).getByTestId('access-grant-revoke').count()).toBe(0);
    await screenshot(manager.page, 'foundation-team-access-grant-revoked');

    // The grant ends at once: the API refuses, and the selector is back in the own organisation.
    expect((await support.call('GET', `/projects/${projectId}`)).status).toBe(404);
    await staff.page.reload();
    await projects.waitUntilLoaded();
    expect(await selector.current()).toBe('Own organisation');
    expect(await projects.projectNames()).toEqual([]);
    await staff.close();
    await manager.close();
  });
});

describe('without upload_preprocessing', () => {
  it('offers no Upload among the simulation actions', async () => {
    const { page, close } = await signedIn(server.adminEmail, server.adminPassword);
    const projects = new ProjectsPage(page, server.url);
    await projects.simulationRow('Wave run').getByTestId('simulation-actions').click();
    await page.getByTestId('action-move').waitFor();
    expect(await page.getByTestId('action-upload').count()).toBe(0);
    await close();
  });
});
