// Preview on the user's own GPU, end to end in headless Chromium (WebGPU on SwiftShader): a small dam break
// seeded over the API runs in the page's preview worker, its fluid particles are drawn in the Setup
// viewport and fall as the column collapses; Stop and Close end it and clear the particles; a browser
// without WebGPU, and a setup the engine refuses, get a clear message instead.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../support/chromium.ts';
import { startServer, type StartedServer } from '../../support/server.ts';
import { contentSecurityViolations, screenshot } from '../pages/appBrowser.ts';
import { putDamBreak } from '../run/runFixtures.ts';
import { PreviewPanel } from './PreviewPanel.ts';
import { SetupPage } from './SetupPage.ts';
import { createSimulation, getSetupDocument, openSignedIn } from './setupFixtures.ts';

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

describe('Setup preview', () => {
  it('runs the dam break on the GPU in the page and draws the column collapsing', async () => {
    const { simulationId, token } = await createSimulation(server, 'Preview');
    // 4 cm particles: about 2,000 wall and 120 fluid particles, small enough for SwiftShader.
    await putDamBreak(server, token, simulationId, 0.3);
    const page = await openSignedIn(browser, server, `/simulation/${simulationId}/preprocessor`);
    const setup = new SetupPage(page);
    await setup.waitUntilShown();
    // The tank, the column and the deletion boundary's frame.
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="setup-viewport"]')?.getAttribute('data-mesh-count')) >= 2, undefined, { timeout: 60_000 });
    const preview = new PreviewPanel(page);
    await preview.start();

    const first = await preview.waitForStats((s) => s.frames >= 1 && s.meanHeightM !== null);
    expect(first.fluid).toBeGreaterThan(50);
    expect(first.particles).toBeGreaterThan(first.fluid);
    expect(first.particles).toBeLessThan(10_000);
    expect(await preview.drawnParticles()).toBe(first.fluid);
    const later = await preview.waitForStats((s) => s.timeS >= 0.15 && s.frames >= 4);
    console.log(`preview: ${later.particles} particles, mean fluid height ${first.meanHeightM} m -> ${later.meanHeightM} m at t = ${later.timeS} s`);
    expect(later.meanHeightM).not.toBeNull();
    expect(later.meanHeightM!).toBeLessThan(first.meanHeightM! - 0.005);
    await screenshot(page, 'setup-preview-running');

    const status = await preview.waitForStatus(['running', 'finished']);
    if (status === 'running') {
      await preview.stop();
      await preview.waitForStatus(['stopped', 'finished']);
    }
    expect(await preview.drawnParticles()).toBe(first.fluid);
    await preview.close();
    await page.locator('[data-testid="setup-viewport"][data-particle-count="0"]').waitFor();
    // The solver's worker, WebGPU, the geometry WebAssembly and the viewer ran under the server's policy.
    expect(contentSecurityViolations(page)).toEqual([]);
    await page.close();
  }, 300_000);

  it('says so where the browser offers no WebGPU', async () => {
    const { simulationId, token } = await createSimulation(server, 'Preview without WebGPU');
    await putDamBreak(server, token, simulationId, 0.3);
    const page = await openSignedIn(browser, server, `/simulation/${simulationId}/preprocessor`);
    await page.context().addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'gpu', { get: () => undefined, configurable: true });
    });
    await page.reload();
    await new SetupPage(page).waitUntilShown();
    const preview = new PreviewPanel(page);
    await preview.start();
    await preview.waitForStatus(['failed']);
    expect(await preview.message()).toBe('Preview needs WebGPU, which this browser does not offer.');
    await preview.close();
    await page.close();
  });

  it('names the settings the engine refuses instead of running', async () => {
    const { simulationId, token } = await createSimulation(server, 'Preview with air drag');
    await putDamBreak(server, token, simulationId, 0.3);
    const setup = (await getSetupDocument(server, token, simulationId)) as { settings: Record<string, unknown> };
    const response = await fetch(`${server.url}/api/simulations/${simulationId}/setup`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...setup, settings: { ...setup.settings, airDrag: true } }),
    });
    expect(response.status).toBe(200);
    const page = await openSignedIn(browser, server, `/simulation/${simulationId}/preprocessor`);
    await new SetupPage(page).waitUntilShown();
    const preview = new PreviewPanel(page);
    await preview.start();
    await preview.waitForStatus(['failed']);
    expect(await preview.message()).toMatch(/cannot preview this setup\. settings\.airDrag: air drag is not implemented/);
    expect(await preview.drawnParticles()).toBe(0);
    await screenshot(page, 'setup-preview-refused');
    await page.close();
  });
});
