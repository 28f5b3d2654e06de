// Page object of a part's Motion tab, the movement form, the acceleration file of the Settings form and
// the movement timeline of the Setup screen.
import type { Locator, Page } from 'playwright-core';
import type { SetupPage, Vec3 } from './SetupPage.ts';

export class MotionPage {
  readonly page: Page;
  readonly setup: SetupPage;

  constructor(setup: SetupPage) {
    this.setup = setup;
    this.page = setup.page;
  }

  async openPartMotionTab(partId: string): Promise<Locator> {
    await this.setup.openTreeItem(`tree-part-${partId}`);
    await this.page.getByTestId('part-tab-motion').click();
    const tab = this.page.getByTestId('part-motion');
    await tab.waitFor();
    return tab;
  }

  get form(): Locator {
    return this.page.getByTestId('movement-form');
  }

  async startAdding(): Promise<void> {
    await this.page.getByTestId('motion-add').click();
    await this.page.locator('[data-testid="movement-form-body"][data-mode="add"]').waitFor();
  }

  async chooseType(label: 'Translation' | 'Rotation'): Promise<void> {
    await this.page.getByTestId('movement-type').getByText(label, { exact: true }).click();
  }

  async fillRotation(input: { start: number; end: number | null; center: Vec3; axis: Vec3; velocity: number }): Promise<void> {
    await this.setup.fill('movement-start', input.start);
    const openEnd = this.page.getByTestId('movement-open-end');
    await openEnd.setChecked(input.end === null, { force: true });
    if (input.end !== null) await this.setup.fill('movement-end', input.end);
    await this.setup.fillVector('movement-center', input.center);
    await this.setup.fillVector('movement-axis', input.axis);
    await this.setup.fill('movement-vel', input.velocity);
  }

  async submit(): Promise<void> {
    await this.page.getByTestId('movement-submit').click();
  }

  async itemNames(): Promise<string[]> {
    return this.page.getByTestId('motion-item-name').allTextContents();
  }

  get timeline(): Locator {
    return this.page.getByTestId('setup-timeline');
  }

  async movementStatus(): Promise<string | null> {
    const status = this.page.getByTestId('movement-status');
    return (await status.isVisible()) ? status.textContent() : null;
  }

  /**
   * Starts recording every text the movement status line shows, in order, so that a test can check the
   * loading sequence however fast it runs.
   */
  async recordMovementStatuses(): Promise<void> {
    await this.page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { movementStatuses: string[] }).movementStatuses = seen;
      const note = () => {
        const text = document.querySelector('[data-testid="movement-status"]')?.textContent ?? null;
        if (text !== null && seen[seen.length - 1] !== text) seen.push(text);
      };
      new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
  }

  async recordedMovementStatuses(): Promise<string[]> {
    return this.page.evaluate(() => [...(window as unknown as { movementStatuses: string[] }).movementStatuses]);
  }

  async timelineProgress(): Promise<number> {
    return Number(await this.timeline.getAttribute('data-progress'));
  }

  async chooseAccelerationFile(name: string, content: string): Promise<void> {
    await this.page.getByTestId('acceleration-file-input').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content) });
  }
}
