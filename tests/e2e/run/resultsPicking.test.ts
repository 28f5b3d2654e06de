// Results end to end against a real server and solver: a coarse dam break run to completion with a
// warning condition at 0.08 s simulated time. In Results the fluid is hovered (named at the pointer),
// clicked (selected, brightened, named above the canvas, and the statistics panel analyses it), double
// clicked (the camera's orbit target moves to the centre of the fluid's particles, read from the output
// files), and shown with velocity arrows (on SwiftShader), which follow the output shown. The right
// sidebar's Alerts panel lists the warning with its time and text, also after a reload, and the History
// panel the run and the setup edit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../support/chromium.ts';
import { startServer, type StartedServer } from '../../support/server.ts';
import { screenshot } from '../pages/appBrowser.ts';
import { createSimulation, openSignedIn } from '../setup/setupFixtures.ts';
import { ResultsPage, changedShare, foregroundNearCentre } from './ResultsPage.ts';
import { StatisticsPanel } from './StatisticsPanel.ts';
import { putDamBreak, runToCompletion } from './runFixtures.ts';
import { outputFileApiPath } from '../../../src/domain/runOutputs.ts';
import type { OutputMeta } from '../../../src/domain/output.ts';

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

async function bytes(token: string, path: string): Promise<ArrayBuffer> {
  const response = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return response.arrayBuffer();
}

/** The fluid object of output n and the centre of its particles' bounds (the full dataset, as quality All draws). */
async function fluidOf(token: string, simulationId: string, outputNo: number): Promise<{ id: string; name: string; count: number; centre: number[] }> {
  const meta = JSON.parse(new TextDecoder().decode(await bytes(token, `/api/simulations/${simulationId}/outputs/${outputNo}/meta.json`))) as OutputMeta;
  const fluid = meta.objects.find((o) => o.kind === 'fluid' || o.kind === 'material');
  const full = fluid?.datasets.find((d) => d.name === 'full');
  if (!fluid || !full) throw new Error(`output ${outputNo} has no fluid`);
  const positions = new Float32Array(await bytes(token, outputFileApiPath(simulationId, outputNo, full.positions.file)));
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < positions.length; i += 3) {
    for (let c = 0; c < 3; c++) {
      min[c] = Math.min(min[c], positions[i + c]);
      max[c] = Math.max(max[c], positions[i + c]);
    }
  }
  return { id: fluid.id, name: fluid.name, count: full.count, centre: min.map((v, c) => (v + max[c]) / 2) };
}

describe('Results picking, arrows, alerts and history', () => {
  it('picks the fluid, fits the camera to it, draws its velocity arrows, and lists the warning and the run', async () => {
    const { simulationId, token } = await createSimulation(server, 'Results picking');
    await putDamBreak(server, token, simulationId);
    await runToCompletion(server, token, simulationId, 120_000, [
      { id: 'warn-at-008', valueType: 'time', action: 'warning', operator: 'gte', threshold: 0.08, triggered: false },
    ]);
    const page = await openSignedIn(browser, server, `/simulation/${simulationId}/postprocessor`);
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    const results = new ResultsPage(page);
    await results.waitUntilShown();
    const particles = await results.waitForParticles();
    await expect.poll(() => results.outputLabel()).not.toBe('');
    const outputNo = Number(await results.outputLabel());
    const fluid = await fluidOf(token, simulationId, outputNo);
    expect(particles).toBe(fluid.count);

    // Hover names the fluid at the pointer; a click selects it after the double-click window.
    const canvas = (await page.locator('[data-testid="simulation-page-results"] canvas').first().boundingBox())!;
    const plain = await results.canvasPixels();
    const spot = foregroundNearCentre(plain);
    expect(spot).not.toBeNull();
    const at = { x: canvas.x + (spot!.x * canvas.width) / plain.width, y: canvas.y + (spot!.y * canvas.height) / plain.height };
    await page.mouse.move(at.x, at.y);
    await expect.poll(() => results.root.getAttribute('data-hovered')).toBe(fluid.id);
    expect(await page.getByTestId('results-hover-label').textContent()).toBe(fluid.name);
    await page.mouse.click(at.x, at.y);
    expect(await results.root.getAttribute('data-selection')).toBe('');
    await expect.poll(() => results.root.getAttribute('data-selection')).toBe(fluid.id);
    expect(await page.getByTestId('results-selection').textContent()).toContain(fluid.name);
    await page.mouse.move(canvas.x + 5, canvas.y + canvas.height / 2);
    await expect.poll(() => results.root.getAttribute('data-hovered')).toBe('');
    const selected = await results.canvasPixels();
    const highlighted = changedShare(plain, selected, 24);
    console.log(`[results] share of canvas pixels changed by selecting the fluid: ${highlighted.toFixed(4)}`);
    expect(highlighted).toBeGreaterThan(0.002);
    await screenshot(page, 'results-selection');

    // The statistics panel analyses the objects selected in the canvas.
    const statistics = new StatisticsPanel(page);
    await statistics.open();
    await page.getByTestId('statistics-viewer-selection').waitFor();
    expect(await page.getByTestId(`statistics-object-${fluid.id}`).isChecked()).toBe(true);
    await statistics.setMode('minimized');

    // A double click fits the camera to the fluid: its particles' centre becomes the orbit target. The
    // view is panned away from it first (right-drag), as a user looking elsewhere would have it.
    await page.mouse.move(canvas.x + canvas.width / 2, canvas.y + canvas.height / 2);
    await page.mouse.down({ button: 'right' });
    await page.mouse.move(canvas.x + canvas.width / 2 + 120, canvas.y + canvas.height / 2 + 60, { steps: 8 });
    await page.mouse.up({ button: 'right' });
    const before = (await results.root.getAttribute('data-camera-target'))!.split(' ').map(Number);
    const dx = before.map((v, c) => Math.abs(v - fluid.centre[c]));
    console.log(`[results] orbit target before ${before.join(', ')}, fluid centre ${fluid.centre.map((v) => v.toFixed(4)).join(', ')}`);
    expect(Math.max(...dx)).toBeGreaterThan(0.005);
    const panned = await results.canvasPixels();
    const fluidSpot = foregroundNearCentre(panned);
    expect(fluidSpot).not.toBeNull();
    await page.mouse.dblclick(canvas.x + (fluidSpot!.x * canvas.width) / panned.width, canvas.y + (fluidSpot!.y * canvas.height) / panned.height);
    await expect
      .poll(async () => {
        const target = (await results.root.getAttribute('data-camera-target'))!.split(' ').map(Number);
        return Math.max(...target.map((v, c) => Math.abs(v - fluid.centre[c])));
      }, { timeout: 5000 })
      .toBeLessThan(0.002);
    console.log(`[results] orbit target after the double click ${await results.root.getAttribute('data-camera-target')} (within 0.002 m of the fluid centre)`);
    // The double click selected nothing new.
    expect(await results.root.getAttribute('data-selection')).toBe(fluid.id);

    // Velocity arrows over the fluid: one per particle (fewer than 5000), drawn on the canvas.
    const noArrows = await results.canvasPixels();
    await page.getByTestId('action-arrows').click();
    await page.getByTestId('arrows-attribute').selectOption('velocity');
    const count = page.getByTestId('arrows-count');
    await expect.poll(() => count.getAttribute('data-count')).toBe(String(Math.min(5000, fluid.count)));
    await page.getByTestId('arrows-scale').fill('4');
    await page.getByTestId('arrows-scale').blur();
    await page.getByTestId('action-arrows').click();
    const withArrows = await results.canvasPixels();
    const drawn = changedShare(noArrows, withArrows);
    console.log(`[results] share of canvas pixels changed by ${fluid.count} velocity arrows at scale 4: ${drawn.toFixed(4)}`);
    expect(drawn).toBeGreaterThan(0.002);
    await screenshot(page, 'results-arrows');
    // They follow the output shown: an earlier output moves them with its particles.
    const slider = page.getByTestId('playback-output').getByRole('slider');
    await slider.press('ArrowLeft');
    await expect.poll(() => results.outputLabel()).toBe(String(outputNo - 1));
    const earlier = await fluidOf(token, simulationId, outputNo - 1);
    await expect.poll(() => results.root.getAttribute('data-arrows')).toBe(String(Math.min(5000, earlier.count)));
    expect(changedShare(withArrows, await results.canvasPixels())).toBeGreaterThan(0.001);

    // Alerts: the warning condition with its time and text, kept on the server.
    await page.getByTestId('sidebar-tab-alerts').click();
    const alert = page.getByTestId('alert-item').first();
    await alert.waitFor();
    expect(await alert.getAttribute('data-level')).toBe('warning');
    expect(await alert.getByTestId('alert-title').textContent()).toBe('Condition reached');
    expect(await alert.getByTestId('alert-message').textContent()).toBe('Condition reached: time 0.08');
    expect(await alert.getByTestId('alert-time').textContent()).toMatch(/^\d\d\.\d\d\.\d{4}, \d\d:\d\d$/);
    await screenshot(page, 'results-alerts');
    await page.reload();
    await results.waitUntilShown();
    if ((await page.getByTestId('right-sidebar').getAttribute('data-open-panel')) !== 'alerts') await page.getByTestId('sidebar-tab-alerts').click();
    await page.getByTestId('alert-item').first().waitFor();
    expect(await page.getByTestId('alert-message').first().textContent()).toBe('Condition reached: time 0.08');

    // History: the run and the setup edit, newest first.
    await page.getByTestId('sidebar-tab-history').click();
    const items = page.getByTestId('history-item');
    await items.first().waitFor();
    expect(await items.first().getAttribute('data-kind')).toBe('run');
    expect(await items.first().getByTestId('history-title').textContent()).toBe('Run 1 started');
    expect(await items.first().getByTestId('history-outcome').textContent()).toMatch(/^Completed · \d\d\.\d\d\.\d{4}, \d\d:\d\d$/);
    const edit = items.nth(1);
    expect(await edit.getAttribute('data-kind')).toBe('setup');
    const changes = await edit.getByTestId('history-change').allTextContents();
    expect(changes).toEqual(expect.arrayContaining(["Part 'Tank' added", "Part 'Water column' added"]));
    await screenshot(page, 'results-history');
    expect(pageErrors).toEqual([]);
    await page.context().close();
  });
});
