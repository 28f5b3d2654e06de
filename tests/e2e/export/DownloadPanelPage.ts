// Page object of the Download panel in the right sidebar (Export screen): its two tabs, the Select Data
// controls by their test ids, and the Download Files tab's state, files and downloads.
import type { Download, Locator, Page } from 'playwright-core';

export class DownloadPanelPage {
  readonly page: Page;
  readonly panel: Locator;

  constructor(page: Page) {
    this.page = page;
    this.panel = page.getByTestId('download-panel');
  }

  async open(): Promise<void> {
    await this.page.getByTestId('sidebar-tab-download').click();
    await this.panel.waitFor({ timeout: 30_000 });
  }

  tab(name: 'select' | 'files'): Locator {
    return this.page.getByTestId(`export-tab-${name}`);
  }

  checkbox(testId: string): Locator {
    return this.page.getByTestId(testId);
  }

  async setChecked(testId: string, checked: boolean): Promise<void> {
    const box = this.checkbox(testId);
    if ((await box.isChecked()) !== checked) await box.click();
  }

  async chooseOutputMode(mode: 'Single' | 'Range'): Promise<void> {
    await this.page.getByTestId('export-output-mode').getByText(mode, { exact: true }).click();
  }

  async chooseBoundariesType(type: 'STL' | 'VTU'): Promise<void> {
    await this.page.getByTestId('export-boundaries-type').getByText(type, { exact: true }).click();
  }

  async fill(testId: string, value: number): Promise<void> {
    const input = this.page.getByTestId(testId);
    await input.fill(String(value));
    await input.blur();
  }

  exportButton(): Locator {
    return this.page.getByTestId('export-start');
  }

  /** Waits until the Download Files tab shows the export in `state`. */
  async waitForState(state: string, timeout = 90_000): Promise<void> {
    await this.page.locator(`[data-testid="export-files-tab"][data-state="${state}"]`).waitFor({ timeout });
  }

  async downloadZip(): Promise<Download> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.page.getByTestId('export-download-zip').click()]);
    return download;
  }
}
