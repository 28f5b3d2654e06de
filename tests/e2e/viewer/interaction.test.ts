// Pointer and keyboard behaviour of the 3D canvas in headless Chromium: hover, single click after the
// 300 ms double-click window, Ctrl-click toggling, empty click clearing, double click fitting the part,
// selection ignored while a form is open, axis-widget snapping, Space for playback outside text
// fields, and t / r for the clipping gizmo.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../support/chromium.ts';
import { startLabServer, type LabServer } from './labServer.ts';
import { LabPage } from './LabPage.ts';

interface InteractionState {
  selection: string[];
  hovered: string | null;
  camera: { position: number[]; target: number[] };
  playback: { playing: boolean };
  clip: { gizmoMode: string };
}

let server: LabServer;
let browser: Browser;
let page: Page;
let lab: LabPage;

const state = () => lab.state<InteractionState>();
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function canvasPoint(id: string): Promise<{ x: number; y: number }> {
  const p = await page.evaluate((part) => window.__surgeViewer!.partCenter(part), id);
  if (!p) throw new Error(`part ${id} not on screen`);
  const box = await page.locator('canvas').first().boundingBox();
  return { x: (box?.x ?? 0) + p.x, y: (box?.y ?? 0) + p.y };
}

beforeAll(async () => {
  server = await startLabServer();
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 640, height: 420 } });
  lab = new LabPage(page, server.url);
  await lab.open({ n: 1500, renderer: 'webgpu', mode: 'circles' });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('canvas interaction', () => {
  it('highlights the part under the pointer', async () => {
    const obstacle = await canvasPoint('obstacle');
    await page.mouse.move(obstacle.x, obstacle.y);
    await sleep(150);
    expect((await state()).hovered).toBe('obstacle');
  });

  it('selects on a single click only after the double-click window, toggles with Ctrl, clears on empty space', async () => {
    const obstacle = await canvasPoint('obstacle');
    await page.mouse.click(obstacle.x, obstacle.y);
    expect((await state()).selection).toEqual([]);
    await sleep(450);
    expect((await state()).selection).toEqual(['obstacle']);

    const tank = await canvasPoint('tank');
    await page.keyboard.down('Control');
    await page.mouse.click(tank.x, tank.y + 40);
    await sleep(450);
    expect((await state()).selection.sort()).toEqual(['obstacle', 'tank']);
    await page.mouse.click(obstacle.x, obstacle.y);
    await sleep(450);
    await page.keyboard.up('Control');
    expect((await state()).selection).toEqual(['tank']);

    await page.mouse.click(20, 20);
    await sleep(450);
    expect((await state()).selection).toEqual([]);
  });

  it('ignores selection while a form is open', async () => {
    await page.evaluate(() => window.__surgeViewer!.setFormOpen(true));
    const obstacle = await canvasPoint('obstacle');
    await page.mouse.click(obstacle.x, obstacle.y);
    await sleep(450);
    expect((await state()).selection).toEqual([]);
    await page.evaluate(() => window.__surgeViewer!.setFormOpen(false));
  });

  it('fits the camera to a double-clicked part without selecting it', async () => {
    const obstacle = await canvasPoint('obstacle');
    await page.mouse.dblclick(obstacle.x, obstacle.y);
    await sleep(1200);
    const s = await state();
    expect(s.selection).toEqual([]);
    // The obstacle block spans x 2.3..2.45, y 0.35..0.65, z 0..0.3: its centre becomes the orbit target.
    expect(s.camera.target[0]).toBeCloseTo(2.375, 2);
    expect(s.camera.target[1]).toBeCloseTo(0.5, 2);
    expect(s.camera.target[2]).toBeCloseTo(0.15, 2);
  });

  it('snaps the view to an axis when a face of the axis widget is clicked', async () => {
    const box = await page.locator('canvas').first().boundingBox();
    // Widget: 110 px square, 8 px from the bottom-left corner; its centre shows the face nearest the camera.
    await page.mouse.click((box?.x ?? 0) + 8 + 55, (box?.y ?? 0) + (box?.height ?? 0) - 8 - 55);
    await sleep(1200);
    const { camera } = await state();
    const d = camera.position.map((p, i) => p - camera.target[i]);
    const len = Math.hypot(d[0], d[1], d[2]);
    expect(Math.max(...d.map((v) => Math.abs(v) / len))).toBeGreaterThan(0.999);
  });

  it('toggles playback with Space, but not while typing in a text field', async () => {
    await page.locator('canvas').first().focus().catch(() => undefined);
    await page.keyboard.press('Space');
    expect((await state()).playback.playing).toBe(true);
    await page.keyboard.press('Space');
    expect((await state()).playback.playing).toBe(false);
    await page.evaluate(() => {
      const input = document.createElement('input');
      input.id = 'typing';
      document.body.appendChild(input);
      input.focus();
    });
    await page.keyboard.press('Space');
    expect((await state()).playback.playing).toBe(false);
    await page.evaluate(() => document.getElementById('typing')?.remove());
  });

  it('switches the clipping gizmo with r and t while it is visible', async () => {
    await page.evaluate(() => window.__surgeViewer!.setClip({ enabled: true, gizmoVisible: true }));
    await page.keyboard.press('r');
    expect((await state()).clip.gizmoMode).toBe('rotate');
    await page.keyboard.press('t');
    expect((await state()).clip.gizmoMode).toBe('translate');
  });
});
