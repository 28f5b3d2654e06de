// The VM screen (/machines/:simulationId): window state, terminal, SFTP details, auto shutdown, shutdown
// and the file browser.
import type { Download, Locator, Page } from 'playwright-core';

export class RemoteVmScreen {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  get root(): Locator {
    return this.page.getByTestId('vm-page');
  }

  async waitForWindowState(state: 'loading' | 'connected' | 'error', timeout = 60_000): Promise<void> {
    await this.page.locator(`[data-testid="vm-page"][data-window-state="${state}"]`).waitFor({ timeout });
  }

  terminal(): Locator {
    return this.page.getByTestId('vm-terminal');
  }

  /** What the terminal shows (xterm's rows as text). */
  async terminalText(): Promise<string> {
    return (await this.page.getByTestId('vm-terminal-screen').locator('.xterm-rows').innerText()).replace(/\u00a0/g, ' ');
  }

  async typeInTerminal(text: string): Promise<void> {
    await this.page.getByTestId('vm-terminal-screen').click();
    await this.page.keyboard.type(text);
    await this.page.keyboard.press('Enter');
  }

  async waitForTerminalText(pattern: RegExp, timeout = 60_000): Promise<RegExpExecArray> {
    const deadline = Date.now() + timeout;
    for (;;) {
      const match = pattern.exec(await this.terminalText());
      if (match) return match;
      if (Date.now() > deadline) throw new Error(`the terminal did not show ${pattern}:\n${await this.terminalText()}`);
      await this.page.waitForTimeout(250);
    }
  }

  async sftp(): Promise<{ host: string; port: number; username: string; password: string }> {
    return {
      host: (await this.page.getByTestId('vm-sftp-host').innerText()).trim(),
      port: Number((await this.page.getByTestId('vm-sftp-port').innerText()).trim()),
      username: (await this.page.getByTestId('vm-sftp-user').innerText()).trim(),
      password: await this.inputOf('vm-sftp-password').inputValue(),
    };
  }

  /** The input a test id names: Mantine puts the id on the input itself or on its wrapper. */
  private inputOf(testId: string): Locator {
    return this.page.locator(`input[data-testid="${testId}"], [data-testid="${testId}"] input`).first();
  }

  autoShutdown(): Locator {
    return this.inputOf('vm-auto-shutdown');
  }

  async waitForAutoShutdown(on: boolean): Promise<void> {
    await this.page.waitForFunction(
      (expected) => (document.querySelector('input[data-testid="vm-auto-shutdown"], [data-testid="vm-auto-shutdown"] input') as HTMLInputElement | null)?.checked === expected,
      on,
    );
  }

  file(name: string): Locator {
    return this.page.locator(`[data-testid="vm-file"][data-name="${name}"]`);
  }

  async refreshFiles(): Promise<void> {
    await this.page.getByRole('button', { name: 'Refresh files' }).click();
  }

  async upload(name: string, content: Buffer): Promise<void> {
    await this.page.getByTestId('vm-upload-input').setInputFiles({ name, mimeType: 'text/plain', buffer: content });
  }

  async download(name: string): Promise<Download> {
    const download = this.page.waitForEvent('download');
    await this.file(name).getByTestId('vm-file-download').click();
    return download;
  }

  async shutDown(): Promise<void> {
    await this.page.getByTestId('vm-shutdown').click();
    await this.page.getByTestId('vm-shutdown-confirm').click();
  }
}
