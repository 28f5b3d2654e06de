// Page object of Results: the canvas (its pixels), the output loading chip, the colormap panel, playback
// and the canvas actions.
import type { Locator, Page } from 'playwright-core';
import { decodePng, type Image } from '../viewer/pixels.ts';

/** Everything drawn over the canvas: its panels, open dialogs of the canvas actions, tooltips, toasts. */
const HIDE_OVERLAYS = [
  '[data-testid="canvas-actions"]',
  '[data-testid="colormap-panel"]',
  '[data-testid="measure-panel"]',
  '[data-testid="results-timeline"]',
  '[data-testid="scale-bar"]',
  '[data-testid="results-selection"]',
  '[data-testid="results-hover-label"]',
  '[role="dialog"]',
  '[role="tooltip"]',
  '[data-testid^="toast-"]',
].join(', ') + ' { visibility: hidden !important; }';

export class ResultsPage {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  get root(): Locator {
    return this.page.getByTestId('simulation-page-results');
  }

  async waitUntilShown(): Promise<void> {
    await this.root.waitFor({ timeout: 30_000 });
  }

  /** Waits until the viewer draws particles of an output. */
  async waitForParticles(timeout = 60_000): Promise<number> {
    await this.page.waitForFunction(
      () => Number(document.querySelector('[data-testid="simulation-page-results"]')?.getAttribute('data-particles') ?? 0) > 0,
      undefined,
      { timeout },
    );
    return Number(await this.root.getAttribute('data-particles'));
  }

  async chipText(): Promise<string> {
    return (await this.page.getByTestId('output-chip').textContent()) ?? '';
  }

  async outputLabel(): Promise<string> {
    return (await this.page.getByTestId('results-output-label').getAttribute('data-output')) ?? '';
  }

  async selectAttribute(name: string): Promise<void> {
    await this.page.getByTestId('colormap-attribute').selectOption(name);
  }

  async attributeOptions(): Promise<string[]> {
    return this.page.getByTestId('colormap-attribute').locator('option').allTextContents();
  }

  /**
   * The canvas as decoded pixels. A screenshot of the canvas's area also holds whatever lies over it (the
   * panels, an open dialog, toasts that come and go), so those are hidden while it is taken.
   */
  async canvasPixels(): Promise<Image> {
    // Let the engine finish the frame it was asked for.
    await this.page.waitForTimeout(400);
    const png = await this.page.locator('[data-testid="simulation-page-results"] canvas').first().screenshot({ style: HIDE_OVERLAYS });
    return decodePng(png);
  }
}

/**
 * The pixel (image coordinates) nearest to the image's centre well inside something drawn (it and its
 * neighbours 4 px away differ from the background, the top-left pixel's colour), outside the axis
 * widget's corner (bottom left); null when there is none.
 */
export function foregroundNearCentre(image: Image, tolerance = 40): { x: number; y: number } | null {
  const { data, width, height } = image;
  const corner = 140;
  const [br, bg, bb] = [data[0], data[1], data[2]];
  let best: { x: number; y: number; d: number } | null = null;
  for (let y = 0; y < height; y += 2) {
    for (let x = 0; x < width; x += 2) {
      if (x < corner && y > height - corner) continue;
      // Well inside what is drawn: the pixel and those 4 px around it all differ from the background.
      const inside = [[0, 0], [-4, 0], [4, 0], [0, -4], [0, 4]].every(([dx, dy]) => {
        const px = x + dx;
        const py = y + dy;
        if (px < 0 || py < 0 || px >= width || py >= height) return false;
        const i = (py * width + px) * 4;
        return Math.abs(data[i] - br) + Math.abs(data[i + 1] - bg) + Math.abs(data[i + 2] - bb) > tolerance;
      });
      if (!inside) continue;
      const d = (x - width / 2) ** 2 + (y - height / 2) ** 2;
      if (!best || d < best.d) best = { x, y, d };
    }
  }
  return best ? { x: best.x, y: best.y } : null;
}

/** Share of pixels that differ from the most common colour (the background) by more than `tolerance`. */
export function nonBackgroundShare(image: Image, tolerance = 24): number {
  const counts = new Map<number, number>();
  const { data } = image;
  for (let i = 0; i < data.length; i += 4) {
    const key = ((data[i] >> 3) << 10) | ((data[i + 1] >> 3) << 5) | (data[i + 2] >> 3);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  let background = 0;
  let best = -1;
  for (const [key, n] of counts) if (n > best) [background, best] = [key, n];
  const br = (background >> 10) << 3;
  const bg = ((background >> 5) & 31) << 3;
  const bb = (background & 31) << 3;
  let different = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (Math.abs(data[i] - br) + Math.abs(data[i + 1] - bg) + Math.abs(data[i + 2] - bb) > tolerance) different += 1;
  }
  return different / (data.length / 4);
}

/** Share of pixels whose colour changed by more than `threshold` (sum over RGB) between two pictures. */
export function changedShare(a: Image, b: Image, threshold = 48): number {
  if (a.width !== b.width || a.height !== b.height) return 1;
  let changed = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    const d = Math.abs(a.data[i] - b.data[i]) + Math.abs(a.data[i + 1] - b.data[i + 1]) + Math.abs(a.data[i + 2] - b.data[i + 2]);
    if (d > threshold) changed += 1;
  }
  return changed / (a.data.length / 4);
}
