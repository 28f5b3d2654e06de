// Profile & Settings: profile form and two-factor authenticators.
import type { Page } from 'playwright-core';
import { totpCode } from './LoginPage.ts';

export class ProfilePage {
  readonly page: Page;
  readonly baseUrl: string;

  constructor(page: Page, baseUrl: string) {
    this.page = page;
    this.baseUrl = baseUrl;
  }

  async goto(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/settings/profile`);
    await this.page.getByTestId('settings-profile').waitFor();
  }

  /** Enrols an authenticator app and returns its secret, as a user with a phone app would. */
  async enrolTotp(label = 'Phone'): Promise<string> {
    await this.page.getByTestId('mfa-add').click();
    const secret = (await this.page.getByTestId('mfa-secret').innerText()).trim();
    await this.page.getByTestId('mfa-label').fill(label);
    await this.typeCode(totpCode(secret));
    await this.page.getByTestId('mfa-verify').click();
    await this.page.getByTestId('mfa-enrol-modal').getByRole('dialog').waitFor({ state: 'hidden' });
    return secret;
  }

  async typeCode(code: string): Promise<void> {
    await this.page.getByTestId('mfa-code').locator('input').first().click();
    await this.page.keyboard.type(code);
  }
}
