// The access grants section of the Team page (team admins): the list, Show expired and Revoke.
import type { Locator, Page } from 'playwright-core';

export class TeamAccessGrantsSection {
  readonly page: Page;
  readonly baseUrl: string;

  constructor(page: Page, baseUrl: string) {
    this.page = page;
    this.baseUrl = baseUrl;
  }

  get root(): Locator {
    return this.page.getByTestId('team-access-grants');
  }

  async goto(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/settings/team`);
    await this.root.waitFor();
  }

  row(grantId: string): Locator {
    return this.root.locator(`[data-testid="access-grant-row"][data-grant-id="${grantId}"]`);
  }

  async state(grantId: string): Promise<string> {
    return (await this.row(grantId).getByTestId('access-grant-state').textContent()) ?? '';
  }

  async revoke(grantId: string): Promise<void> {
    await this.row(grantId).getByTestId('access-grant-revoke').click();
    await this.page.getByTestId('access-grant-revoke-confirm').click();
  }

  async showExpired(on: boolean): Promise<void> {
    const toggle = this.root.getByTestId('access-grants-include-expired');
    if ((await toggle.isChecked()) !== on) await toggle.click({ force: true });
  }
}
