// Volume clips and sensors in the Results canvas, end to end against a real server and solver: a coarse
// dam break run to completion, a cube clip over the left of the tank and a disk sensor above the water.
// The clip cuts the fluid on the GPU: the particles the GPU keeps (data-kept, an atomic count on WebGPU,
// an additive splat on WebGL2) equal those of the output files inside the cube, and inverting it in its
// dialog keeps the complement. Clicking the sensor in the canvas selects it, in the list beside the canvas
// too; clicking its row selects it in the canvas; a click on empty space clears both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../support/chromium.ts';
import { startServer, type StartedServer } from '../../support/server.ts';
import { openAppPage, screenshot } from '../pages/appBrowser.ts';
import { LoginPage } from '../pages/LoginPage.ts';
import { createSimulation } from '../setup/setupFixtures.ts';
import { ResultsPage } from './ResultsPage.ts';
import { putDamBreak, runToCompletion } from './runFixtures.ts';
import { outputFileApiPath } from '../../../src/domain/runOutputs.ts';
import type { OutputMeta } from '../../../src/domain/output.ts';
import { createVolumeClip } from '../../../src/domain/volumeClip.ts';
import { createSurfaceSensor } from '../../../src/domain/sensor.ts';
import type { Image } from '../viewer/pixels.ts';

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

async function api(token: string, method: string, path: string, body?: unknown): Promise<Response> {
  const response = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status, `${method} ${path}`).toBe(200);
  return response;
}

/** The fluid's particle positions in output n (the full dataset, as quality All draws). */
async function fluidPositions(token: string, simulationId: string, outputNo: number): Promise<{ id: string; positions: Float32Array }> {
  const meta = (await (await api(token, 'GET', `/simulations/${simulationId}/outputs/${outputNo}/meta.json`)).json()) as OutputMeta;
  const fluid = meta.objects.find((o) => o.kind === 'fluid' || o.kind === 'material');
  const full = fluid?.datasets.find((d) => d.name === 'full');
  if (!fluid || !full) throw new Error(`output ${outputNo} has no fluid`);
  const response = await fetch(`${server.url}${outputFileApiPath(simulationId, outputNo, full.positions.file)}`, { headers: { authorization: `Bearer ${token}` } });
  return { id: fluid.id, positions: new Float32Array(await response.arrayBuffer()) };
}

/** Centre (CSS px of the canvas) of the pixels that differ between two pictures, and how many there are. */
function changedSpot(a: Image, b: Image, canvas: { width: number; height: number }): { x: number; y: number; pixels: number } | null {
  let sx = 0;
  let sy = 0;
  let n = 0;
  for (let y = 0; y < a.height; y++) {
    for (let x = 0; x < a.width; x++) {
      const i = (y * a.width + x) * 4;
      if (Math.abs(a.data[i] - b.data[i]) + Math.abs(a.data[i + 1] - b.data[i + 1]) + Math.abs(a.data[i + 2] - b.data[i + 2]) < 60) continue;
      sx += x;
      sy += y;
      n++;
    }
  }
  return n === 0 ? null : { x: (sx / n) * (canvas.width / a.width), y: (sy / n) * (canvas.height / a.height), pixels: n };
}

/** Results of a simulation with the renderer forced, signed in; generous timeouts for a loaded machine. */
async function openResults(simulationId: string, renderer: 'webgpu' | 'webgl2'): Promise<Page> {
  const { page } = await openAppPage(browser, { width: 1600, height: 950 });
  page.setDefaultTimeout(60_000);
  const path = `/simulation/${simulationId}/postprocessor`;
  await page.goto(`${server.url}${path}`);
  await new LoginPage(page).signIn(server.adminEmail, server.adminPassword);
  await page.waitForURL((url) => url.pathname === path, { timeout: 60_000 });
  await page.goto(`${server.url}${path}?renderer=${renderer}`);
  return page;
}

async function kept(page: Page): Promise<number> {
  const root = page.getByTestId('simulation-page-results');
  await expect.poll(() => root.getAttribute('data-kept'), { timeout: 60_000 }).toMatch(/^\d+$/);
  return Number(await root.getAttribute('data-kept'));
}

describe('Results volume clips and sensors', () => {
  it('cuts the fluid with a clip (and its complement inverted) and selects a sensor by a click in the canvas', async () => {
    const { simulationId, token } = await createSimulation(server, 'Results clips');
    await putDamBreak(server, token, simulationId);
    await runToCompletion(server, token, simulationId, 120_000);

    // A cube over x 0..0.2 m of the 0.8 m tank (the water column starts at x 0..0.16 and spreads), and a
    // disk sensor high above the water at the far end.
    const cube = { min: [0, -0.1, -0.1], max: [0.2, 0.3, 0.5] };
    const clip = createVolumeClip('Left end', {
      kind: 'cube', translation: [0.1, 0.1, 0.2], rotation: [0, 0, 0], scale: [1, 1, 1], flipNormals: false, dimensions: [0.2, 0.4, 0.6],
    });
    const sensor = createSurfaceSensor('Gauge', {
      kind: 'circle', translation: [0.6, 0.1, 0.32], rotation: [0, 0, 0], scale: [1, 1, 1], flipNormals: false, radius: 0.08, normal: [0, 0, 1], circleResolution: 64,
    });
    await api(token, 'PUT', `/simulations/${simulationId}/volume_clips`, { volumeClips: [clip] });
    await api(token, 'PUT', `/simulations/${simulationId}/sensors`, { sensors: [sensor] });

    for (const renderer of ['webgpu', 'webgl2'] as const) {
      const page = await openResults(simulationId, renderer);
      const pageErrors: string[] = [];
      page.on('pageerror', (e) => pageErrors.push(e.message));
      const results = new ResultsPage(page);
      await results.waitUntilShown();
      const total = await results.waitForParticles();
      await expect.poll(() => results.root.getAttribute('data-backend')).toBe(renderer);
      await expect.poll(() => results.root.getAttribute('data-volume-cuts'), { timeout: 20_000 }).toBe(clip.id);
      await expect.poll(() => results.outputLabel()).not.toBe('');
      const outputNo = Number(await results.outputLabel());
      const fluid = await fluidPositions(token, simulationId, outputNo);
      expect(total).toBe(fluid.positions.length / 3);
      let inside = 0;
      for (let i = 0; i < fluid.positions.length; i += 3) {
        if ([0, 1, 2].every((c) => fluid.positions[i + c] >= cube.min[c] && fluid.positions[i + c] <= cube.max[c])) inside++;
      }
      expect(inside).toBeGreaterThan(0);
      expect(inside).toBeLessThan(total);

      const cut = await kept(page);
      console.log(`[results clips, ${renderer}] output ${outputNo}: GPU keeps ${cut} of ${total} fluid particles inside the cube; the output files hold ${inside} there (error ${cut - inside})`);
      expect(cut).toBe(inside);
      await screenshot(page, `results-clip-${renderer}`);

      // Inverted in its dialog: the complement.
      await page.getByTestId(`measure-clip-${clip.id}-edit`).click();
      await page.getByTestId('clip-inverted').click();
      await page.getByTestId('measure-dialog-save').click();
      await page.getByTestId('measure-dialog').waitFor({ state: 'detached' });
      await expect.poll(() => kept(page), { timeout: 60_000 }).not.toBe(cut);
      const complement = await kept(page);
      console.log(`[results clips, ${renderer}] inverted: GPU keeps ${complement}; expected the complement ${total - inside} (error ${complement - (total - inside)})`);
      expect(complement).toBe(total - inside);
      await screenshot(page, `results-clip-inverted-${renderer}`);
      // Back as it was for the next renderer.
      await page.getByTestId(`measure-clip-${clip.id}-edit`).click();
      await page.getByTestId('clip-inverted').click();
      await page.getByTestId('measure-dialog-save').click();
      await page.getByTestId('measure-dialog').waitFor({ state: 'detached' });
      await expect.poll(() => kept(page), { timeout: 60_000 }).toBe(inside);

      if (renderer === 'webgpu') {
        // The sensor: where it is drawn (the canvas with it and without it), then hover names it and a
        // click selects it, in the canvas and in the list.
        const box = (await page.locator('[data-testid="simulation-page-results"] canvas').first().boundingBox())!;
        const visibility = page.getByTestId(`measure-sensor-${sensor.id}-visibility`);
        const shown = await results.canvasPixels();
        await visibility.click();
        await expect.poll(() => visibility.getAttribute('aria-label')).toBe('Show Gauge');
        const hidden = await results.canvasPixels();
        await visibility.click();
        await expect.poll(() => visibility.getAttribute('aria-label')).toBe('Hide Gauge');
        const spot = changedSpot(shown, hidden, box);
        expect(spot, 'the sensor is drawn').not.toBeNull();
        console.log(`[results clips] sensor drawn over ${spot!.pixels} pixels around (${spot!.x.toFixed(0)}, ${spot!.y.toFixed(0)})`);
        expect(spot!.pixels).toBeGreaterThan(200);
        await page.mouse.move(box.x + spot!.x, box.y + spot!.y);
        await expect.poll(() => results.root.getAttribute('data-hovered')).toBe(sensor.id);
        await page.mouse.click(box.x + spot!.x, box.y + spot!.y);
        await expect.poll(() => results.root.getAttribute('data-selection')).toBe(sensor.id);
        const row = page.getByTestId(`measure-sensor-${sensor.id}`);
        expect(await row.getAttribute('data-selected')).toBe('true');
        expect(await page.getByTestId('results-selection').textContent()).toContain('Gauge');
        await screenshot(page, 'results-sensor-selected');
        // Ctrl-click on the clip's row adds it; a click on empty canvas clears both.
        await page.getByTestId(`measure-clip-${clip.id}-select`).click({ modifiers: ['Control'] });
        await expect.poll(() => results.root.getAttribute('data-selection')).toBe(`${sensor.id} ${clip.id}`);
        expect(await page.getByTestId(`measure-clip-${clip.id}`).getAttribute('data-selected')).toBe('true');
        await page.mouse.click(box.x + 8, box.y + 8);
        await expect.poll(() => results.root.getAttribute('data-selection')).toBe('');
        expect(await row.getAttribute('data-selected')).toBe('false');
        // A row click selects in the canvas too.
        await page.getByTestId(`measure-sensor-${sensor.id}-select`).click();
        await expect.poll(() => results.root.getAttribute('data-selection')).toBe(sensor.id);
      }
      expect(pageErrors).toEqual([]);
      await page.context().close();
    }
  }, 420_000);
});
