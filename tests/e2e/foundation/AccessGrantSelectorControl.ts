// The access-grant selector of the menu bar: which organisation a Surge support user acts in, and the
// request dialog.
import type { Locator, Page } from 'playwright-core';

export class AccessGrantSelectorControl {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  get root(): Locator {
    return this.page.getByTestId('access-grant-selector');
  }

  /** The organisation shown as acted in. */
  async current(): Promise<string> {
    return this.page.getByTestId('access-grant-select').inputValue();
  }

  async choose(label: string): Promise<void> {
    await this.page.getByTestId('access-grant-select').click();
    await this.page.getByRole('option', { name: new RegExp(label) }).click();
  }

  async request(organization: string, reason: string): Promise<void> {
    await this.page.getByTestId('access-grant-request').click();
    const submit = this.page.getByTestId('access-grant-request-submit');
    await submit.waitFor();
    await this.page.getByTestId('access-grant-request-organization').click();
    await this.page.getByRole('option', { name: organization }).click();
    await this.page.getByTestId('access-grant-request-reason').click();
    await this.page.getByRole('option', { name: reason }).click();
    await submit.click();
    await submit.waitFor({ state: 'detached' });
  }
}
