// Page object of the statistics panel of Results: its mode, the form (objects, attribute, outputs,
// operations, Load), the table and the chart windows with their downloads.
import type { Download, Locator, Page } from 'playwright-core';

export class StatisticsPanel {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  get root(): Locator {
    return this.page.getByTestId('statistics-panel');
  }

  async mode(): Promise<string> {
    return (await this.root.getAttribute('data-mode')) ?? '';
  }

  /** Opens the panel from its minimized bar (half-screen where the window is wide enough). */
  async open(): Promise<void> {
    if ((await this.mode()) === 'minimized') await this.page.getByTestId('statistics-header').click();
  }

  async setMode(mode: 'minimized' | 'half' | 'fullscreen'): Promise<void> {
    await this.page.getByTestId(`statistics-mode-${mode}`).click();
  }

  async statusMessage(): Promise<string> {
    return (await this.page.getByTestId('statistics-status-message').textContent()) ?? '';
  }

  async chooseObject(id: string): Promise<void> {
    await this.page.getByTestId(`statistics-object-${id}`).check({ force: true });
  }

  async chooseAttribute(name: string): Promise<void> {
    await this.page.getByTestId('statistics-attribute').selectOption(name);
  }

  async chooseOutputMode(label: 'Current output' | 'Output range' | 'Time range'): Promise<void> {
    await this.page.getByTestId('statistics-output-mode').getByText(label).click();
  }

  async setRange(start: string, end: string): Promise<void> {
    await this.page.getByTestId('statistics-range-start').fill(start);
    await this.page.getByTestId('statistics-range-end').fill(end);
  }

  /** The lines of the range tooltip (errors, or the limits when there are none). */
  async rangeTooltip(): Promise<string[]> {
    await this.page.getByTestId('statistics-range-errors').hover();
    const info = this.page.getByTestId('statistics-range-info');
    await info.waitFor();
    const lines = await info.locator('div').allTextContents();
    await this.page.mouse.move(0, 0);
    await info.waitFor({ state: 'detached' });
    return lines.length > 0 ? lines : [(await info.textContent()) ?? ''];
  }

  get loadButton(): Locator {
    return this.page.getByTestId('statistics-load');
  }

  async setOperation(op: string, on: boolean): Promise<void> {
    const box = this.page.getByTestId(`statistics-operation-${op}`);
    if (on) await box.check({ force: true });
    else await box.uncheck({ force: true });
  }

  /** Per computed output: its number and the value of each operation column. */
  async tableValues(): Promise<{ output: number; values: Record<string, number> }[]> {
    const rows = this.page.getByTestId('statistics-row');
    const count = await rows.count();
    const out: { output: number; values: Record<string, number> }[] = [];
    for (let i = 0; i < count; i++) {
      const row = rows.nth(i);
      const values: Record<string, number> = {};
      for (const td of await row.locator('td[data-op]').all()) values[(await td.getAttribute('data-op')) ?? ''] = Number(await td.getAttribute('data-value'));
      out.push({ output: Number(await row.getAttribute('data-output')), values });
    }
    return out;
  }

  async overallValue(op: string): Promise<number> {
    return Number(await this.page.getByTestId('statistics-overall').locator(`td[data-op="${op}"]`).getAttribute('data-value'));
  }

  async showCharts(): Promise<void> {
    await this.page.getByTestId('statistics-tab-charts').click();
  }

  async showTable(): Promise<void> {
    await this.page.getByTestId('statistics-tab-table').click();
  }

  chartWindows(): Locator {
    return this.page.getByTestId('chart-window');
  }

  /** Clicks a download button of the first chart window and returns the file's name and bytes. */
  async download(button: 'chart-csv' | 'chart-png' | 'statistics-table-csv'): Promise<{ name: string; bytes: Buffer }> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.page.getByTestId(button).first().click()]);
    return { name: download.suggestedFilename(), bytes: await readDownload(download) };
  }
}

async function readDownload(download: Download): Promise<Buffer> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
