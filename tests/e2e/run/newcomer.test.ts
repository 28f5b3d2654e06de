// The newcomer's first simulation end to end, in headless Chromium against a real server and solver:
// sign in, create a project and a simulation, build a small dam break in Setup, open the Monitor and start
// the run there through the start flow, watch the Monitor fill live (progress advances, the particles graph
// gets points), then play the particles back in Results coloured by velocity magnitude and check the
// picture with its pixels.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../support/chromium.ts';
import { startServer, type StartedServer } from '../../support/server.ts';
import { openAppPage, screenshot } from '../pages/appBrowser.ts';
import { LoginPage } from '../pages/LoginPage.ts';
import { ProjectsPage } from '../pages/ProjectsPage.ts';
import { SetupPage } from '../setup/SetupPage.ts';
import { MonitorPage } from './MonitorPage.ts';
import { ResultsPage, changedShare, nonBackgroundShare } from './ResultsPage.ts';

let server: StartedServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Small enough for two shared CPU cores: about 320 fluid particles in a tank of wall particles, 1 s simulated in 10 outputs. */
const CASE = {
  tank: { dimensions: [0.4, 0.1, 0.2], offset: [0.2, 0.05, 0.1] },
  water: { dimensions: [0.16, 0.1, 0.16], offset: [0.08, 0.05, 0.08] },
  particleDiameter: 0.02,
  endTime: 1,
  outputTimeInterval: 0.1,
} as const;

async function buildDamBreak(page: Page): Promise<void> {
  const setup = new SetupPage(page);
  await setup.waitUntilShown();
  await setup.addSolidCube({ name: 'Tank', dimensions: [...CASE.tank.dimensions], offset: [...CASE.tank.offset], container: true });
  await setup.addFluidCube({ name: 'Water', dimensions: [...CASE.water.dimensions], offset: [...CASE.water.offset] });
  await setup.openTreeItem('tree-settings');
  await setup.fill('settings-particleDiameter', CASE.particleDiameter);
  await setup.fill('settings-endTime', CASE.endTime);
  await setup.fill('settings-outputTimeInterval', CASE.outputTimeInterval);
  await setup.waitSaved();
}

async function startRun(page: Page): Promise<void> {
  await page.getByTestId('run-button').click();
  await page.getByTestId('start-flow').waitFor();
  await page.getByTestId('start-next').click();
  await page.getByTestId('start-submit').click();
  await page.getByTestId('start-flow').waitFor({ state: 'detached', timeout: 30_000 });
}

describe('newcomer flow', () => {
  it('builds a dam break, runs it, watches it live and plays the particles back', async () => {
    const started = Date.now();
    const phase = (name: string) => console.log(`${name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const { page } = await openAppPage(browser, { width: 1600, height: 950 });
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));

    // Sign in and create a project with one simulation.
    await page.goto(`${server.url}/projects`);
    await new LoginPage(page).signIn(server.adminEmail, server.adminPassword);
    const projects = new ProjectsPage(page, server.url);
    await projects.waitUntilLoaded();
    await projects.createProject('First steps');
    await projects.createSimulation('First steps', 'Dam break');
    await projects.simulationRow('Dam break').click();
    await page.waitForURL(/\/preprocessor$/);
    const simulationId = new URL(page.url()).pathname.split('/')[2];

    phase('signed in, simulation created');
    await buildDamBreak(page);
    phase('dam break built');

    // Monitor first, then Run from its sidebar: the whole run arrives live, however fast the solver is.
    await page.getByTestId('mode-monitor').click();
    const monitor = new MonitorPage(page);
    await monitor.waitUntilShown();
    expect(await page.locator('[data-testid^="tile-"][data-tile-id]').count()).toBe(10);
    await expect.poll(() => monitor.liveStatus(), { timeout: 15_000 }).toBe('connected');
    expect(await monitor.graphPoints('Particles')).toBe(0);
    expect(await monitor.logRows()).toBe(0);
    await startRun(page);
    phase('run started');
    await expect.poll(() => monitor.graphPoints('Particles'), { timeout: 90_000, interval: 250 }).toBeGreaterThan(0);
    await expect.poll(() => monitor.progress(), { timeout: 90_000, interval: 250 }).toBeGreaterThan(0);
    const firstProgress = await monitor.progress();
    await expect.poll(() => monitor.progress(), { timeout: 90_000, interval: 250 }).toBeGreaterThan(firstProgress);
    // The page read the log once, when it opened (empty): every row since came over the channel.
    await expect.poll(() => monitor.logRows(), { timeout: 60_000, interval: 250 }).toBeGreaterThan(2);
    await screenshot(page, 'monitor-running');
    phase('monitor filled live');

    // Results: wait for a few outputs, then play them back coloured by velocity magnitude.
    await expect.poll(() => monitor.lastOutput(), { timeout: 90_000, interval: 500 }).toBeGreaterThanOrEqual(3);
    await page.getByTestId('mode-results').click();
    const results = new ResultsPage(page);
    await results.waitUntilShown();
    // The fluid is drawn; the tank's wall particles are left out so that they do not hide it.
    expect(await results.waitForParticles()).toBeGreaterThan(200);
    expect(await results.waitForParticles()).toBeLessThan(1000);
    // The chip counts the outputs ready to draw against the 11 the run writes.
    await expect
      .poll(async () => (await results.chipText()) === `${await results.root.getAttribute('data-outputs')}/11 outputs loaded`)
      .toBe(true);
    await expect.poll(() => page.getByTestId('colormap-attribute').inputValue()).toBe('velocity');
    // Outputs written while Results is open arrive over the channel and are followed: the run ends with all
    // 11 loaded. The pictures compared below are taken after that, so that no new output moves the fluid
    // between two of them.
    await expect.poll(() => results.chipText(), { timeout: 60_000, interval: 500 }).toBe('11/11 outputs loaded');
    await expect.poll(() => results.outputLabel(), { timeout: 15_000 }).toBe('10');
    expect(await page.getByTestId('colormap-suboption').inputValue()).toBe('magnitude');
    expect(await results.attributeOptions()).toEqual(expect.arrayContaining(['None', 'Velocity [m/s]', 'Pressure [Pa]']));

    phase('results shown');
    const byVelocity = await results.canvasPixels();
    expect(nonBackgroundShare(byVelocity)).toBeGreaterThan(0.01);
    await screenshot(page, 'results-velocity');
    await results.selectAttribute('pressure');
    await page.waitForFunction(() => !document.querySelector('[data-testid="colormap-suboption"]'));
    const byPressure = await results.canvasPixels();
    expect(changedShare(byVelocity, byPressure)).toBeGreaterThan(0.002);
    await results.selectAttribute('velocity');

    // Canvas actions: the clipping plane cuts the cloud, outlined circles and the orthographic camera redraw it.
    const beforeClip = await results.canvasPixels();
    await page.getByTestId('action-clip').click();
    await page.getByTestId('clip-enabled').click({ force: true });
    await page.getByTestId('clip-offset').fill('0.15');
    // The plane's helper and gizmo would cover part of the picture: only the particles are compared.
    await page.getByTestId('clip-dialog').getByLabel('Gizmo').uncheck({ force: true });
    const clipped = await results.canvasPixels();
    const share = nonBackgroundShare(clipped);
    expect(share).toBeLessThan(nonBackgroundShare(beforeClip) * 0.95);
    expect(share).toBeGreaterThan(0.002);
    await page.getByTestId('clip-reset').click();
    await page.getByTestId('clip-enabled').click({ force: true });
    await page.getByTestId('action-clip').click();
    await page.getByTestId('action-view-mode').click();
    await page.getByTestId('view-mode').getByText('Circles').click();
    expect(changedShare(beforeClip, await results.canvasPixels())).toBeGreaterThan(0.002);
    await page.getByTestId('view-mode').getByText('Spheres').click();
    await page.getByTestId('action-camera').click();
    await page.getByTestId('camera-projection').getByText('Orthographic').click();
    await expect.poll(() => page.getByTestId('action-camera').textContent()).toBe('Orthographic');

    // Playback: Space plays (outside inputs), the shown output moves on, Space pauses.
    await page.getByTestId('output-chip').click();
    const before = await results.outputLabel();
    await page.keyboard.press('Space');
    await expect.poll(() => results.outputLabel(), { timeout: 15_000, interval: 200 }).not.toBe(before);
    await page.keyboard.press('Space');
    expect(await page.getByTestId('playback-toggle').getAttribute('aria-label')).toBe('Play');

    expect(pageErrors).toEqual([]);
    expect(simulationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.now() - started).toBeLessThan(170_000);
    await page.context().close();
  });
});
