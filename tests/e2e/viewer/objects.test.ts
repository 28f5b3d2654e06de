// Per-object visibility and view mode in the viewer lab (headless Chromium, WebGPU on SwiftShader), as
// Results uses them: an output with a fluid and a tank's wall particles, walls hidden until shown (their
// files are fetched only then), the choice kept for the next output, a wall drawn as circles while the
// fluid stays spheres, and a hidden fluid leaving only the walls.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../support/chromium.ts';
import { startLabServer, type LabServer } from './labServer.ts';
import { LabPage } from './LabPage.ts';
import { compareImages, countOnes, decodePng, foregroundMask, hexToRgb, type Image } from './pixels.ts';
import { BACKGROUND_COLOR } from '../../../src/client/viewer/gpu/FrameComposer.ts';
import { writeDamBreakOutput } from './outputFixture.ts';

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

interface ObjectsState {
  particleCount: number;
  objects: { id: string; visible: boolean; loaded: boolean; viewMode: string | null; kind: string }[];
  playback: { outputIndex: number };
}

async function shot(lab: LabPage, name: string): Promise<Image> {
  const png = await lab.canvasPng();
  writeFileSync(resolve(SHOTS, `${name}.png`), png);
  return decodePng(png);
}

const covered = (image: Image) => countOnes(foregroundMask(image, BACKGROUND)) / (image.width * image.height);

describe('particle objects', () => {
  it('hides walls until shown, fetches them only then, and keeps per-object choices across outputs', async () => {
    const outputs = [40, 41].map((n) => writeDamBreakOutput(resolve(SHOTS, 'outputs'), n, 3000, { walls: true }));
    const urls = outputs.map((o) => `/test-results/viewer/outputs/${basename(o.folder)}/`);
    const page = await browser.newPage({ viewport: { width: 640, height: 420 } });
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    const lab = new LabPage(page, server.url);
    await lab.open({ n: 1, output: urls, parts: false, hidden: ['wall_boundary'], view: '-y' });

    let state = await lab.state<ObjectsState>();
    expect(state.objects.map((o) => [o.id, o.kind, o.visible, o.loaded])).toEqual([
      ['tank', 'wall_boundary', false, false],
      ['water', 'fluid', true, true],
    ]);
    expect(state.particleCount).toBe(3000);
    expect(requested.some((p) => p.includes('/tank.'))).toBe(false);
    const fluidOnly = await shot(lab, 'objects-fluid-only');

    await page.evaluate(() => window.__surgeViewer!.setObjectAppearance!('tank', { visible: true }));
    state = await lab.state<ObjectsState>();
    expect(state.objects.find((o) => o.id === 'tank')).toMatchObject({ visible: true, loaded: true });
    expect(state.particleCount).toBe(3000 + outputs[0].wallCount);
    expect(requested.filter((p) => p.includes(basename(outputs[0].folder)) && p.includes('/tank.'))).toHaveLength(2);
    const withWalls = await shot(lab, 'objects-walls-shown');
    expect(covered(withWalls)).toBeGreaterThan(covered(fluidOnly) + 0.02);

    // The walls as outlined circles, the fluid still spheres.
    await page.evaluate(() => window.__surgeViewer!.setObjectAppearance!('tank', { viewMode: 'particles_outlined_circles' }));
    const circles = await shot(lab, 'objects-walls-circles');
    expect(compareImages(withWalls, circles).differingFraction).toBeGreaterThan(0.01);
    state = await lab.state<ObjectsState>();
    expect(state.objects.map((o) => o.viewMode)).toEqual(['particles_outlined_circles', null]);

    // The next output keeps the walls shown: its wall files are fetched with it.
    await page.evaluate(() => window.__surgeViewer!.showOutput!(1));
    state = await lab.state<ObjectsState>();
    expect(state.playback.outputIndex).toBe(1);
    expect(state.particleCount).toBe(3000 + outputs[1].wallCount);
    expect(requested.filter((p) => p.includes(basename(outputs[1].folder)) && p.includes('/tank.'))).toHaveLength(2);

    // Hiding the fluid leaves the walls alone on screen, and the particle count follows.
    await page.evaluate(() => window.__surgeViewer!.setObjectAppearance!('water', { visible: false }));
    state = await lab.state<ObjectsState>();
    expect(state.particleCount).toBe(outputs[1].wallCount);
    const wallsOnly = await shot(lab, 'objects-walls-only');
    expect(covered(wallsOnly)).toBeLessThan(covered(circles));
    expect(covered(wallsOnly)).toBeGreaterThan(0.01);
    await page.close();
  });
});
