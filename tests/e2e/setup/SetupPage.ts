// Page object of the Setup screen: the Add menu, the object tree, the left forms (vector and number
// fields, switches, selects), the save state and the right sidebar panels.
import type { Locator, Page } from 'playwright-core';

export type Vec3 = [number, number, number];

export class SetupPage {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  async waitUntilShown(): Promise<void> {
    await this.page.getByTestId('setup-screen').waitFor();
  }

  get form(): Locator {
    return this.page.getByTestId('setup-form-panel');
  }

  async openAddMenuItem(testId: string): Promise<void> {
    await this.page.getByTestId('setup-add-menu').click();
    await this.page.getByTestId(testId).click();
  }

  async fill(testId: string, value: string | number): Promise<void> {
    await this.page.getByTestId(testId).fill(String(value));
  }

  async fillVector(testId: string, value: Vec3): Promise<void> {
    const axes = ['x', 'y', 'z'] as const;
    for (let i = 0; i < 3; i++) await this.fill(`${testId}-${axes[i]}`, value[i]);
  }

  async setSwitch(testId: string, on: boolean): Promise<void> {
    await this.page.getByTestId(testId).setChecked(on, { force: true });
  }

  async choose(testId: string, option: string): Promise<void> {
    await this.page.getByTestId(testId).click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }

  async addSolidCube(input: { name: string; dimensions: Vec3; offset: Vec3; container: boolean }): Promise<void> {
    await this.openAddMenuItem('add-solid-cube');
    await this.fill('add-name', input.name);
    await this.fillVector('add-dimensions', input.dimensions);
    await this.fillVector('add-translation', input.offset);
    await this.setSwitch('add-flipNormals', input.container);
    await this.page.getByTestId('add-submit').click();
    await this.page.getByTestId('part-form').waitFor();
  }

  async addFluidCube(input: { name: string; dimensions: Vec3; offset: Vec3 }): Promise<void> {
    await this.openAddMenuItem('add-fluid-cube');
    await this.fill('add-name', input.name);
    await this.fillVector('add-dimensions', input.dimensions);
    await this.fillVector('add-translation', input.offset);
    await this.page.getByTestId('add-submit').click();
    await this.page.getByTestId('part-form').waitFor();
  }

  treePart(name: string): Locator {
    return this.page.getByTestId('setup-tree').locator('[data-testid^="tree-part-"]', { hasText: name });
  }

  async openTreeItem(testId: string): Promise<void> {
    await this.page.getByTestId(testId).click();
  }

  /** Waits until every change has reached the server. */
  async waitSaved(): Promise<void> {
    await this.page.locator('[data-testid="save-state"][data-state="saved"]').waitFor({ timeout: 15_000 });
  }

  /** The save indicator's state (`saved`, `pending`, `saving`, `error`, `refused`) and its text. */
  async saveState(): Promise<{ state: string | null; text: string }> {
    const indicator = this.page.getByTestId('save-state');
    return { state: await indicator.getAttribute('data-state'), text: (await indicator.textContent()) ?? '' };
  }

  async openSidebarPanel(panel: 'jobs' | 'checklist' | 'info'): Promise<Locator> {
    const body = this.page.getByTestId(`sidebar-panel-${panel}`);
    if (!(await body.isVisible())) await this.page.getByTestId(`sidebar-tab-${panel}`).click();
    await body.waitFor();
    return body;
  }

  async vectorValues(testId: string): Promise<string[]> {
    return Promise.all(['x', 'y', 'z'].map((a) => this.page.getByTestId(`${testId}-${a}`).inputValue()));
  }

  /**
   * Moves the pointer across the middle of the viewport, left to right, and collects the hover labels
   * shown on the way (part names, 'Deletion Boundary').
   */
  async hoverLabelsAcross(stepPx = 3): Promise<string[]> {
    const box = (await this.page.getByTestId('setup-viewport').boundingBox())!;
    const labels = new Set<string>();
    const tooltip = this.page.getByTestId('viewport-tooltip');
    for (const row of [0.5, 0.42, 0.58]) {
      for (let x = box.x + 10; x < box.x + box.width - 260; x += stepPx) {
        await this.page.mouse.move(x, box.y + box.height * row);
        if (await tooltip.isVisible()) labels.add((await tooltip.textContent()) ?? '');
      }
      if (labels.has('Deletion Boundary')) break;
    }
    return [...labels];
  }

  /** The hover label at a viewport point: `x` px from its left, `row` a fraction of its height. */
  async hoverLabelAt(x: number, row: number): Promise<string | null> {
    const box = (await this.page.getByTestId('setup-viewport').boundingBox())!;
    await this.page.mouse.move(box.x + x, box.y + box.height * row);
    // Hover is throttled to 30 ms; give the tooltip a moment to follow.
    await this.page.waitForTimeout(120);
    const tooltip = this.page.getByTestId('viewport-tooltip');
    return (await tooltip.isVisible()) ? await tooltip.textContent() : null;
  }

  /** The first x (px from the viewport's left) along a row where the pointer shows `label`, or null. */
  async firstHoverAt(label: string, row: number, stepPx = 10): Promise<number | null> {
    const box = (await this.page.getByTestId('setup-viewport').boundingBox())!;
    for (let x = 10; x < box.width; x += stepPx) {
      if ((await this.hoverLabelAt(x, row)) === label) return x;
    }
    return null;
  }

  /** Number of meshes the viewer engine draws. */
  async meshCount(): Promise<number> {
    return Number(await this.page.getByTestId('setup-viewport').getAttribute('data-mesh-count'));
  }
}
