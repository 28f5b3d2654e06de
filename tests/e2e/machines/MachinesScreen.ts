// The machines list (/machines) and the simulation's VM button in the menu bar.
import type { Locator, Page } from 'playwright-core';

export class MachinesScreen {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  vmButton(): Locator {
    return this.page.getByTestId('vm-button');
  }

  /** Waits for the VM button to read `label` (and, by default, to be enabled once its data has loaded). */
  async waitForVmButton(label: string, options: { enabled?: boolean; timeout?: number } = {}): Promise<void> {
    const button = this.page.locator(`[data-testid="vm-button"]${options.enabled === false ? '' : ':not([disabled])'}`).filter({ hasText: label });
    await button.waitFor({ timeout: options.timeout ?? 60_000 });
  }

  rows(): Locator {
    return this.page.getByTestId('machine-row');
  }

  hoursLeft(): Locator {
    return this.page.getByTestId('machines-hours-left');
  }
}
