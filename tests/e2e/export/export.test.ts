// Export end to end in headless Chromium against a real server: a tiny dam break with a point sensor runs
// to completed, the Download panel exports a range of outputs with one attribute, logs and setup; the zip
// downloaded through the browser holds VTU files ParaView reads (checked with a strict reader), the .pvd
// collections, the boundary STL, the log CSV and the setup; the Select Data rules show the spec's messages
// and a second export asks before replacing the first.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MESSAGES } from '../../../src/domain/messages.ts';
import { createPointSensor } from '../../../src/domain/sensor.ts';
import { bufferSource, readZipDirectory, readZipEntry } from '../../../src/server/platform/storage/zipReader.ts';
import { launchChromium } from '../../support/chromium.ts';
import { startServer, type StartedServer } from '../../support/server.ts';
import { readPvd, readVtk } from '../../unit/postprocessing/vtkReader.ts';
import { screenshot } from '../pages/appBrowser.ts';
import { createSimulation, openSignedIn } from '../setup/setupFixtures.ts';
import { DownloadPanelPage } from './DownloadPanelPage.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');
let server: StartedServer;
let browser: Browser;
let page: Page;
let simulationId: string;

async function api<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchChromium();
  const created = await createSimulation(server, 'Export dam break');
  simulationId = created.simulationId;
  const setup = JSON.parse(readFileSync(join(ROOT, 'src/solver/cases/dam-break.json'), 'utf8')) as Record<string, unknown> & { settings: Record<string, unknown> };
  setup.settings = { ...setup.settings, particleDiameter: 0.04, endTime: 0.1, outputTimeInterval: 0.02 };
  setup.sensors = [createPointSensor('Probe', [0.05, 0.1, 0.06])];
  await api(created.token, 'PUT', `/simulations/${simulationId}/setup`, setup);
  const [solver] = await api<{ id: string }[]>(created.token, 'GET', '/solvers');
  await api(created.token, 'POST', `/simulations/${simulationId}/runs`, { solverId: solver.id, cores: 1, gpu: false, mode: 'start', conditions: [] });
  const deadline = Date.now() + 120_000;
  for (;;) {
    const simulation = await api<{ state: string }>(created.token, 'GET', `/simulations/${simulationId}`);
    if (simulation.state === 'completed') break;
    if (['failed', 'launch_failed', 'stopped'].includes(simulation.state) || Date.now() > deadline) throw new Error(`the run ended ${simulation.state}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  page = await openSignedIn(browser, server, `/simulation/${simulationId}/dashboard`);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('Download panel', () => {
  it('exports a range of outputs and downloads a zip of files ParaView opens', async () => {
    const panel = new DownloadPanelPage(page);
    await panel.open();
    await expect(panel.tab('files').isDisabled()).resolves.toBe(true);
    await panel.setChecked('export-all-attributes', false);
    await panel.setChecked('export-attribute-pressure', true);
    await panel.chooseOutputMode('Range');
    await panel.fill('export-output-start', 0);
    await panel.fill('export-output-end', 4);
    await panel.fill('export-step-size', 2);
    await panel.setChecked('export-logs', true);
    await panel.setChecked('export-setup', true);
    await screenshot(page, 'export-select-data');
    await panel.exportButton().click();
    await panel.waitForState('completed');
    await screenshot(page, 'export-download-files');

    const download = await panel.downloadZip();
    expect(download.suggestedFilename()).toBe('Export_dam_break_export.zip');
    const bytes = readFileSync(await download.path());
    const archive = bufferSource(bytes);
    const entries = await readZipDirectory(archive, { maxEntries: 1000, maxEntryBytes: 1 << 28, maxTotalBytes: 1 << 29, maxRatio: Number.POSITIVE_INFINITY });
    const names = entries.map((e) => e.name).sort();
    expect(names).toEqual(expect.arrayContaining([
      'Water.pvd', 'Water/Water_000000.vtu', 'Water/Water_000002.vtu', 'Water/Water_000004.vtu', 'Water_surface.pvd',
      'Tank.stl', 'sensors/Probe.pvd', 'sensors/Probe/Probe_000002.vtu', 'logs.csv', 'setup.json',
    ]));
    expect(names.some((n) => n.includes('_000001'))).toBe(false);
    const entry = async (name: string) => readZipEntry(archive, entries.find((e) => e.name === name) ?? entries[0], 1 << 28);

    const vtu = readVtk(await entry('Water/Water_000004.vtu'));
    expect(vtu.type).toBe('UnstructuredGrid');
    expect(vtu.pieces.NumberOfPoints).toBeGreaterThan(0);
    expect(vtu.pieces.NumberOfCells).toBe(vtu.pieces.NumberOfPoints);
    expect(vtu.arrays.get('Points/Points')?.values.length).toBe(3 * vtu.pieces.NumberOfPoints);
    expect([...vtu.arrays.keys()].filter((k) => k.startsWith('PointData/'))).toEqual(['PointData/pressure']);
    expect(readPvd((await entry('Water.pvd')).toString('utf8')).map((d) => d.timestep)).toEqual([0, expect.closeTo(0.04, 9), expect.closeTo(0.08, 9)]);
    expect((await entry('Tank.stl')).readUInt32LE(80)).toBe(12);
    expect((await entry('logs.csv')).toString('utf8').split('\n')[0]).toContain('event,time,runtime');
    expect(JSON.parse((await entry('setup.json')).toString('utf8')).settings.particleDiameter).toBe(0.04);
  });

  it('shows the Select Data rules and asks before replacing the previous export', async () => {
    const panel = new DownloadPanelPage(page);
    await panel.tab('select').click();
    await panel.setChecked('export-all-objects', false);
    await panel.setChecked('export-logs', false);
    await panel.setChecked('export-setup', false);
    await page.getByText(MESSAGES.exportSelectItem).waitFor();
    await expect(panel.exportButton().isDisabled()).resolves.toBe(true);
    await panel.setChecked('export-surface-0', true);
    await page.getByText(MESSAGES.exportSurfaceNeedsFluid).waitFor();
    await panel.setChecked('export-fluid-0', true);
    await panel.fill('export-step-size', 101);
    await page.getByTestId('export-outputs').getByText('must be between 1 and 100').waitFor();
    await panel.fill('export-step-size', 1);
    await panel.fill('export-output-end', 9);
    await page.getByTestId('export-missing-output').getByText(MESSAGES.exportMissingOutput).waitFor();
    await screenshot(page, 'export-select-rules');
    await panel.fill('export-output-end', 1);
    await panel.setChecked('export-attribute-pressure', false);
    await panel.exportButton().click();
    await page.getByText(MESSAGES.exportNoAttributesConfirm).waitFor();
    await page.getByTestId('export-confirm-no-attributes').click();
    await page.getByText(MESSAGES.exportReplacePrevious).waitFor();
    await page.getByTestId('export-confirm-replace').click();
    await panel.waitForState('completed');
    await screenshot(page, 'export-replaced');
    const files = await page.getByTestId('export-file').allTextContents();
    expect(files.join(' ')).toContain('Water_surface_000001.vtp');
    expect(files.join(' ')).not.toContain('Water_000004.vtu');
  });
});
