// The projects page: project sections, their simulations, the control bar and the dialogs.
import type { Locator, Page } from 'playwright-core';

export class ProjectsPage {
  readonly page: Page;
  readonly baseUrl: string;

  constructor(page: Page, baseUrl: string) {
    this.page = page;
    this.baseUrl = baseUrl;
  }

  async goto(query = ''): Promise<void> {
    await this.page.goto(`${this.baseUrl}/projects${query ? `?${query}` : ''}`);
    await this.waitUntilLoaded();
  }

  async waitUntilLoaded(): Promise<void> {
    await this.page.getByTestId('projects-page').waitFor();
    await this.page.getByTestId('query-loading').waitFor({ state: 'hidden' });
  }

  project(name: string): Locator {
    return this.page.locator(`[data-testid="project-section"][data-project-name="${cssString(name)}"]`);
  }

  projectNames(): Promise<string[]> {
    return this.page.getByTestId('project-name').allInnerTexts();
  }

  simulationRow(name: string): Locator {
    return this.page.locator(`[data-testid="simulation-row"][data-simulation-name="${cssString(name)}"]`);
  }

  // ------------------------------------------------------------------ projects
  async openNewProjectDialog(): Promise<Locator> {
    await this.page.getByTestId('new-project').click();
    return this.dialog('project-form');
  }

  async fillNameDescription(prefix: 'project-form' | 'simulation-form', name: string, description?: string): Promise<void> {
    await this.page.getByTestId(`${prefix}-name`).fill(name);
    if (description !== undefined) await this.page.getByTestId(`${prefix}-description`).fill(description);
  }

  async submit(prefix: 'project-form' | 'simulation-form'): Promise<void> {
    await this.page.getByTestId(`${prefix}-submit`).click();
  }

  async createProject(name: string, description = ''): Promise<void> {
    await this.openNewProjectDialog();
    await this.fillNameDescription('project-form', name, description);
    await this.submit('project-form');
    await this.project(name).waitFor();
  }

  async editProject(currentName: string, name: string, description?: string): Promise<void> {
    await this.project(currentName).getByTestId('project-edit').click();
    await this.dialog('project-form');
    await this.fillNameDescription('project-form', name, description);
    await this.submit('project-form');
    await this.project(name).waitFor();
  }

  async openDeleteProject(name: string): Promise<Locator> {
    await this.project(name).getByTestId('project-delete').click();
    return this.dialog('delete-project');
  }

  // ------------------------------------------------------------------ simulations
  async createSimulation(projectName: string, name: string, description = ''): Promise<void> {
    await this.project(projectName).getByTestId('project-new-simulation').click();
    await this.dialog('simulation-form');
    await this.fillNameDescription('simulation-form', name, description);
    await this.submit('simulation-form');
    await this.simulationRow(name).waitFor();
  }

  async simulationAction(simulationName: string, action: 'rename' | 'download' | 'move' | 'clone' | 'delete'): Promise<void> {
    await this.simulationRow(simulationName).getByTestId('simulation-actions').click();
    await this.page.getByTestId('simulation-actions-dropdown').waitFor();
    await this.page.getByTestId(`action-${action}`).click();
  }

  async renameSimulation(currentName: string, name: string): Promise<void> {
    await this.simulationAction(currentName, 'rename');
    await this.dialog('simulation-form');
    await this.fillNameDescription('simulation-form', name);
    await this.submit('simulation-form');
    await this.simulationRow(name).waitFor();
  }

  async moveSimulation(simulationName: string, targetProject: string): Promise<void> {
    await this.simulationAction(simulationName, 'move');
    await this.dialog('move-simulation');
    await this.page.getByTestId('move-simulation-select').click();
    await this.page.getByRole('option', { name: targetProject, exact: true }).click();
    await this.page.getByTestId('move-simulation-confirm').click();
    await this.page.getByTestId('move-simulation-modal').getByRole('dialog').waitFor({ state: 'hidden' });
  }

  async openDeleteSimulation(name: string): Promise<Locator> {
    await this.simulationAction(name, 'delete');
    return this.dialog('delete-simulation');
  }

  /** Types into a type-the-name dialog and confirms. */
  async confirmByName(prefix: 'delete-project-modal' | 'delete-simulation-modal', typed: string): Promise<void> {
    await this.page.getByTestId(`${prefix}-input`).fill(typed);
    await this.page.getByTestId(`${prefix}-confirm`).click();
  }

  async dialog(kind: 'project-form' | 'simulation-form' | 'move-simulation' | 'delete-project' | 'delete-simulation'): Promise<Locator> {
    // The Mantine modal root has no box of its own; its dialog element is what shows.
    const locator = this.page.getByTestId(`${kind}-modal`).getByRole('dialog');
    await locator.waitFor();
    return locator;
  }

  /** The error shown under an input; Mantine gives it the id `<input id>-error`. */
  async fieldError(testId: string): Promise<Locator> {
    const id = await this.page.getByTestId(testId).getAttribute('id');
    return this.page.locator(`[id="${id}-error"]`);
  }

  async search(text: string): Promise<void> {
    await this.page.getByTestId('projects-search').fill(text);
  }
}

function cssString(value: string): string {
  return value.replaceAll('\\', '\\\\').replaceAll('"', '\\"');
}
