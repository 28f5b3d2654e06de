// The embedded provider's sign-in pages (server-rendered): password, then the TOTP code when enrolled.
import type { Page } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';

export class LoginPage {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  async waitUntilShown(): Promise<void> {
    await this.page.getByTestId('login-email').waitFor();
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.waitUntilShown();
    await this.page.getByTestId('login-email').fill(email);
    await this.page.getByTestId('login-password').fill(password);
    await this.page.getByTestId('login-submit').click();
  }

  async enterCode(code: string): Promise<void> {
    await this.page.getByTestId('totp-code').fill(code);
    await this.page.getByTestId('totp-submit').click();
  }
}

/**
 * A TOTP code for the secret. `stepsAhead` 1 gives the next 30 s step's code, which the server accepts
 * (one step of drift) and which is newer than a code just used for enrolment (codes work once).
 */
export function totpCode(secret: string, stepsAhead = 0): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: Date.now() + stepsAhead * 30_000 });
}
