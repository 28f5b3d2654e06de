// The viewer lab as the server itself serves it (the built lab.html under the server's security headers,
// where the other lab tests use Vite's dev server): particles generated in a worker are drawn on WebGPU and
// as a surface, and the Content-Security-Policy refuses nothing on the way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../support/chromium.ts';
import { startServer, type StartedServer } from '../../support/server.ts';
import { LabPage } from './LabPage.ts';
import { countOnes, decodePng, foregroundMask, hexToRgb } from './pixels.ts';
import { BACKGROUND_COLOR } from '../../../src/client/viewer/gpu/FrameComposer.ts';

let server: StartedServer;
let browser: Browser;
let page: Page;
const refused: string[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 480, height: 360 } });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
}, 120_000);

afterAll(async () => {
  await page?.close().catch(() => undefined);
  await browser?.close();
  await server?.stop();
});

describe('viewer lab under the server\'s security headers', () => {
  it('draws particles and a surface on WebGPU with nothing refused', async () => {
    const response = await page.request.get(`${server.url}/lab.html`);
    expect(response.headers()['content-security-policy']).toContain("'wasm-unsafe-eval'");
    for (const mode of ['spheres', 'surface'] as const) {
      const lab = new LabPage(page, server.url);
      await lab.open({ n: 4000, renderer: 'webgpu', mode });
      expect(await lab.backend()).toBe('webgpu');
      const image = decodePng(await lab.canvasPng());
      const covered = countOnes(foregroundMask(image, hexToRgb(BACKGROUND_COLOR))) / (image.width * image.height);
      expect(covered, mode).toBeGreaterThan(0.05);
    }
    expect(refused).toEqual([]);
  }, 240_000);
});
