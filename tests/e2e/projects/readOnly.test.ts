// The projects page under an access grant (read-only access): a Surge support user acting in another
// organisation sees its projects and simulations but no changing action: New project is disabled and
// says why, Edit, Delete and New Simulation are absent, and a simulation's actions keep only Download.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../support/chromium.ts';
import { startServer, type StartedServer } from '../../support/server.ts';
import { openAppPage, screenshot } from '../pages/appBrowser.ts';
import { LoginPage } from '../pages/LoginPage.ts';
import { ProjectsPage } from '../pages/ProjectsPage.ts';
import { SurgeApi } from '../pages/SurgeApi.ts';
import { AccessGrantSelectorControl } from '../foundation/AccessGrantSelectorControl.ts';

const SUPPORT = { email: 'support@surge.test', password: 'Support-pass-1' };

let server: StartedServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ env: { SURGE_SUPPORT_USER_EMAIL: SUPPORT.email, SURGE_SUPPORT_USER_PASSWORD: SUPPORT.password } });
  browser = await launchChromium();
  const admin = await SurgeApi.signIn(server.url, server.adminEmail, server.adminPassword);
  const project = await admin.createProject('Harbour model', 'Waves against the quay');
  await admin.createSimulation(project.id, 'Wave run');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('projects page under an access grant', () => {
  it('reads the organisation but offers no change', async () => {
    const { context, page } = await openAppPage(browser);
    await page.goto(`${server.url}/projects`);
    await new LoginPage(page).signIn(SUPPORT.email, SUPPORT.password);
    const projects = new ProjectsPage(page, server.url);
    await projects.waitUntilLoaded();
    // In their own organisation support may create projects.
    expect(await page.getByTestId('new-project').getAttribute('aria-disabled')).toBe('false');

    await new AccessGrantSelectorControl(page).request('Surge', 'Support');
    await projects.project('Harbour model').waitFor();
    await projects.simulationRow('Wave run').waitFor();

    const newProject = page.getByTestId('new-project');
    expect(await newProject.getAttribute('aria-disabled')).toBe('true');
    await newProject.hover();
    await page.getByText('Access through an access grant is read-only.').waitFor();
    // A click on the disabled button opens nothing.
    await newProject.click({ force: true });
    await page.waitForTimeout(300);
    expect(await page.getByTestId('project-form-modal').count()).toBe(0);

    const section = projects.project('Harbour model');
    for (const id of ['project-edit', 'project-delete', 'project-new-simulation']) expect(await section.getByTestId(id).count()).toBe(0);
    await section.getByTestId('simulation-actions').click();
    const menu = page.getByTestId('simulation-actions-dropdown');
    await menu.waitFor();
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['Download']);
    await page.keyboard.press('Escape');
    await newProject.hover();
    await screenshot(page, 'projects-read-only-access');
    await context.close();
  });
});
