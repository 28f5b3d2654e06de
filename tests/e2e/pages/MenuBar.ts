// The app's menu bar: breadcrumbs, Help and Settings menus, Logout, and the burger menu below 1024 px.
import type { Locator, Page } from 'playwright-core';

export class MenuBar {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  get root(): Locator {
    return this.page.getByTestId('menu-bar');
  }

  async openSettingsMenu(): Promise<Locator> {
    await this.page.getByTestId('menu-settings').click();
    const dropdown = this.page.getByTestId('menu-settings-dropdown');
    await dropdown.waitFor();
    return dropdown;
  }

  async openHelpMenu(): Promise<Locator> {
    await this.page.getByTestId('menu-help').click();
    const dropdown = this.page.getByTestId('menu-help-dropdown');
    await dropdown.waitFor();
    return dropdown;
  }

  async logout(): Promise<void> {
    await this.openSettingsMenu();
    await this.page.getByTestId('menu-logout').click();
  }

  breadcrumb(part: 'projects' | 'project' | 'simulation' | 'mode' | 'area'): Locator {
    return this.page.getByTestId(`breadcrumb-${part}`);
  }

  /** Renames the simulation through its breadcrumb; Enter submits. */
  async renameSimulationInline(name: string): Promise<void> {
    await this.breadcrumb('simulation').click();
    const input = this.page.getByTestId('breadcrumb-simulation-input');
    await input.fill(name);
    await input.press('Enter');
  }
}
