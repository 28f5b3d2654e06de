// Page object of the viewer lab for browser tests and benchmarks: opens the lab with URL parameters,
// waits for the viewer hook, drives it and takes canvas screenshots.
import type { Page } from 'playwright-core';

export interface LabOpenOptions {
  n: number;
  mode?: 'spheres' | 'circles' | 'surface' | 'baseline';
  renderer?: 'webgpu' | 'webgl2' | 'auto';
  bare?: boolean;
  attribute?: string;
  /** Output folder URL(s); playback steps through them in this order. */
  output?: string | string[];
  /** Show the tank and obstacle (default true). */
  parts?: boolean;
  view?: '+x' | '-x' | '+y' | '-y' | '+z' | '-z';
  projection?: 'perspective' | 'orthographic';
  /** Output object kinds hidden until shown. */
  hidden?: string[];
  /** Particle objects answer hover and click as in Results (default: parts only). */
  pickObjects?: boolean;
}

export class LabPage {
  readonly page: Page;
  readonly baseUrl: string;

  constructor(page: Page, baseUrl: string) {
    this.page = page;
    this.baseUrl = baseUrl;
  }

  async open(options: LabOpenOptions, timeoutMs = 120_000): Promise<void> {
    const q = new URLSearchParams({ n: String(options.n), mode: options.mode ?? 'spheres', renderer: options.renderer ?? 'auto' });
    if (options.bare ?? true) q.set('bare', '1');
    if (options.attribute) q.set('attribute', options.attribute);
    for (const url of [options.output ?? []].flat()) q.append('output', url);
    if (options.parts === false) q.set('parts', '0');
    if (options.view) q.set('view', options.view);
    if (options.projection) q.set('projection', options.projection);
    for (const kind of options.hidden ?? []) q.append('hidden', kind);
    if (options.pickObjects) q.set('pick', 'objects');
    await this.page.goto(`${this.baseUrl}/lab.html?${q.toString()}`);
    await this.page.waitForFunction(() => window.__surgeViewer?.ready === true || Boolean(window.__surgeViewer?.error), undefined, {
      timeout: timeoutMs,
      polling: 250,
    });
    const error = await this.page.evaluate(() => window.__surgeViewer?.error ?? null);
    if (error) throw new Error(`lab failed: ${error}`);
  }

  backend(): Promise<string> {
    return this.page.evaluate(() => window.__surgeViewer?.backend ?? '');
  }

  /** Renders one more frame and waits for the GPU, so that a screenshot shows the current state. */
  async settle(): Promise<void> {
    await this.page.evaluate(() => window.__surgeViewer?.measureFrames(1));
  }

  async canvasPng(): Promise<Buffer> {
    await this.settle();
    return this.page.locator('canvas').first().screenshot();
  }

  state<T = unknown>(): Promise<T> {
    return this.page.evaluate(() => window.__surgeViewer?.state() as T);
  }
}
