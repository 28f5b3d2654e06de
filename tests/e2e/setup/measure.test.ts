// Measuring objects end to end in headless Chromium against a real server: on a coarse dam break, Setup
// adds an outlet from an uploaded STL (its pressure limit refused next to the field; a field profile's data
// table refusing a bad cell and a CSV of the wrong columns with the spec's toasts, then loading a CSV), a
// point sensor and a cube volume clip; all three are found again after a reload and in the stored setup; a
// small run computes the sensor after every output and Results charts it; Results adds a disk sensor,
// computes the sensors again and charts the mass flow rate through it; the statistics panel analyses the
// fluid inside the clip.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../support/chromium.ts';
import { startServer, type StartedServer } from '../../support/server.ts';
import { MESSAGES, mustBeBetween, templates } from '../../../src/domain/messages.ts';
import { openAppPage, screenshot } from '../pages/appBrowser.ts';
import { LoginPage } from '../pages/LoginPage.ts';
import { putDamBreak, runToCompletion } from '../run/runFixtures.ts';
import { StatisticsPanel } from '../run/StatisticsPanel.ts';
import { SetupPage } from './SetupPage.ts';
import { createSimulation, getSetupDocument, openSignedIn } from './setupFixtures.ts';

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

/** A plane across the dam-break tank at x = 0.6 as a binary STL, its normal (-x) pointing back into the tank. */
function outletStl(): Buffer {
  const x = 0.6;
  const triangles = [
    [[x, 0, 0], [x, 0, 0.4], [x, 0.2, 0.4]],
    [[x, 0, 0], [x, 0.2, 0.4], [x, 0.2, 0]],
  ];
  const buffer = Buffer.alloc(84 + triangles.length * 50);
  buffer.write('surge test outlet', 0, 'ascii');
  buffer.writeUInt32LE(triangles.length, 80);
  triangles.forEach((t, i) => {
    const base = 84 + i * 50;
    buffer.writeFloatLE(-1, base);
    t.forEach((corner, k) => corner.forEach((v, axis) => buffer.writeFloatLE(v, base + 12 + (k * 3 + axis) * 4)));
  });
  return buffer;
}

interface StoredSetup {
  parts: { name: string; component: { type: string; ioDirection?: string; ioType?: string; ioPressure?: number; ioProfileKind?: string; ioTableId?: string | null } }[];
  sensors: { id: string; name: string; kind: string; position?: number[]; attributes: string[] }[];
  volumeClips: { id: string; name: string; mesh: { kind: string; dimensions?: number[]; translation: number[] }; inverted: boolean; materialId: number | null }[];
  dataTables: { id: string; headers: string[]; resultCount: number }[];
}

async function toastText(page: Page, testId: 'toast-error' | 'toast-success'): Promise<string> {
  const toast = page.getByTestId(testId).last();
  await toast.waitFor();
  return (await toast.textContent()) ?? '';
}

describe('Measuring objects', () => {
  it('adds an outlet, a point sensor and a cube volume clip in Setup, keeps them, and charts the sensor after a run', async () => {
    const { simulationId, token } = await createSimulation(server, 'Measured dam break');
    await putDamBreak(server, token, simulationId);
    const page = await openSignedIn(browser, server, `/simulation/${simulationId}/preprocessor`);
    const setup = new SetupPage(page);
    await setup.waitUntilShown();

    // The Add menu offers inlets/outlets, sensors and volume clips.
    await page.getByTestId('setup-add-menu').click();
    for (const entry of ['add-inlet-stl', 'add-inlet-step', 'add-sensor-point', 'add-sensor-disk', 'add-sensor-rectangle', 'add-sensor-geometry', 'add-clip-cube', 'add-clip-cylinder', 'add-clip-geometry']) {
      await page.getByTestId(entry).waitFor();
    }
    await screenshot(page, 'measure-add-menu');
    await page.keyboard.press('Escape');

    // Add > Inlet Outlet > Upload STL.
    await setup.openAddMenuItem('add-inlet-stl');
    const upload = page.getByTestId('add-inletStl-form');
    await upload.locator('input[type="file"]').setInputFiles({ name: 'outlet.stl', mimeType: 'model/stl', buffer: outletStl() });
    await page.locator('[data-testid="upload-check"][data-status="checked"]').waitFor({ timeout: 30_000 });
    await page.getByTestId('upload-start').click();
    await page.getByTestId('add-submit').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('upload-not-planar').count()).toBe(0);
    await page.getByTestId('add-submit').click();
    await page.getByTestId('part-form').waitFor();
    expect(await page.getByTestId('form-title').textContent()).toBe('outlet');

    // Boundary conditions: an outlet at a prescribed pressure; a negative pressure is refused next to the field.
    await page.getByTestId('part-tab-boundaryConditions').click();
    await setup.choose('part-ioDirection', 'Outflow (outlet)');
    await setup.choose('part-ioType', 'Pressure');
    await setup.fill('part-ioPressure', -5);
    const pressureError = mustBeBetween(0, 1e9);
    await expect.poll(() => page.getByTestId('part-open-boundary').getByText(pressureError).count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(async () => (await setup.saveState()).state, { timeout: 15_000 }).toBe('refused');
    await screenshot(page, 'measure-outlet-form');
    await setup.fill('part-ioPressure', 0);
    await setup.waitSaved();

    // A field profile: the data table refuses a negative pressure with the spec's toast, then saves.
    await page.getByTestId('part-ioProfileKind').getByText('Field').click();
    await page.getByTestId('part-ioTable-edit').click();
    const grid = page.getByTestId('data-table-grid');
    await grid.waitFor();
    const rows = [['0.6', '0.05', '0.1', '-1'], ['0.6', '0.15', '0.1', '10'], ['0.6', '0.1', '0.3', '20']];
    for (const [r, row] of rows.entries()) for (const [c, text] of row.entries()) await page.getByTestId(`data-table-cell-${r}-${c}`).fill(text);
    await page.getByTestId('data-table-save').click();
    expect(await toastText(page, 'toast-error')).toBe(`${MESSAGES.validationFailed}${templates.tableCellError('prs', 1, pressureError)}`);
    await screenshot(page, 'measure-data-table');
    await page.getByTestId('data-table-tab-plot').click();
    await page.locator('[data-testid="data-table-plot"][data-points="3"]').waitFor();
    await screenshot(page, 'measure-data-table-plot');
    await page.getByTestId('data-table-tab-table').click();
    await page.getByTestId('data-table-cell-0-3').fill('5');
    await page.getByTestId('data-table-save').click();
    await grid.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('part-ioTable-summary').textContent(), { timeout: 15_000 }).toContain('3 rows (pos_x, pos_y, pos_z, prs)');
    await setup.waitSaved();
    // CSV upload: a file with the columns of a velocity profile is refused, one with the pressure's loads.
    await page.getByTestId('part-ioTable-edit').click();
    await grid.waitFor();
    const csvInput = page.locator('input[type="file"][accept=".csv,text/csv"]');
    await csvInput.setInputFiles({ name: 'velocity.csv', mimeType: 'text/csv', buffer: Buffer.from('pos_x,pos_y,pos_z,vel_n\n0.6,0.05,0.1,1\n0.6,0.15,0.1,2\n') });
    expect(await toastText(page, 'toast-error')).toBe(`${MESSAGES.validationFailed}${templates.tableColumns(['pos_x', 'pos_y', 'pos_z', 'prs'])}`);
    await csvInput.setInputFiles({ name: 'pressure.csv', mimeType: 'text/csv', buffer: Buffer.from('pos_x;pos_y;pos_z;prs\n0.6;0.05;0.1;0\n0.6;0.15;0.1;5\n0.6;0.05;0.3;10\n0.6;0.15;0.3;15\n') });
    expect(await toastText(page, 'toast-success')).toBe(`${MESSAGES.csvUploaded}4 rows from pressure.csv`);
    await page.locator('[data-testid="data-table-grid"][data-rows="4"]').waitFor();
    await page.getByTestId('data-table-save').click();
    await grid.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('part-ioTable-summary').textContent(), { timeout: 15_000 }).toContain('4 rows');
    await setup.waitSaved();
    // The engine runs constant profiles only: back to a constant pressure for the run.
    await page.getByTestId('part-ioProfileKind').getByText('Constant').click();
    await setup.waitSaved();

    // Add > Sensor > Point, near the floor under the water column.
    await setup.openAddMenuItem('add-sensor-point');
    await page.getByTestId('add-sensor-point-form').waitFor();
    await setup.fillVector('sensor-position', [0.08, 0.1, 0.04]);
    await page.getByTestId('sensor-attribute-density').check({ force: true });
    await page.getByTestId('add-submit').click();
    await page.getByTestId('sensor-form').waitFor();
    await screenshot(page, 'measure-sensor-form');

    // Add > Volume Clip > Cube around the water column.
    await setup.openAddMenuItem('add-clip-cube');
    await page.getByTestId('add-clip-cube-form').waitFor();
    await setup.fillVector('clip-center', [0.2, 0.1, 0.2]);
    await setup.fillVector('clip-dimensions', [0.4, 0.2, 0.4]);
    await page.getByTestId('add-submit').click();
    await page.getByTestId('clip-form').waitFor();
    await setup.waitSaved();
    await screenshot(page, 'measure-clip-form');

    // Everything is there after a reload, in the tree and in the stored setup.
    await page.reload();
    await setup.waitUntilShown();
    await setup.treePart('outlet').waitFor();
    const stored = (await getSetupDocument(server, token, simulationId)) as unknown as StoredSetup;
    const outlet = stored.parts.find((p) => p.name === 'outlet');
    expect(outlet?.component).toMatchObject({ type: 'openboundary', ioDirection: 'outflow', ioType: 'riemann_pressure', ioPressure: 0, ioProfileKind: 'constant' });
    expect(stored.dataTables).toEqual([expect.objectContaining({ headers: ['pos_x', 'pos_y', 'pos_z', 'prs'], resultCount: 4 })]);
    expect(stored.sensors).toHaveLength(1);
    const sensor = stored.sensors[0];
    expect(sensor).toMatchObject({ kind: 'point', position: [0.08, 0.1, 0.04], attributes: ['pressure', 'velocity', 'density'] });
    expect(stored.volumeClips).toHaveLength(1);
    const clip = stored.volumeClips[0];
    expect(clip).toMatchObject({ inverted: false, materialId: null, mesh: { kind: 'cube', dimensions: [0.4, 0.2, 0.4], translation: [0.2, 0.1, 0.2] } });
    await page.getByTestId(`tree-sensor-${sensor.id}`).waitFor();
    await page.getByTestId(`tree-clip-${clip.id}`).click();
    await page.getByTestId('clip-form').waitFor();
    await screenshot(page, 'measure-setup-tree');
    await page.context().close();

    // A small run: the sensor is computed after every output.
    const outputs = await runToCompletion(server, token, simulationId);
    const results = await openResults(simulationId);
    const panel = results.getByTestId('measure-panel');
    await panel.getByTestId(`measure-sensor-${sensor.id}`).waitFor();
    await results.getByTestId(`measure-sensor-${sensor.id}-chart`).click();
    const chart = results.getByTestId('sensor-chart');
    await results.locator(`[data-testid="sensor-chart"][data-points="${outputs}"]`).waitFor({ timeout: 30_000 });
    expect(await chart.getAttribute('data-quantity')).toBe('pressure');
    expect(await chart.getByTestId('chart-series').getAttribute('data-points')).toBe(String(outputs));
    expect(await chart.getByTestId('chart-y-label').textContent()).toBe('Pressure [Pa]');
    await screenshot(results, 'measure-sensor-chart');
    await results.keyboard.press('Escape');
    await chart.waitFor({ state: 'detached' });

    // Results adds a disk across the flow (the setup stays locked by the run), computes the sensors again
    // and charts the mass flow rate through the disk.
    await results.getByTestId('measure-add').click();
    await results.getByTestId('measure-add-sensor-disk').click();
    await results.getByTestId('sensor-fields').waitFor();
    const fill = async (testId: string, values: number[]) => {
      for (const [i, axis] of ['x', 'y', 'z'].entries()) await results.getByTestId(`${testId}-${axis}`).fill(String(values[i]));
    };
    await fill('sensor-center', [0.3, 0.1, 0.06]);
    await fill('sensor-normal', [1, 0, 0]);
    await results.getByTestId('sensor-radius').fill('0.06');
    await screenshot(results, 'measure-results-sensor-dialog');
    await results.getByTestId('measure-dialog-save').click();
    await results.getByTestId('sensor-fields').waitFor({ state: 'detached' });
    const withDisk = (await getSetupDocument(server, token, simulationId)) as unknown as StoredSetup;
    expect(withDisk.sensors.map((s) => s.kind)).toEqual(['point', 'surface']);
    const disk = withDisk.sensors[1];
    await panel.getByTestId(`measure-sensor-${disk.id}`).waitFor();
    await results.getByTestId('sensor-compute').click();
    await results.locator('[data-testid="sensor-computation"][data-state="completed"]').waitFor({ timeout: 60_000 });
    expect(await results.getByTestId('sensor-compute').textContent()).toBe('Compute Sensors');
    await screenshot(results, 'measure-results-card');
    await results.getByTestId(`measure-sensor-${disk.id}-chart`).click();
    await results.getByTestId('sensor-chart-quantity').click();
    await results.getByRole('option', { name: 'Mass Flow Rate [kg/s]', exact: true }).click();
    await results.locator(`[data-testid="sensor-chart"][data-quantity="integral:mass_flow_rate"][data-points="${outputs}"]`).waitFor({ timeout: 30_000 });
    expect(await chart.getByTestId('chart-y-label').textContent()).toBe('Mass Flow Rate [kg/s]');
    await screenshot(results, 'measure-disk-chart');
    await results.keyboard.press('Escape');
    await chart.waitFor({ state: 'detached' });

    // The clip made in Setup masks the statistics: the fluid's pressure inside it loads.
    const statistics = new StatisticsPanel(results);
    await statistics.open();
    await statistics.chooseObject(clip.id);
    await statistics.chooseAttribute('pressure');
    await expect.poll(() => statistics.loadButton.isEnabled(), { timeout: 30_000 }).toBe(true);
    await statistics.loadButton.click();
    await expect.poll(async () => (await statistics.tableValues()).length, { timeout: 60_000 }).toBeGreaterThan(0);
    const [row] = await statistics.tableValues();
    expect(Number.isFinite(row.values.mean)).toBe(true);
    await screenshot(results, 'measure-clip-statistics');
  });
});

async function openResults(simulationId: string): Promise<Page> {
  const { page } = await openAppPage(browser, { width: 1800, height: 1000 });
  const path = `/simulation/${simulationId}/postprocessor`;
  await page.goto(`${server.url}${path}`);
  await new LoginPage(page).signIn(server.adminEmail, server.adminPassword);
  await page.waitForURL((url) => url.pathname === path, { timeout: 60_000 });
  return page;
}
