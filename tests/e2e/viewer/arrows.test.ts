// Vector arrows and particle-object picking in the viewer lab (headless Chromium on SwiftShader), as
// Results uses them. Arrows on WebGPU and on the WebGL2 fallback: at most 5000 over 20,000 particles,
// drawn over the particles, longer with a larger scale, gone with None; an arrow of the largest
// magnitude measures 25 px at scale 1 and 50 px at scale 2. Picking: a click on the water selects the
// water object (brightened and outlined), a part in front of it still wins, a click through the tank's
// wall picks the water inside, clipping the water away leaves nothing there, and a double click fits the
// camera to the water's particles.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../support/chromium.ts';
import { startLabServer, type LabServer } from './labServer.ts';
import { LabPage } from './LabPage.ts';
import { compareImages, decodePng, foregroundMask, hexToRgb, type Image } from './pixels.ts';
import { BACKGROUND_COLOR } from '../../../src/client/viewer/gpu/FrameComposer.ts';
import { generateDamBreak } from '../../../src/client/lab/damBreak.ts';
import { VECTOR_ARROWS_MAX, VECTOR_ARROW_UNIT_PX } from '../../../src/domain/constants.ts';

const SHOTS = resolve(import.meta.dirname, '../../../test-results/viewer');
const BACKGROUND = hexToRgb(BACKGROUND_COLOR);

let server: LabServer;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startLabServer();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

interface LabState {
  arrows: { attribute: string | null; scale: number; count: number };
  selection: string[];
  hovered: string | null;
  camera: { target: number[] };
}

async function shot(lab: LabPage, name: string): Promise<Image> {
  const png = await lab.canvasPng();
  writeFileSync(resolve(SHOTS, `${name}.png`), png);
  return decodePng(png);
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Columns spanned by foreground pixels in rows y0..y1 (inclusive). */
function columnsSpanned(image: Image, mask: Uint8Array, y0: number, y1: number): { min: number; max: number } | null {
  let min = Infinity;
  let max = -Infinity;
  for (let y = Math.max(0, y0); y <= Math.min(image.height - 1, y1); y++) {
    for (let x = 0; x < image.width; x++) {
      if (!mask[y * image.width + x]) continue;
      min = Math.min(min, x);
      max = Math.max(max, x);
    }
  }
  return Number.isFinite(min) ? { min, max } : null;
}

describe.each(['webgpu', 'webgl2'] as const)('vector arrows on %s', (renderer) => {
  it('draws at most 5000 arrows over the particles, scales them and hides them with None', async () => {
    const page = await browser.newPage({ viewport: { width: 640, height: 420 } });
    const lab = new LabPage(page, server.url);
    await lab.open({ n: 20_000, renderer, parts: false, view: '+z', projection: 'orthographic' });
    expect(await lab.backend()).toBe(renderer);
    // Particles in their plain colour; the arrows then take their own magnitude on the scheme.
    await page.evaluate(() => window.__surgeViewer!.setColormap({ attribute: null }));
    const plain = await shot(lab, `arrows-${renderer}-off`);
    await page.evaluate(() => window.__surgeViewer!.setArrows!({ attribute: 'velocity' }));
    const state = await lab.state<LabState>();
    expect(state.arrows).toEqual({ attribute: 'velocity', scale: 1, count: VECTOR_ARROWS_MAX });
    const arrows = await shot(lab, `arrows-${renderer}-velocity`);
    const drawn = compareImages(plain, arrows).differingFraction;
    console.log(`[arrows ${renderer}] share of pixels changed by 5000 arrows: ${drawn.toFixed(4)}`);
    // Without arrows nothing changes (below 0.001, as after None below); the fast front carries long ones.
    expect(drawn).toBeGreaterThan(0.004);

    await page.evaluate(() => window.__surgeViewer!.setArrows!({ scale: 3 }));
    const longer = await shot(lab, `arrows-${renderer}-scale3`);
    const grown = compareImages(plain, longer).differingFraction;
    console.log(`[arrows ${renderer}] changed at scale 3: ${grown.toFixed(4)} (scale 1: ${drawn.toFixed(4)})`);
    expect(grown).toBeGreaterThan(drawn * 1.5);

    await page.evaluate(() => window.__surgeViewer!.setArrows!({ attribute: null }));
    expect((await lab.state<LabState>()).arrows.count).toBe(0);
    expect(compareImages(plain, await shot(lab, `arrows-${renderer}-none`)).differingFraction).toBeLessThan(0.001);
    await page.close();
  });

  it('draws the longest arrow 25 px long at scale 1 and 50 px at scale 2', async () => {
    const page = await browser.newPage({ viewport: { width: 640, height: 420 } });
    const lab = new LabPage(page, server.url);
    await lab.open({ n: 1, renderer, parts: false, view: '+z', projection: 'orthographic' });
    // Two particles drawn far below a pixel: one moving along +x, one at rest away from its row.
    await page.evaluate(async () => {
      const hook = window.__surgeViewer!;
      hook.setParticles!([
        { id: 'mover', name: 'Mover', positions: [-1, 0, 0], spacing: 1e-4, attributes: { velocity: { array: [2, 0, 0], components: 3, unit: 'm/s' } } },
        { id: 'anchor', name: 'Anchor', positions: [1, 0.8, 0], spacing: 1e-4, attributes: { velocity: { array: [0, 0, 0], components: 3, unit: 'm/s' } } },
      ]);
      await hook.setColormap({ attribute: null });
      hook.snapView!('+z');
    });
    const canvas = (await page.locator('canvas').first().boundingBox())!;
    const left = (await page.evaluate(() => window.__surgeViewer!.objectCenter!('mover')))!;
    for (const scale of [1, 2]) {
      await page.evaluate((s) => window.__surgeViewer!.setArrows!({ attribute: 'velocity', scale: s }), scale);
      const image = await shot(lab, `arrow-length-${renderer}-scale${scale}`);
      const ratio = image.width / canvas.width;
      const mask = foregroundMask(image, BACKGROUND, 24);
      const band = columnsSpanned(image, mask, Math.round((left.y - 6) * ratio), Math.round((left.y + 6) * ratio));
      expect(band).not.toBeNull();
      const length = (band!.max - band!.min + 1) / ratio;
      console.log(`[arrows ${renderer}] arrow of the largest magnitude at scale ${scale}: ${length.toFixed(1)} px (expected ${VECTOR_ARROW_UNIT_PX * scale} px, tolerance 2 px)`);
      expect(Math.abs(band!.min / ratio - left.x)).toBeLessThanOrEqual(2);
      expect(Math.abs(length - VECTOR_ARROW_UNIT_PX * scale)).toBeLessThanOrEqual(2);
    }
    await page.close();
  });
});

describe('picking particle objects', () => {
  let page: Page;
  let lab: LabPage;
  const state = () => lab.state<LabState>();

  async function canvasPoint(id: string): Promise<{ x: number; y: number }> {
    const p = await page.evaluate((object) => window.__surgeViewer!.objectCenter!(object), id);
    if (!p) throw new Error(`${id} not on screen`);
    const box = await page.locator('canvas').first().boundingBox();
    return { x: (box?.x ?? 0) + p.x, y: (box?.y ?? 0) + p.y };
  }

  beforeAll(async () => {
    page = await browser.newPage({ viewport: { width: 640, height: 420 } });
    lab = new LabPage(page, server.url);
    await lab.open({ n: 4000, renderer: 'webgpu', mode: 'spheres', pickObjects: true });
  });

  afterAll(async () => {
    await page?.close();
  });

  it('selects the water with a click through the tank wall, brightened and outlined', async () => {
    await page.mouse.move(2, 2);
    await sleep(100);
    const before = await shot(lab, 'pick-water-before');
    const water = await canvasPoint('water');
    const box = (await page.locator('canvas').first().boundingBox())!;
    // Parts alone would name the tank here; the water inside it is what the click means.
    expect(await page.evaluate(({ x, y }) => window.__surgeViewer!.pickPart!(x, y), { x: water.x - box.x, y: water.y - box.y })).toBe('tank');
    await page.mouse.move(water.x, water.y);
    await sleep(150);
    expect((await state()).hovered).toBe('water');
    await page.mouse.click(water.x, water.y);
    await sleep(450);
    expect((await state()).selection).toEqual(['water']);
    await page.mouse.move(2, 2);
    await sleep(100);
    const selected = await shot(lab, 'pick-water-selected');
    const difference = compareImages(before, selected, 24).differingFraction;
    console.log(`[picking] pixels changed by selecting the water: ${difference.toFixed(4)}`);
    expect(difference).toBeGreaterThan(0.02);
    // Brighter in its own colours: the mean of the changed pixels rises.
    const brightness = (image: Image) => {
      let sum = 0;
      for (let i = 0; i < image.data.length; i += 4) sum += image.data[i] + image.data[i + 1] + image.data[i + 2];
      return sum / (image.data.length / 4);
    };
    expect(brightness(selected)).toBeGreaterThan(brightness(before));
  });

  it('lets a part in front of the water win, and clears on empty space', async () => {
    const obstacle = await canvasPoint('obstacle');
    await page.mouse.click(obstacle.x, obstacle.y);
    await sleep(450);
    expect((await state()).selection).toEqual(['obstacle']);
    await page.keyboard.down('Control');
    const water = await canvasPoint('water');
    await page.mouse.click(water.x, water.y);
    await sleep(450);
    await page.keyboard.up('Control');
    expect((await state()).selection.sort()).toEqual(['obstacle', 'water']);
    await page.mouse.click(20, 20);
    await sleep(450);
    expect((await state()).selection).toEqual([]);
  });

  it('skips water particles the clipping plane removed', async () => {
    const box = (await page.locator('canvas').first().boundingBox())!;
    const water = await canvasPoint('water');
    const at = { x: water.x - box.x, y: water.y - box.y };
    expect(await page.evaluate(({ x, y }) => window.__surgeViewer!.pickObject!(x, y), at)).toBe('water');
    // Keep x >= 2.2 only: the water (x 0..2.1) is clipped away, the tank stays.
    await page.evaluate(() => window.__surgeViewer!.setClip({ enabled: true, axis: 'x', offset: 2.2, flipped: true }));
    expect(await page.evaluate(({ x, y }) => window.__surgeViewer!.pickObject!(x, y), at)).not.toBe('water');
    await page.evaluate(() => window.__surgeViewer!.setClip({ enabled: false }));
  });

  it('fits the camera to the water on a double click, without selecting it', async () => {
    const water = await canvasPoint('water');
    await page.mouse.dblclick(water.x, water.y);
    await sleep(1200);
    const s = await state();
    expect(s.selection).toEqual([]);
    // The centre of the water's bounds (the generator is deterministic) becomes the orbit target.
    const positions = generateDamBreak(4000).positions;
    const min = [Infinity, Infinity, Infinity];
    const max = [-Infinity, -Infinity, -Infinity];
    for (let i = 0; i < positions.length; i += 3) {
      for (let c = 0; c < 3; c++) {
        min[c] = Math.min(min[c], positions[i + c]);
        max[c] = Math.max(max[c], positions[i + c]);
      }
    }
    const centre = min.map((v, c) => (v + max[c]) / 2);
    console.log(`[picking] orbit target after double click ${s.camera.target.map((v) => v.toFixed(4)).join(', ')}, water centre ${centre.map((v) => v.toFixed(4)).join(', ')}`);
    for (let c = 0; c < 3; c++) expect(s.camera.target[c]).toBeCloseTo(centre[c], 3);
  });
});
