// The viewer lab in headless Chromium (WebGPU and WebGL2 on SwiftShader): both backends draw the same
// picture, a colour scheme change recolours the particles, the clipping plane removes half of them, and
// the surface mode draws a fluid surface. Screenshots are kept under test-results/viewer/.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../support/chromium.ts';
import { startLabServer, type LabServer } from './labServer.ts';
import { LabPage, type LabOpenOptions } from './LabPage.ts';
import { compareImages, countOnes, decodePng, foregroundMask, hexToRgb, meanColumn, roughness, type Image } from './pixels.ts';
import { BACKGROUND_COLOR } from '../../../src/client/viewer/gpu/FrameComposer.ts';
import { generateDamBreak } from '../../../src/client/lab/damBreak.ts';
import { writeDamBreakOutput } from './outputFixture.ts';

const SHOTS = resolve(import.meta.dirname, '../../../test-results/viewer');
const VIEWPORT = { width: 480, height: 360 };
const PARTICLES = 4000;
const BACKGROUND = hexToRgb(BACKGROUND_COLOR);
/** Both backends: at most 2 % of pixels may differ by more than 48/255 in a channel. */
const BACKEND_TOLERANCE = { differingFraction: 0.02, meanAbs: 3 };

let server: LabServer;
let browser: Browser;
const pages: Page[] = [];

async function openLab(options: LabOpenOptions, viewport = VIEWPORT): Promise<LabPage> {
  const page = await browser.newPage({ viewport });
  pages.push(page);
  const lab = new LabPage(page, server.url);
  await lab.open(options);
  return lab;
}

async function shot(lab: LabPage, name: string): Promise<Image> {
  const png = await lab.canvasPng();
  writeFileSync(resolve(SHOTS, `${name}.png`), png);
  return decodePng(png);
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startLabServer();
  browser = await launchChromium();
});

afterAll(async () => {
  for (const p of pages) await p.close().catch(() => undefined);
  await browser?.close();
  await server?.close();
});

/** Min/max of the velocity magnitude over the particles that pass `keep`, in float32 like the GPU. */
function velocityRange(keep: (x: number) => boolean): { min: number; max: number } {
  const data = generateDamBreak(PARTICLES);
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < data.count; i++) {
    if (!keep(data.positions[i * 3])) continue;
    const v = data.velocity;
    const m = Math.fround(Math.hypot(v[i * 3], v[i * 3 + 1], v[i * 3 + 2]));
    min = Math.min(min, m);
    max = Math.max(max, m);
  }
  return { min, max };
}

type RangeState = { colormap: { dataRange: { min: number; max: number } | null; min: number; max: number } };

async function dataRangeOf(lab: LabPage, differentFrom?: { min: number; max: number }) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const { colormap } = await lab.state<RangeState>();
    const r = colormap.dataRange;
    if (r && (!differentFrom || r.min !== differentFrom.min || r.max !== differentFrom.max)) return colormap;
    if (Date.now() > deadline) throw new Error('no new colour range from the GPU reduction');
    await new Promise((done) => setTimeout(done, 200));
  }
}

function expectRangeClose(actual: { min: number; max: number }, expected: { min: number; max: number }) {
  const scale = Math.max(1e-6, Math.abs(expected.max - expected.min));
  expect(Math.abs(actual.min - expected.min) / scale).toBeLessThan(1e-4);
  expect(Math.abs(actual.max - expected.max) / scale).toBeLessThan(1e-4);
}

describe('viewer lab', () => {
  let webgpu: LabPage;
  let webgl: LabPage;
  let webgpuImage: Image;

  it('renders the particles on WebGPU and on WebGL2, and both pictures match', async () => {
    webgpu = await openLab({ n: PARTICLES, renderer: 'webgpu' });
    expect(await webgpu.backend()).toBe('webgpu');
    webgpuImage = await shot(webgpu, 'spheres-webgpu');
    webgl = await openLab({ n: PARTICLES, renderer: 'webgl2' });
    expect(await webgl.backend()).toBe('webgl2');
    const webglImage = await shot(webgl, 'spheres-webgl2');

    for (const image of [webgpuImage, webglImage]) {
      const covered = countOnes(foregroundMask(image, BACKGROUND)) / (image.width * image.height);
      expect(covered).toBeGreaterThan(0.1);
    }
    const diff = compareImages(webgpuImage, webglImage);
    expect(diff.differingFraction).toBeLessThan(BACKEND_TOLERANCE.differingFraction);
    expect(diff.meanAbs).toBeLessThan(BACKEND_TOLERANCE.meanAbs);
  });

  it('takes the default colour range from a GPU reduction of the visible values on both backends', async () => {
    const all = velocityRange(() => true);
    const left = velocityRange((x) => x <= 1.05);
    for (const lab of [webgpu, webgl]) {
      const colormap = await dataRangeOf(lab);
      expectRangeClose(colormap.dataRange!, all);
      // Velocity has no fixed bounds: the colour range is the data range.
      expectRangeClose(colormap, all);
      await lab.page.evaluate(() => window.__surgeViewer!.setClip({ enabled: true, axis: 'x', offset: 1.05 }));
      expectRangeClose((await dataRangeOf(lab, colormap.dataRange!)).dataRange!, left);
      await lab.page.evaluate(() => window.__surgeViewer!.setClip({ enabled: false }));
      await dataRangeOf(lab, left);
    }
    await webgl.page.close();
  });

  it('recolours the particles when the colour scheme changes', async () => {
    await webgpu.page.evaluate(() => window.__surgeViewer!.setColormap({ scheme: 'blueBrightness' }));
    const recoloured = await shot(webgpu, 'spheres-blue-brightness');
    const diff = compareImages(webgpuImage, recoloured);
    expect(diff.differingFraction).toBeGreaterThan(0.05);
    await webgpu.page.evaluate(() => window.__surgeViewer!.setColormap({ scheme: 'rainbow' }));
  });

  it('draws the fluid surface in surface mode', async () => {
    await webgpu.page.evaluate(() => window.__surgeViewer!.setViewMode('surface'));
    const surface = await shot(webgpu, 'surface-webgpu');
    const covered = countOnes(foregroundMask(surface, BACKGROUND)) / (surface.width * surface.height);
    expect(covered).toBeGreaterThan(0.1);
    // One smooth surface instead of many shaded spheres: far smaller pixel-to-pixel steps.
    const sphereRoughness = roughness(webgpuImage, foregroundMask(webgpuImage, BACKGROUND));
    const surfaceRoughness = roughness(surface, foregroundMask(surface, BACKGROUND));
    expect(surfaceRoughness).toBeLessThan(sphereRoughness * 0.75);
    await webgpu.page.close();
  });

  it('clips away half of the particles and keeps the other half when flipped', async () => {
    const lab = await openLab({ n: PARTICLES, renderer: 'webgpu', parts: false, view: '+z', projection: 'orthographic' });
    const width = VIEWPORT.width;
    const full = foregroundMask(await shot(lab, 'clip-off'), BACKGROUND);
    const state = await lab.state<{ particleCount: number }>();
    expect(state.particleCount).toBe(PARTICLES);
    // The generated block spans x = 0 .. 2.1 m uniformly; the plane at its middle keeps x <= 1.05 m.
    await lab.page.evaluate(() => window.__surgeViewer!.setClip({ enabled: true, axis: 'x', offset: 1.05, gizmoVisible: false }));
    const kept = foregroundMask(await shot(lab, 'clip-on'), BACKGROUND);
    await lab.page.evaluate(() => window.__surgeViewer!.setClip({ flipped: true }));
    const flipped = foregroundMask(await shot(lab, 'clip-flipped'), BACKGROUND);

    const ratio = countOnes(kept) / countOnes(full);
    const ratioFlipped = countOnes(flipped) / countOnes(full);
    expect(ratio).toBeGreaterThan(0.4);
    expect(ratio).toBeLessThan(0.6);
    expect(ratioFlipped).toBeGreaterThan(0.4);
    expect(ratioFlipped).toBeLessThan(0.6);
    // The two halves lie on opposite sides of the cloud's centre.
    const centre = meanColumn(full, width);
    const sideKept = Math.sign(meanColumn(kept, width) - centre);
    const sideFlipped = Math.sign(meanColumn(flipped, width) - centre);
    expect(sideKept).not.toBe(0);
    expect(sideFlipped).toBe(-sideKept);
  });
});

describe('viewer lab with an output folder', () => {
  it('loads meta.json and the typed-array files over HTTP through the decoding workers', async () => {
    const written = writeDamBreakOutput(resolve(SHOTS, 'outputs'), 7, 3000);
    const url = `/test-results/viewer/outputs/${basename(written.folder)}/`;
    const lab = await openLab({ n: 1, output: url, bare: false }, { width: 900, height: 420 });
    const state = await lab.state<{ particleCount: number; attributes: { name: string; components: number }[]; outputs: { loaded: number; total: number } }>();
    expect(state.particleCount).toBe(written.count);
    expect(state.attributes.map((a) => [a.name, a.components])).toEqual([
      ['velocity', 3],
      ['pressure', 1],
    ]);
    expect(state.outputs).toMatchObject({ loaded: 1, total: 1 });
    expect(await lab.page.getByTestId('output-chip').textContent()).toBe('1/1 outputs loaded');
    const image = await shot(lab, 'output-folder');
    expect(countOnes(foregroundMask(image, BACKGROUND)) / (image.width * image.height)).toBeGreaterThan(0.05);
    await lab.page.close();
  });

  it('plays outputs at 3 frames per second, loading each through the decoding workers', async () => {
    const counts = [1000, 1500, 2000];
    const urls = counts.map((n, i) => {
      const written = writeDamBreakOutput(resolve(SHOTS, 'outputs'), 20 + i, n);
      return `/test-results/viewer/outputs/${basename(written.folder)}/`;
    });
    const lab = await openLab({ n: 1, output: urls, bare: false }, { width: 900, height: 420 });
    type PlayState = { particleCount: number; outputs: { loaded: number; total: number }; playback: { outputIndex: number; playing: boolean } };
    expect((await lab.state<PlayState>()).outputs).toMatchObject({ loaded: 3, total: 3 });
    expect(await lab.page.getByTestId('output-chip').textContent()).toBe('3/3 outputs loaded');
    // Without looping, playback stops on the last output: 2 steps take 2/3 s at 3 frames per second.
    await lab.page.getByLabel('Loop').uncheck({ force: true });
    await lab.page.getByTestId('playback-toggle').click();
    expect((await lab.state<PlayState>()).playback.playing).toBe(true);
    await new Promise((done) => setTimeout(done, 2500));
    const s = await lab.state<PlayState>();
    expect(s.playback).toMatchObject({ playing: false, outputIndex: 2 });
    expect(s.particleCount).toBe(counts[2]);
    await lab.page.close();
  });
});
