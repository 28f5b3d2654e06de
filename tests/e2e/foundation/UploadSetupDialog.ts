// The Upload dialog of a simulation row (organisations with upload_preprocessing).
import type { Locator, Page } from 'playwright-core';

export class UploadSetupDialog {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  /** The modal's content (its root element has no box of its own). */
  get root(): Locator {
    return this.page.locator('.mantine-Modal-content').filter({ has: this.page.getByTestId('upload-setup-submit') });
  }

  async upload(file: { name: string; buffer: Buffer }, jobFilename: string): Promise<void> {
    await this.page.getByTestId('upload-setup-submit').waitFor();
    await this.root.locator('input[type="file"]').setInputFiles({ name: file.name, mimeType: 'application/zip', buffer: file.buffer });
    await this.page.getByTestId('upload-setup-job-filename').fill(jobFilename);
    await this.page.getByTestId('upload-setup-submit').click();
  }

  error(): Locator {
    return this.page.getByTestId('upload-setup-error');
  }
}
