// The run controls end to end in headless Chromium against a real server: Start blocked with the spec's
// reasons, the dam break run from the Setup screen to its outputs with the setup locked afterwards and
// unlocked by Edit Setup, and a running simulation stopped after the confirmation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../support/chromium.ts';
import { startServer, type StartedServer } from '../../support/server.ts';
import { screenshot } from '../pages/appBrowser.ts';
import { SetupPage } from './SetupPage.ts';
import { createSimulation, openSignedIn } from './setupFixtures.ts';

let server: StartedServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function api<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A coarse dam break that a CPU run finishes in seconds: 4 cm particles, 0.1 s simulated. */
async function putDamBreak(token: string, simulationId: string, endTime: number): Promise<void> {
  const setup = await api<Record<string, unknown> & { settings: Record<string, unknown>; parts: unknown[] }>(token, 'GET', `/simulations/${simulationId}/setup`);
  const appearance = { color: '#8C9AA8', opacity: 0.5, wireframe: false, translucent: true, visibility: true, viewMode: 'surface', showPointcloud: false };
  const shape = (dimensions: number[], translation: number[], flipNormals: boolean) => ({
    type: 'stl_cube', translation, rotation: [0, 0, 0], scale: [1, 1, 1], flipNormals, info: null, resolution: 1, dimensions,
  });
  await api(token, 'PUT', `/simulations/${simulationId}/setup`, {
    ...setup,
    settings: {
      ...setup.settings, particleDiameter: 0.04, endTime, outputTimeInterval: endTime / 5, calcDomainActive: true,
      calcDomainMin: [-0.1, -0.1, -0.1], calcDomainMax: [0.9, 0.3, 0.5],
    },
    parts: [
      {
        id: crypto.randomUUID(), name: 'Tank', materialId: null, seedPoint: null, hasWarnings: false, warnings: [], appearance,
        component: { type: 'rigid', heatFlux: 0, boundaryTemperature: 293.15, referenceTemperature: 293.15, heatTransferCoefficient: 0, thermoKind: 'adiabatic', velocityKind: 'slip', velocityConditionMovementId: null, contactAngle: 90 },
        shape: shape([0.8, 0.2, 0.4], [0.4, 0.1, 0.2], true),
      },
      {
        id: crypto.randomUUID(), name: 'Water column', materialId: 0, seedPoint: null, hasWarnings: false, warnings: [], appearance: { ...appearance, color: '#2D69B2' },
        component: { type: 'flow', initialTemperature: 293.15, initialVelocity: [0, 0, 0], initialPressure: 0, initialDistribution: 'constant', initialDistributionTableId: null, initialPreset: 'hydrostatic' },
        shape: shape([0.16, 0.2, 0.24], [0.08, 0.1, 0.12], false),
      },
    ],
  });
}

async function simulationState(page: Page): Promise<string | null> {
  return page.getByTestId('right-sidebar').getByTestId('run-button').getAttribute('data-action');
}

async function openStartFlow(page: Page): Promise<void> {
  await page.getByTestId('run-button').click();
  await page.getByTestId('start-flow').waitFor();
  await page.getByTestId('start-general').waitFor({ timeout: 30_000 });
}

describe('Run controls', () => {
  it('blocks Start while the setup has errors and says why', async () => {
    const { simulationId } = await createSimulation(server, 'Blocked');
    const page = await openSignedIn(browser, server, `/simulation/${simulationId}/preprocessor`);
    const setup = new SetupPage(page);
    await setup.waitUntilShown();
    // Air drag without an air drag domain is an error of the setup (saved, listed, blocking).
    await setup.addSolidCube({ name: 'Tank', dimensions: [1, 1, 1], offset: [0, 0, 0.5], container: true });
    await setup.addFluidCube({ name: 'Water', dimensions: [0.5, 0.5, 0.5], offset: [0, 0, 0.25] });
    await setup.openTreeItem('tree-physics');
    await setup.setSwitch('physics-airDrag', true);
    await setup.waitSaved();
    await openStartFlow(page);
    await page.getByTestId('start-next').click();
    await page.getByTestId('start-blockers').getByText('Resolve the errors listed in Input Validation before starting.').waitFor();
    expect(await page.getByTestId('start-submit').isDisabled()).toBe(true);
    await page.getByTestId('start-open-validation').click();
    await page.getByTestId('validation-panel').waitFor();
    await page.getByTestId('validation-panel').getByText('Add an air drag domain or turn air drag off.').waitFor();
    await page.context().close();
  });

  it('runs the dam break, locks the setup, and unlocks it with Edit Setup', async () => {
    const { simulationId, token } = await createSimulation(server, 'Dam break run');
    await putDamBreak(token, simulationId, 0.1);
    const page = await openSignedIn(browser, server, `/simulation/${simulationId}/preprocessor`);
    const setup = new SetupPage(page);
    await setup.waitUntilShown();
    expect(await simulationState(page)).toBe('run');

    await openStartFlow(page);
    expect(await page.getByTestId('start-solver').inputValue()).not.toBe('');
    // The default cores are what this installation gives a run, within the subscription.
    const [solver] = await api<{ maxThreads: number }[]>(token, 'GET', '/solvers');
    const cores = Number(/^(\d+) cores?$/.exec(await page.getByTestId('start-cores').inputValue())?.[1]);
    expect(cores).toBeGreaterThan(0);
    expect(cores).toBeLessThanOrEqual(Math.max(1, solver.maxThreads));
    expect(await page.getByTestId('start-current-credits').textContent()).toMatch(/^[\d,]+\.\d{2}$/);
    // A stop condition must lie before the end time: Next does not pass it. It is removed again so the run completes.
    await page.getByTestId('condition-add-stop').click();
    await page.getByTestId('condition-threshold').fill('0.5');
    await page.getByText('must be smaller than the end time').waitFor();
    await screenshot(page, 'setup-start-dialog');
    await page.getByTestId('start-next').click();
    await page.waitForTimeout(300);
    expect(await page.getByTestId('start-alerts').count()).toBe(0);
    expect(await page.getByTestId('start-general').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Remove stop condition' }).click();
    await page.getByTestId('start-next').click();
    await page.getByTestId('start-alerts').waitFor();
    await screenshot(page, 'setup-start-flow');
    await page.getByTestId('start-submit').click();
    await page.getByTestId('start-flow').waitFor({ state: 'detached' });

    const jobs = await setup.openSidebarPanel('jobs');
    await expect.poll(() => jobs.getByTestId('simulation-state').getAttribute('data-state'), { timeout: 180_000, interval: 1000 }).toBe('completed');
    // The session's job ends once its last outputs are post-processed, a moment after the run completed.
    await expect.poll(() => jobs.getByTestId('job-solver_run').getAttribute('data-state'), { timeout: 60_000, interval: 500 }).toBe('completed');
    const outputs = await api<unknown[]>(token, 'GET', `/simulations/${simulationId}/outputs`);
    expect(outputs.length).toBeGreaterThanOrEqual(2);
    await screenshot(page, 'setup-after-run');

    // The setup now belongs to the run: read-only until Edit Setup.
    await page.getByTestId('setup-locked').waitFor();
    expect(await page.getByTestId('setup-add-menu').isDisabled()).toBe(true);
    await setup.openTreeItem('tree-settings');
    expect(await page.getByTestId('settings-endTime').isDisabled()).toBe(true);
    await page.getByTestId('edit-setup').click();
    await page.getByTestId('edit-setup-confirm').click();
    await page.getByTestId('setup-locked').waitFor({ state: 'detached' });
    expect(await page.getByTestId('settings-endTime').isDisabled()).toBe(false);
    expect(await simulationState(page)).toBe('restart');
    await page.context().close();
  });

  it('discretizes the setup, reports particle counts, and cancels a discretization after the confirmation', async () => {
    const { simulationId, token } = await createSimulation(server, 'Discretized');
    await putDamBreak(token, simulationId, 0.1);
    const page = await openSignedIn(browser, server, `/simulation/${simulationId}/preprocessor`);
    const setup = new SetupPage(page);
    await setup.waitUntilShown();
    const jobs = await setup.openSidebarPanel('jobs');
    await jobs.getByTestId('jobs-empty').waitFor();

    await jobs.getByTestId('discretize').click();
    await jobs.getByTestId('discretization-result').waitFor({ timeout: 60_000 });
    expect(Number((await jobs.getByTestId('particles-fluid').textContent())?.replace(/,/g, ''))).toBeGreaterThan(0);
    expect(Number((await jobs.getByTestId('particles-total').textContent())?.replace(/,/g, ''))).toBeGreaterThan(0);
    expect(await jobs.getByTestId('discretize').isDisabled()).toBe(false);
    await screenshot(page, 'setup-jobs-discretized');

    // A fine lattice takes long enough to be cancelled; the dialog walks through its three buttons.
    await setup.openTreeItem('tree-settings');
    await setup.fill('settings-particleDiameter', 0.004);
    await setup.waitSaved();
    await jobs.getByTestId('discretize').click();
    const active = jobs.locator('[data-testid="job-discretization"][data-state="scheduled"], [data-testid="job-discretization"][data-state="running"]');
    await active.first().waitFor();
    expect(await jobs.getByTestId('discretize').isDisabled()).toBe(true);
    await active.first().getByTestId('job-cancel').click();
    const dialog = page.getByTestId('cancel-job-dialog');
    await dialog.getByText('Stop computation?').waitFor();
    await dialog.getByText('There is no resume option. You will need to recompute the setup.').waitFor();
    const button = dialog.getByTestId('cancel-job-confirm');
    expect(await button.textContent()).toMatch(/^(Yes, stop|Done)$/);
    if ((await button.textContent()) === 'Yes, stop') await button.click();
    await expect.poll(() => button.textContent(), { timeout: 60_000 }).toBe('Done');
    await button.click();
    await expect.poll(() => jobs.locator('[data-testid="job-discretization"]').first().getAttribute('data-state')).toMatch(/^(canceled|completed)$/);
    await page.context().close();
  });

  it('stops a running simulation after the confirmation', async () => {
    const { simulationId, token } = await createSimulation(server, 'Stopped');
    await putDamBreak(token, simulationId, 20);
    const page = await openSignedIn(browser, server, `/simulation/${simulationId}/preprocessor`);
    const setup = new SetupPage(page);
    await setup.waitUntilShown();
    await openStartFlow(page);
    await page.getByTestId('start-next').click();
    await page.getByTestId('start-submit').click();
    await expect.poll(() => simulationState(page), { timeout: 120_000, interval: 500 }).toBe('stop');
    // Once the solver is running, a stop leaves a checkpoint: the dialog says so, and the run can be resumed.
    const running = () => api<{ state: string; log: unknown }>(token, 'GET', `/simulations/${simulationId}`);
    await expect.poll(async () => { const s = await running(); return s.state === 'running' && s.log !== null; }, { timeout: 120_000, interval: 500 }).toBe(true);

    await page.getByTestId('run-button').click();
    const text = await page.getByTestId('stop-confirm-text').textContent();
    expect(text).toBe('Stopping takes a few minutes. You can resume the simulation afterwards.');
    await page.getByTestId('stop-confirm').click();
    await expect.poll(() => simulationState(page), { timeout: 120_000, interval: 500 }).toBe('resume');
    await page.context().close();
  });
});
