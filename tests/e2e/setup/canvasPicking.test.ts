// Picking in the Setup canvas end to end (spec 2 §2 '3D canvas'): a double click on the water column fits
// the camera to it without changing what is selected; a click selects it (its form opens after the
// double-click window); Ctrl-click adds the tank (whose form opens, both stay selected) and removes it
// again; a click on empty space clears the selection and closes the form.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../support/chromium.ts';
import { startServer, type StartedServer } from '../../support/server.ts';
import { screenshot } from '../pages/appBrowser.ts';
import { putDamBreak } from '../run/runFixtures.ts';
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

describe('Setup canvas picking', () => {
  it('fits the camera on a double click, selects on a click, adds and removes with Ctrl, clears on empty space', async () => {
    const { simulationId, token } = await createSimulation(server, 'Canvas picking');
    await putDamBreak(server, token, simulationId);
    const parts = ((await getSetupDocument(server, token, simulationId)) as { parts: { id: string; name: string }[] }).parts;
    const tankId = parts.find((p) => p.name === 'Tank')!.id;
    const waterId = parts.find((p) => p.name === 'Water column')!.id;
    const page = await openSignedIn(browser, server, `/simulation/${simulationId}/preprocessor`);
    const setup = new SetupPage(page);
    await setup.waitUntilShown();
    await expect.poll(() => setup.meshCount(), { timeout: 30_000 }).toBe(3);
    const viewport = page.getByTestId('setup-viewport');
    const selection = async () => ((await viewport.getAttribute('data-selection')) ?? '').split(' ').filter(Boolean).sort();
    // The viewport narrows while a form is open beside it: its box is read again each time.
    const viewportBox = async () => (await viewport.boundingBox())!;

    /** What the pointer is over at a page point (mesh id; hover is throttled to 30 ms). */
    const hoveredAt = async (x: number, y: number) => {
      await page.mouse.move(x, y);
      await page.waitForTimeout(90);
      return (await viewport.getAttribute('data-hovered')) ?? '';
    };
    /** A point over mesh `id`: the middle of the first run of at least three points along a row, 12 px apart. */
    const find = async (id: string) => {
      const box = await viewportBox();
      for (const row of [0.55, 0.5, 0.6, 0.45]) {
        const y = box.y + box.height * row;
        let run: number[] = [];
        for (let x = box.x + 10; x < box.x + box.width - 10; x += 12) {
          if ((await hoveredAt(x, y)) === id) run.push(x);
          else if (run.length >= 3) break;
          else run = [];
        }
        if (run.length >= 3) return { x: run[Math.floor(run.length / 2)], y };
      }
      throw new Error(`${id} not found under the pointer`);
    };

    // A double click on the water column fits the camera to it, selecting nothing: its centre (its box
    // 0..0.16, 0..0.2, 0..0.24) becomes the orbit target.
    const water = await find(waterId);
    const before = (await viewport.getAttribute('data-camera-target'))!;
    await page.mouse.dblclick(water.x, water.y);
    const offTarget = async () =>
      Math.max(...(await viewport.getAttribute('data-camera-target'))!.split(' ').map(Number).map((v, c) => Math.abs(v - [0.08, 0.1, 0.12][c])));
    await expect.poll(offTarget, { timeout: 5000 }).toBeLessThan(0.002);
    console.log(`[setup] orbit target ${before} -> ${await viewport.getAttribute('data-camera-target')} (water column centre 0.08 0.1 0.12)`);
    await page.waitForTimeout(400);
    expect(await selection()).toEqual([]);

    // The whole case in view again; a click on the water column selects it and opens its form.
    await page.getByTestId('camera-fit').click();
    await page.waitForTimeout(900);
    const waterAgain = await find(waterId);
    await page.mouse.click(waterAgain.x, waterAgain.y);
    await page.getByTestId('part-form').waitFor();
    expect(await page.getByTestId('form-title').textContent()).toBe('Water column');
    expect(await selection()).toEqual([waterId]);

    // Ctrl-click on the tank adds it (its form opens, both stay selected), again removes it.
    const tank = await find(tankId);
    await page.keyboard.down('Control');
    await page.mouse.click(tank.x, tank.y);
    await expect.poll(() => page.getByTestId('form-title').textContent()).toBe('Tank');
    expect(await selection()).toEqual([tankId, waterId].sort());
    const box = await viewportBox();
    await page.mouse.move(box.x + box.width - 40, box.y + 30);
    await screenshot(page, 'setup-ctrl-click-selection');
    await page.mouse.click(tank.x, tank.y);
    await expect.poll(() => page.getByTestId('form-title').textContent()).toBe('Water column');
    await page.keyboard.up('Control');
    expect(await selection()).toEqual([waterId]);

    // Empty space: nothing selected, the form closes.
    const emptyBox = await viewportBox();
    let empty: { x: number; y: number } | null = null;
    for (const [fx, fy] of [[0.97, 0.08], [0.97, 0.5], [0.7, 0.06], [0.97, 0.7]]) {
      const point = { x: emptyBox.x + emptyBox.width * fx, y: emptyBox.y + emptyBox.height * fy };
      const onCanvas = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.tagName === 'CANVAS', point);
      if (onCanvas && (await hoveredAt(point.x, point.y)) === '') {
        empty = point;
        break;
      }
    }
    expect(empty).not.toBeNull();
    await page.mouse.click(empty!.x, empty!.y);
    await expect.poll(() => selection()).toEqual([]);
    await page.getByTestId('part-form').waitFor({ state: 'detached' });
    await page.context().close();
  });
});
