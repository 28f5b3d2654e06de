// Page object of the assembly import modal: opened from the meshing tools menu, the STEP upload, the
// structure tree (nodes by entry id), the part list with its tabs, drag and drop, and the footer.
import type { Locator, Page } from 'playwright-core';

export class AssemblyImportModal {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  get root(): Locator {
    return this.page.getByTestId('assembly-modal');
  }

  async open(): Promise<void> {
    await this.page.getByTestId('meshing-tools').click();
    await this.page.getByTestId('open-cad').click();
    await this.page.getByTestId('assembly-stepper').waitFor();
  }

  async upload(name: string, buffer: Buffer): Promise<void> {
    await this.page.getByTestId('assembly-file-input').setInputFiles({ name, mimeType: 'model/step', buffer });
    await this.page.getByTestId('assembly-tree').waitFor({ timeout: 90_000 });
  }

  node(entryId: string): Locator {
    return this.page.locator(`[data-testid="assembly-node"][data-entry-id="${entryId}"]`);
  }

  async search(text: string): Promise<void> {
    await this.page.getByTestId('assembly-search').fill(text);
  }

  part(name: string): Locator {
    return this.page.locator(`[data-testid="assembly-part"][data-part-name="${name}"]`);
  }

  /** Names of the parts in the open tab. */
  async partNames(): Promise<string[]> {
    return this.page.locator('[data-testid="assembly-part"]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-part-name') ?? ''));
  }

  async tab(which: 'solids' | 'inletsOutlets'): Promise<void> {
    await this.page.getByTestId(`assembly-tab-${which}`).click();
  }

  /**
   * Presses on `source`, moves past the drag threshold in small steps to `target` and releases there; calls
   * `whileDragging` before the release (to look at the overlay).
   */
  async drag(source: Locator, target: Locator, whileDragging?: () => Promise<void>): Promise<void> {
    const from = (await source.boundingBox())!;
    const to = (await target.boundingBox())!;
    const start = { x: from.x + from.width / 3, y: from.y + from.height / 2 };
    const end = { x: to.x + to.width / 2, y: to.y + to.height / 2 };
    await this.page.mouse.move(start.x, start.y);
    await this.page.mouse.down();
    await this.page.mouse.move(start.x + 3, start.y + 2, { steps: 2 });
    await this.page.mouse.move(end.x, end.y, { steps: 12 });
    await whileDragging?.();
    await this.page.mouse.up();
  }

  async next(): Promise<void> {
    await this.page.getByTestId('assembly-next').click();
    await this.page.getByTestId('parts-to-tessellate').waitFor();
  }

  tessellateButton(): Locator {
    return this.page.getByTestId('assembly-tessellate');
  }
}
