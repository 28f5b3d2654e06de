// Page object of the Setup preview: the top bar's Preview action and the card it opens over the viewport
// (status, simulated time, particle counts, the fluid's mean height, Stop and Close).
import type { Locator, Page } from 'playwright-core';

export interface PreviewStats {
  timeS: number;
  particles: number;
  fluid: number;
  frames: number;
  meanHeightM: number | null;
}

export class PreviewPanel {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  get panel(): Locator {
    return this.page.getByTestId('preview-panel');
  }

  async start(): Promise<void> {
    const button = this.page.getByTestId('preview-button');
    await this.page.waitForFunction(() => {
      const b = document.querySelector('[data-testid="preview-button"]');
      return b !== null && !b.hasAttribute('disabled') && b.getAttribute('data-disabled') !== 'true';
    });
    await button.click();
    await this.panel.waitFor();
  }

  async status(): Promise<string | null> {
    return this.panel.getAttribute('data-status');
  }

  async waitForStatus(statuses: string[], timeoutMs = 60_000): Promise<string> {
    const selector = statuses.map((s) => `[data-testid="preview-panel"][data-status="${s}"]`).join(', ');
    await this.page.locator(selector).first().waitFor({ timeout: timeoutMs });
    return (await this.status()) ?? '';
  }

  async stats(): Promise<PreviewStats> {
    const el = this.page.getByTestId('preview-stats');
    const number = async (name: string) => Number(await el.getAttribute(name));
    const height = await el.getAttribute('data-mean-height');
    return {
      timeS: await number('data-time'),
      particles: await number('data-particles'),
      fluid: await number('data-fluid'),
      frames: await number('data-frames'),
      meanHeightM: height === null || height === '' ? null : Number(height),
    };
  }

  /** Polls the stats until `ready` holds for them; returns them. */
  async waitForStats(ready: (stats: PreviewStats) => boolean, timeoutMs = 120_000): Promise<PreviewStats> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const status = await this.status();
      if (status === 'failed') throw new Error(`the preview failed: ${await this.message()}`);
      if (await this.page.getByTestId('preview-stats').isVisible()) {
        const stats = await this.stats();
        if (ready(stats)) return stats;
        if (Date.now() > deadline) throw new Error(`the preview did not get there in time: ${JSON.stringify(stats)}, status ${status}`);
      } else if (Date.now() > deadline) {
        throw new Error(`the preview shows no stats, status ${status}`);
      }
      await this.page.waitForTimeout(250);
    }
  }

  async message(): Promise<string> {
    return (await this.page.getByTestId('preview-message').textContent()) ?? '';
  }

  async stop(): Promise<void> {
    await this.page.getByTestId('preview-stop').click();
  }

  async close(): Promise<void> {
    await this.page.getByTestId('preview-close').click();
    await this.panel.waitFor({ state: 'detached' });
  }

  /** Particles the Setup viewer draws (the preview's fluid). */
  async drawnParticles(): Promise<number> {
    return Number(await this.page.getByTestId('setup-viewport').getAttribute('data-particle-count'));
  }
}
