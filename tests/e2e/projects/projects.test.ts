// The projects page in a real browser against the real server: create, edit, rename, move, clone and
// delete projects and simulations; refused input shows the spec's message and changes nothing (checked by
// reading the API again); URL state; screenshots of the main screens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../../support/chromium.ts';
import { startServer, type StartedServer } from '../../support/server.ts';
import { openAppPage, screenshot } from '../pages/appBrowser.ts';
import { LoginPage } from '../pages/LoginPage.ts';
import { MenuBar } from '../pages/MenuBar.ts';
import { ProjectsPage } from '../pages/ProjectsPage.ts';
import { SurgeApi } from '../pages/SurgeApi.ts';

let server: StartedServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let projects: ProjectsPage;
let api: SurgeApi;

beforeAll(async () => {
  server = await startServer();
  browser = await launchChromium();
  api = await SurgeApi.signIn(server.url, server.adminEmail, server.adminPassword);
  ({ context, page } = await openAppPage(browser));
  projects = new ProjectsPage(page, server.url);
  await page.goto(`${server.url}/projects`);
  await new LoginPage(page).signIn(server.adminEmail, server.adminPassword);
  await projects.waitUntilLoaded();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe('projects page', () => {
  it('shows the empty state before the first project', async () => {
    await page.getByTestId('projects-empty').waitFor();
    expect(await page.getByTestId('projects-empty').innerText()).toContain('No projects yet');
    await screenshot(page, 'projects-empty');
  });

  it('creates a project and refuses empty, too long and duplicate names without changing anything', async () => {
    await projects.createProject('Dam break', 'Water column collapsing in a tank, compared with Martin & Moyce.');
    expect(await projects.projectNames()).toEqual(['Dam break']);

    await projects.openNewProjectDialog();
    await projects.submit('project-form');
    expect(await (await projects.fieldError('project-form-name')).innerText()).toBe('Name is required');

    await projects.fillNameDescription('project-form', '   ');
    await projects.submit('project-form');
    expect(await (await projects.fieldError('project-form-name')).innerText()).toBe('Name is required');

    await projects.fillNameDescription('project-form', 'x'.repeat(101));
    await projects.submit('project-form');
    expect(await (await projects.fieldError('project-form-name')).innerText()).toBe('Name must be at most 100 characters');

    await projects.fillNameDescription('project-form', 'Valid name', 'd'.repeat(501));
    await projects.submit('project-form');
    expect(await (await projects.fieldError('project-form-description')).innerText()).toBe('Description must be at most 500 characters');
    await screenshot(page, 'dialog-project-too-long');

    // The server's answer for a name in use shows on the field.
    await projects.fillNameDescription('project-form', '  Dam break ', '');
    await projects.submit('project-form');
    const duplicate = await projects.fieldError('project-form-name');
    await duplicate.waitFor();
    expect(await duplicate.innerText()).toBe('Name is already used');
    await screenshot(page, 'dialog-project-duplicate');
    await page.keyboard.press('Escape');

    const stored = await api.projects();
    expect(stored.map((p) => p.name)).toEqual(['Dam break']);
  });

  it('edits a project and cuts long descriptions at 120 characters with Read more', async () => {
    const description = `${'A long description of the experiment setup. '.repeat(4)}End.`;
    await projects.editProject('Dam break', 'Dam break 2D', description);
    const [stored] = await api.projects();
    expect(stored.name).toBe('Dam break 2D');
    expect(stored.description).toBe(description);

    const text = projects.project('Dam break 2D').getByTestId('project-description');
    expect(await text.innerText()).toContain('Read more');
    expect((await text.innerText()).length).toBeLessThan(description.length);
    await projects.project('Dam break 2D').getByTestId('project-description-toggle').click();
    expect(await text.innerText()).toContain('End.');
    expect(await text.innerText()).toContain('Read less');
  });

  it('adds, renames, clones, moves and deletes simulations', async () => {
    await projects.createProject('Sloshing tank');
    await projects.createSimulation('Dam break 2D', 'Coarse 5 mm', 'first try');
    await projects.createSimulation('Dam break 2D', 'Fine 2 mm');
    expect(await page.getByTestId('no-simulations').count()).toBe(1);

    // Duplicate name inside the project: refused on the field, nothing added.
    await projects.project('Dam break 2D').getByTestId('project-new-simulation').click();
    await projects.fillNameDescription('simulation-form', 'Fine 2 mm');
    await projects.submit('simulation-form');
    const duplicate = await projects.fieldError('simulation-form-name');
    await duplicate.waitFor();
    expect(await duplicate.innerText()).toBe('Name is already used');
    await page.keyboard.press('Escape');

    await projects.renameSimulation('Coarse 5 mm', 'Coarse 4 mm');
    await projects.simulationAction('Coarse 4 mm', 'clone');
    await projects.simulationRow('Coarse 4 mm (copy)').waitFor();
    await screenshot(page, 'projects-list');

    await projects.moveSimulation('Fine 2 mm', 'Sloshing tank');
    await projects.project('Sloshing tank').locator('[data-simulation-name="Fine 2 mm"]').waitFor();

    const all = await api.projects();
    const dam = all.find((p) => p.name === 'Dam break 2D');
    const tank = all.find((p) => p.name === 'Sloshing tank');
    expect(dam?.simulations.map((s) => s.name).sort()).toEqual(['Coarse 4 mm', 'Coarse 4 mm (copy)']);
    expect(tank?.simulations.map((s) => s.name)).toEqual(['Fine 2 mm']);

    // Deleting needs the exact name: a wrong one is refused and deletes nothing.
    await projects.openDeleteSimulation('Coarse 4 mm (copy)');
    await projects.confirmByName('delete-simulation-modal', 'Coarse 4 mm');
    expect(await (await projects.fieldError('delete-simulation-modal-input')).innerText()).toBe('Enter the name to confirm');
    await screenshot(page, 'dialog-delete-simulation');
    expect((await api.project(dam!.id)).simulations).toHaveLength(2);
    await projects.confirmByName('delete-simulation-modal', 'Coarse 4 mm (copy)');
    await projects.simulationRow('Coarse 4 mm (copy)').waitFor({ state: 'detached' });
    expect((await api.project(dam!.id)).simulations.map((s) => s.name)).toEqual(['Coarse 4 mm']);
  });

  it('opens the setup on a row click and renames inline in the breadcrumbs', async () => {
    const menu = new MenuBar(page);
    await projects.simulationRow('Coarse 4 mm').click();
    await page.waitForURL(/\/simulation\/[^/]+\/preprocessor$/);
    await expect.poll(() => menu.breadcrumb('mode').innerText()).toBe('Setup');
    expect(await menu.breadcrumb('project').innerText()).toBe('Dam break 2D');
    const id = new URL(page.url()).pathname.split('/')[2];

    // Empty: refused with the spec's toast, nothing stored.
    await menu.renameSimulationInline('   ');
    await page.getByText('Simulation name cannot be empty.').waitFor();
    expect(await page.getByText('Failed updating the simulation name.').isVisible()).toBe(true);
    expect((await api.simulation(id)).name).toBe('Coarse 4 mm');

    await menu.renameSimulationInline('Coarse 4 mm, refined wall');
    await expect.poll(() => menu.breadcrumb('simulation').innerText()).toBe('Coarse 4 mm, refined wall');
    expect((await api.simulation(id)).name).toBe('Coarse 4 mm, refined wall');

    // Results are closed before the simulation was started.
    await page.goto(`${server.url}/simulation/${id}/postprocessor`);
    await page.getByTestId('mode-unavailable').waitFor();
    expect(await page.getByTestId('mode-unavailable').innerText()).toContain('Please start the simulation first.');
    await page.getByTestId('sidebar-tab-info').click();
    await page.getByTestId('sidebar-panel-info').waitFor();
    // The sidebar animates its width; wait until the transition has ended.
    await expect.poll(() => page.getByTestId('right-sidebar').evaluate((el) => el.getBoundingClientRect().width)).toBe(300);
    await screenshot(page, 'simulation-results-closed');
    await page.goto(`${server.url}/simulation/${id}/viewer`);
    await page.getByTestId('not-found-page').waitFor();
  });

  it('keeps search, view, sort and page size in the URL', async () => {
    await projects.goto();
    await projects.search('slosh');
    await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe('slosh');
    await expect.poll(() => projects.projectNames()).toEqual(['Sloshing tank']);
    // A simulation name matches too.
    await projects.search('refined wall');
    await expect.poll(() => projects.projectNames()).toEqual(['Dam break 2D']);
    await projects.search('nothing like this');
    await page.getByTestId('projects-no-match').waitFor();
    await screenshot(page, 'projects-no-match');
    await page.getByTestId('projects-clear-filters').click();
    await expect.poll(() => projects.projectNames()).toHaveLength(2);

    await projects.goto('pageLimit=15&orderBy=name&view=all');
    expect(await page.getByTestId('projects-page-size').inputValue()).toBe('15');
    expect(await projects.projectNames()).toEqual(['Dam break 2D', 'Sloshing tank']);
    expect(await page.getByTestId('project-owner').count()).toBe(2);
    // Out-of-range values fall back to the defaults.
    await projects.goto('pageLimit=12&orderBy=colour');
    expect(await page.getByTestId('projects-page-size').inputValue()).toBe('10');
  });

  it('deletes a project only after its exact name was typed', async () => {
    await projects.goto();
    await projects.openDeleteProject('Sloshing tank');
    await projects.confirmByName('delete-project-modal', 'sloshing tank');
    expect(await (await projects.fieldError('delete-project-modal-input')).innerText()).toBe('Enter the name to confirm');
    expect((await api.projects()).map((p) => p.name).sort()).toEqual(['Dam break 2D', 'Sloshing tank']);
    await projects.confirmByName('delete-project-modal', 'Sloshing tank');
    await projects.project('Sloshing tank').waitFor({ state: 'detached' });
    expect((await api.projects()).map((p) => p.name)).toEqual(['Dam break 2D']);
  });

  it('collapses the menu into a burger below 1024 px', async () => {
    await page.setViewportSize({ width: 900, height: 900 });
    await projects.goto();
    expect(await page.getByTestId('menu-settings').count()).toBe(0);
    await page.getByTestId('menu-burger').click();
    await page.getByTestId('drawer-logout').waitFor();
    await screenshot(page, 'narrow-menu');
    await page.keyboard.press('Escape');
    await screenshot(page, 'narrow-projects');
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});
