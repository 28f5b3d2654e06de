// A contributor and another user's project: the API itself refuses to show, change or delete it (not just
// a hidden button), and the contributor's browser shows neither the project nor the admin-only pages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../support/chromium.ts';
import { startServer, type StartedServer } from '../../support/server.ts';
import type { Project } from '../../../src/domain/project.ts';
import type { Simulation } from '../../../src/domain/simulation.ts';
import { openAppPage, screenshot } from '../pages/appBrowser.ts';
import { LoginPage } from '../pages/LoginPage.ts';
import { MenuBar } from '../pages/MenuBar.ts';
import { ProjectsPage } from '../pages/ProjectsPage.ts';
import { SurgeApi } from '../pages/SurgeApi.ts';

const CONTRIBUTOR = { email: 'casey@surge.test', password: 'Contributor-pass-1' };

let server: StartedServer;
let browser: Browser;
let admin: SurgeApi;
let contributor: SurgeApi;
let project: Project;
let simulation: Simulation;

beforeAll(async () => {
  server = await startServer();
  browser = await launchChromium();
  admin = await SurgeApi.signIn(server.url, server.adminEmail, server.adminPassword);
  project = await admin.createProject('Admin only', 'Not for contributors');
  simulation = await admin.createSimulation(project.id, 'Secret run');
  await admin.createMember(CONTRIBUTOR.email, 'contributor', CONTRIBUTOR.password);
  contributor = await SurgeApi.signIn(server.url, CONTRIBUTOR.email, CONTRIBUTOR.password);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const refused = [403, 404];

describe('a contributor and a project of another user', () => {
  it('is refused by the API for reading, changing and deleting', async () => {
    expect(refused).toContain((await contributor.call('GET', `/projects/${project.id}`)).status);
    expect(refused).toContain((await contributor.call('PUT', `/projects/${project.id}`, { name: 'Taken over' })).status);
    expect(refused).toContain((await contributor.call('DELETE', `/projects/${project.id}`)).status);
    expect(refused).toContain((await contributor.call('POST', `/projects/${project.id}/simulations`, { name: 'Intruder' })).status);
    expect(refused).toContain((await contributor.call('GET', `/simulations/${simulation.id}`)).status);
    expect(refused).toContain((await contributor.call('PUT', `/simulations/${simulation.id}`, { name: 'Renamed' })).status);
    expect(refused).toContain((await contributor.call('POST', `/simulations/${simulation.id}/clone`, {})).status);
    expect(refused).toContain((await contributor.call('DELETE', `/simulations/${simulation.id}`)).status);

    const list = await contributor.call('GET', '/projects?view=all');
    expect(refused.concat(400)).toContain(list.status);
    expect((await contributor.projects('own')).map((p) => p.name)).toEqual([]);

    // Nothing changed.
    const stored = await admin.project(project.id);
    expect(stored.name).toBe('Admin only');
    expect(stored.simulations.map((s) => s.name)).toEqual(['Secret run']);
  });

  it('shows the contributor only their own work and refuses the admin pages', async () => {
    const { context, page } = await openAppPage(browser);
    const projects = new ProjectsPage(page, server.url);
    const menu = new MenuBar(page);
    await page.goto(`${server.url}/projects?view=all`);
    await new LoginPage(page).signIn(CONTRIBUTOR.email, CONTRIBUTOR.password);
    await projects.waitUntilLoaded();
    await page.getByTestId('projects-empty').waitFor();
    expect(await page.getByTestId('projects-view').count()).toBe(0);
    expect(await projects.projectNames()).toEqual([]);

    const settings = await menu.openSettingsMenu();
    const entries = await settings.innerText();
    expect(entries).toContain('Profile & Settings');
    expect(entries).not.toContain('Team');
    expect(entries).not.toContain('Subscription');
    await page.keyboard.press('Escape');

    await page.goto(`${server.url}/simulation/${simulation.id}/preprocessor`);
    await page.getByTestId('simulation-unavailable').waitFor();
    await screenshot(page, 'simulation-refused');

    for (const area of ['team', 'subscription']) {
      await page.goto(`${server.url}/settings/${area}`);
      await page.getByTestId('no-permission-page').waitFor();
      expect(await page.getByTestId('no-permission-page').innerText()).toContain('What are you doing here?');
    }
    await screenshot(page, 'settings-no-permission');

    await page.goto(`${server.url}/settings/unknown`);
    await page.getByTestId('not-found-page').waitFor();
    await page.goto(`${server.url}/somewhere/else`);
    await page.getByTestId('not-found-page').waitFor();
    expect(await page.getByTestId('not-found-page').innerText()).toContain("It's empty here!");
    await screenshot(page, 'not-found');

    // The contributor's own project works as usual.
    await projects.goto();
    await projects.createProject('Casey tank');
    expect((await contributor.projects()).map((p) => p.name)).toEqual(['Casey tank']);
    await context.close();
  });
});

describe('team management by an admin', () => {
  it('adds a member, refuses a duplicate email and deletes only after the full name was typed', async () => {
    const { context, page } = await openAppPage(browser);
    await page.goto(`${server.url}/settings/team`);
    await new LoginPage(page).signIn(server.adminEmail, server.adminPassword);
    await page.getByTestId('team-row').first().waitFor();

    await page.getByTestId('team-add').click();
    await page.getByTestId('member-first-name').fill('Dana');
    await page.getByTestId('member-last-name').fill('Lopez');
    await page.getByTestId('member-email').fill('dana@surge.test');
    await page.getByTestId('member-form-submit').click();
    await page.getByText('Dana Lopez').waitFor();
    const team = (await admin.call('GET', '/mgmt/users')).body as { email: string; role: string }[];
    expect(team.find((member) => member.email === 'dana@surge.test')?.role).toBe('contributor');

    // The same email again: refused, nobody added.
    await page.getByTestId('team-add').click();
    await page.getByTestId('member-first-name').fill('Dana');
    await page.getByTestId('member-last-name').fill('Again');
    await page.getByTestId('member-email').fill(CONTRIBUTOR.email);
    await page.getByTestId('member-form-submit').click();
    await page.getByTestId('member-form-modal').getByText(/already/).first().waitFor();
    await screenshot(page, 'dialog-member-duplicate');
    await page.keyboard.press('Escape');
    expect(((await admin.call('GET', '/mgmt/users')).body as unknown[]).length).toBe(team.length);

    const row = page.getByTestId('team-row').filter({ hasText: 'Dana Lopez' });
    await row.getByTestId('member-actions').click();
    await page.getByTestId('member-delete').click();
    await page.getByTestId('delete-member-modal-input').fill('Dana');
    await page.getByTestId('delete-member-modal-confirm').click();
    await page.getByText('Type the name to confirm').waitFor();
    await page.getByTestId('delete-member-modal-input').fill('Dana Lopez');
    await page.getByTestId('delete-member-modal-confirm').click();
    await row.waitFor({ state: 'detached' });
    const after = (await admin.call('GET', '/mgmt/users')).body as { email: string }[];
    expect(after.some((member) => member.email === 'dana@surge.test')).toBe(false);
    await screenshot(page, 'settings-team-admin');
    await context.close();
  });
});
