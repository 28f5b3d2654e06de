// Results end to end in headless Chromium against a real server and solver: a coarse dam break run to
// completion, then the canvas actions: the tank's wall particles hidden at first and shown from the Solid
// view mode dialog (drawn as circles), the fluid's own view mode in the Fluid view mode dialog, and the
// colormap's min/max keeping 6 significant digits inside the 272 px panel, Save Image (its failure toast,
// then the stored PNG as the post image that the Monitor's image tile shows). And the run controls
// staying live after a screen that watched the same simulation on the realtime channel has closed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../support/chromium.ts';
import { startServer, type StartedServer } from '../../support/server.ts';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { SCREENSHOT_DIR, screenshot } from '../pages/appBrowser.ts';
import { createSimulation, openSignedIn } from '../setup/setupFixtures.ts';
import { ResultsPage, changedShare, nonBackgroundShare } from './ResultsPage.ts';
import { decodePng } from '../viewer/pixels.ts';
import { MonitorPage } from './MonitorPage.ts';
import { putDamBreak, runToCompletion, startRun, stopRun } from './runFixtures.ts';

let server: StartedServer;
let browser: Browser;

async function api(token: string, path: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${server.url}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('Results', () => {
  it('shows and hides output objects, and fits the colormap range in its panel', async () => {
    const { simulationId, token } = await createSimulation(server, 'Results actions');
    await putDamBreak(server, token, simulationId);
    await runToCompletion(server, token, simulationId);
    const page = await openSignedIn(browser, server, `/simulation/${simulationId}/postprocessor`);
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    const results = new ResultsPage(page);
    await results.waitUntilShown();
    const fluidParticles = await results.waitForParticles();
    await expect.poll(() => page.getByTestId('colormap-attribute').inputValue()).toBe('velocity');

    // Walls are hidden at first: the Solid view mode dialog lists them unchecked.
    await page.getByTestId('action-solid-view').click();
    const dialog = page.getByTestId('solid-view-mode-controls');
    const wall = dialog.locator('[data-testid^="object-row-"]').first();
    await wall.waitFor();
    expect(await wall.getAttribute('data-visible')).toBe('false');
    const before = await results.canvasPixels();
    await wall.locator('[data-testid^="object-visible-"]').check({ force: true });
    await expect.poll(async () => Number(await results.root.getAttribute('data-particles')), { timeout: 20_000 }).toBeGreaterThan(fluidParticles);
    expect(await wall.getAttribute('data-visible')).toBe('true');
    const withWalls = await results.canvasPixels();
    expect(changedShare(before, withWalls)).toBeGreaterThan(0.01);
    await wall.locator('[data-testid^="object-mode-"]').getByText('Circles').click();
    await expect.poll(() => wall.getAttribute('data-mode')).toBe('particles_outlined_circles');
    expect(changedShare(withWalls, await results.canvasPixels())).toBeGreaterThan(0.002);
    // The whole tank in view, its front wall clipped away to look at the fluid inside.
    await page.getByTestId('action-solid-view').click();
    await page.getByTestId('action-camera').click();
    await page.getByTestId('camera-fit').click();
    await page.getByTestId('action-camera').click();
    await page.getByTestId('action-clip').click();
    await page.getByTestId('clip-enabled').click({ force: true });
    await page.getByTestId('clip-axis').getByText('y').click();
    await page.getByTestId('clip-flipped').check({ force: true });
    await page.getByTestId('clip-offset').fill('0');
    await page.getByTestId('action-clip').click();
    await page.waitForTimeout(800);
    await screenshot(page, 'results-walls-shown');
    // The walls' loads colour them: the wall attributes are offered, and Normal Stress recolours the
    // walls (the fluid has no normal stress), then velocity again.
    const options = await results.attributeOptions();
    expect(options).toEqual(expect.arrayContaining(['Normal Stress [Pa]', 'Wetting']));
    const byVelocity = await results.canvasPixels();
    await results.selectAttribute('normal_stress');
    await expect.poll(async () => changedShare(byVelocity, await results.canvasPixels()), { timeout: 20_000 }).toBeGreaterThan(0.005);
    await screenshot(page, 'results-walls-normal-stress');
    await results.selectAttribute('velocity');

    // Save Image: a failed upload says so and leaves the post image alone ...
    await page.route('**/api/client-upload/images', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"title":"unknown_error","description":"busy","status":503}' }));
    await page.getByTestId('action-save-image').click();
    const failed = page.getByTestId('toast-error').filter({ hasText: 'Saving image failed' });
    await failed.getByText('Try again in a few moments.').waitFor();
    expect((await api(token, `/simulations/${simulationId}`)).postImageId).toBeNull();
    await page.unroute('**/api/client-upload/images');
    // ... a successful one stores the canvas as a PNG and makes it the simulation's post image.
    await page.getByTestId('action-save-image').click();
    const saved = page.getByTestId('toast-success').filter({ hasText: 'Image saved!' });
    await saved.getByText('You can see it on the monitoring page').waitFor();
    const postImageId = (await api(token, `/simulations/${simulationId}`)).postImageId as string;
    expect(postImageId).toMatch(/^[0-9a-f-]{36}$/);
    const stored = await fetch(`${server.url}/api/images/${postImageId}`, { headers: { authorization: `Bearer ${token}` } });
    expect(stored.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await stored.arrayBuffer());
    writeFileSync(resolve(SCREENSHOT_DIR, 'results-saved-image.png'), png);
    const picture = decodePng(png);
    expect(picture.width).toBeGreaterThan(400);
    expect(nonBackgroundShare(picture)).toBeGreaterThan(0.05);
    await page.getByTestId('action-clip').click();
    await page.getByTestId('clip-reset').click();
    await page.getByTestId('clip-enabled').click({ force: true });
    await page.getByTestId('action-clip').click();
    await page.getByTestId('action-solid-view').click();

    // Hidden again, the particle count is the fluid's.
    await wall.locator('[data-testid^="object-visible-"]').uncheck({ force: true });
    await expect.poll(async () => Number(await results.root.getAttribute('data-particles'))).toBe(fluidParticles);
    await page.getByTestId('action-solid-view').click();

    // The fluid's own view mode in the Fluid view mode dialog.
    await page.getByTestId('action-view-mode').click();
    const fluid = page.getByTestId('fluid-objects').locator('[data-testid^="object-row-"]').first();
    await fluid.locator('[data-testid^="object-mode-"]').getByText('Circles').click();
    await expect.poll(() => fluid.getAttribute('data-mode')).toBe('particles_outlined_circles');
    await page.getByTestId('action-view-mode').click();

    // Six significant digits with sign and exponent stay inside the inputs and the 272 px panel.
    for (const [testId, value] of [['colormap-min', '-1.23457e-10'], ['colormap-max', '-1.23456e-10']] as const) {
      await page.getByTestId(testId).fill(value);
      await page.getByTestId(testId).press('Enter');
    }
    await expect.poll(() => page.getByTestId('colormap-min').inputValue()).toBe('-1.23457e-10');
    expect(await page.getByTestId('colormap-max').inputValue()).toBe('-1.23456e-10');
    const fits = await page.evaluate(() => {
      const panel = document.querySelector('[data-testid="colormap-panel"]') as HTMLElement;
      const inputs = ['colormap-min', 'colormap-max'].map((id) => document.querySelector(`[data-testid="${id}"]`) as HTMLInputElement);
      return {
        panel: panel.getBoundingClientRect().width,
        panelOverflow: panel.scrollWidth - panel.clientWidth,
        inputOverflow: inputs.map((i) => i.scrollWidth - i.clientWidth),
      };
    });
    expect(fits.panel).toBeLessThanOrEqual(272);
    expect(fits.panelOverflow).toBeLessThanOrEqual(0);
    expect(fits.inputOverflow).toEqual([0, 0]);
    await screenshot(page, 'results-colormap-range');

    // The Monitor's image tile shows the saved picture, read with the token.
    await page.getByTestId('mode-monitor').click();
    const tile = page.getByTestId('image-tile-picture');
    await tile.waitFor({ timeout: 20_000 });
    await expect.poll(() => tile.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(400);
    expect(await tile.getAttribute('src')).toMatch(/^blob:/);
    await tile.scrollIntoViewIfNeeded();
    for (const kind of ['toast-success', 'toast-error']) await page.getByTestId(kind).first().waitFor({ state: 'detached', timeout: 15_000 });
    await screenshot(page, 'monitor-image-tile');
    expect(pageErrors).toEqual([]);
    await page.context().close();
  });

  it('keeps the run controls live after the Monitor, which watched the same simulation, is left', async () => {
    const { simulationId, token } = await createSimulation(server, 'Live controls');
    await putDamBreak(server, token, simulationId, 20);
    const page = await openSignedIn(browser, server, `/simulation/${simulationId}/dashboard`);
    const monitor = new MonitorPage(page);
    await monitor.waitUntilShown();
    await expect.poll(() => monitor.liveStatus(), { timeout: 15_000 }).toBe('connected');
    const runButton = page.getByTestId('right-sidebar').getByTestId('run-button');
    expect(await runButton.getAttribute('data-action')).toBe('run');
    // Leaving the Monitor ends its watch; the run controls still watch the simulation.
    await page.getByTestId('mode-setup').click();
    await page.getByTestId('simulation-page-monitor').waitFor({ state: 'detached' });
    await page.waitForTimeout(500);
    // A run started elsewhere (here over the API) reaches the run controls over the channel: while the
    // simulation is idle nothing polls it.
    await startRun(server, token, simulationId);
    await expect.poll(() => runButton.getAttribute('data-action'), { timeout: 10_000, interval: 200 }).toBe('stop');
    await stopRun(server, token, simulationId);
    await page.context().close();
  });
});
