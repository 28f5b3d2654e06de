// Page object of the Monitor: the dashboard grid and its tiles, the live log, the graph form and the
// view selector.
import type { Locator, Page } from 'playwright-core';

export class MonitorPage {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  get root(): Locator {
    return this.page.getByTestId('simulation-page-monitor');
  }

  async waitUntilShown(): Promise<void> {
    await this.page.getByTestId('dashboard-grid').waitFor({ timeout: 30_000 });
  }

  tile(kind: string): Locator {
    return this.page.getByTestId(`tile-${kind}`);
  }

  graphTile(title: string): Locator {
    return this.page.locator('[data-testid="tile-graph"]', { has: this.page.getByTestId('tile-title').getByText(title, { exact: true }) });
  }

  /** Points drawn by the graph tile titled `title`. */
  async graphPoints(title: string): Promise<number> {
    const chart = this.graphTile(title).locator('[data-points]');
    return Number((await chart.getAttribute('data-points')) ?? '0');
  }

  /** Progress in percent as the progress tile shows it. */
  async progress(): Promise<number> {
    return Number((await this.page.getByTestId('progress-tile').getAttribute('data-progress')) ?? 'NaN');
  }

  /** Number of the last output written, as the progress tile shows it (-1 before the first). */
  async lastOutput(): Promise<number> {
    const value = await this.page.getByTestId('progress-tile').getAttribute('data-output');
    return value ? Number(value) : -1;
  }

  async logRows(): Promise<number> {
    return Number((await this.root.getAttribute('data-log-rows')) ?? '0');
  }

  async simulationState(): Promise<string | null> {
    return this.tile('progress').getByTestId('simulation-state').getAttribute('data-state');
  }

  async liveStatus(): Promise<string | null> {
    return this.page.getByTestId('live-state').getAttribute('data-status');
  }

  /** Drags a tile by its header handle by (dx, dy) pixels. */
  async dragTile(kind: string, dx: number, dy: number): Promise<void> {
    const handle = this.tile(kind).first().getByTestId('tile-handle');
    const box = (await handle.boundingBox())!;
    const x = box.x + 40;
    const y = box.y + box.height / 2;
    await this.page.mouse.move(x, y);
    await this.page.mouse.down();
    for (let i = 1; i <= 8; i++) await this.page.mouse.move(x + (dx * i) / 8, y + (dy * i) / 8);
    await this.page.mouse.up();
  }
}
