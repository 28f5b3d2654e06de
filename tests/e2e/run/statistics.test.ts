// The statistics panel of Results end to end: a coarse dam break run to completion, then in a window
// wide enough for half-screen the panel's gating messages, a range error in the info tooltip, the mean
// and max of the fluid's pressure over outputs 1..4 loaded from the server and checked against values
// computed here from the output files, the chart window and its CSV (semicolon separated) and PNG
// (white background) downloads, and fullscreen forced on a narrower window.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../support/chromium.ts';
import { startServer, type StartedServer } from '../../support/server.ts';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { SCREENSHOT_DIR, openAppPage, screenshot } from '../pages/appBrowser.ts';
import { LoginPage } from '../pages/LoginPage.ts';
import { createSimulation } from '../setup/setupFixtures.ts';
import { decodePng } from '../viewer/pixels.ts';
import { ResultsPage } from './ResultsPage.ts';
import { putDamBreak, runToCompletion } from './runFixtures.ts';
import { StatisticsPanel } from './StatisticsPanel.ts';
import { MESSAGES } from '../../../src/domain/messages.ts';
import { outputFileApiPath } from '../../../src/domain/runOutputs.ts';
import type { OutputMeta } from '../../../src/domain/output.ts';

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

async function bytes(token: string, path: string): Promise<ArrayBuffer> {
  const response = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return response.arrayBuffer();
}

/** The fluid's pressure in output n, read from its files as the statistics read them (raw, else full). */
async function fluidPressure(token: string, simulationId: string, outputNo: number): Promise<Float32Array> {
  const meta = JSON.parse(new TextDecoder().decode(await bytes(token, `/api/simulations/${simulationId}/outputs/${outputNo}/meta.json`))) as OutputMeta;
  const fluid = meta.objects.find((o) => o.kind === 'fluid');
  const dataset = fluid?.datasets.find((d) => d.name === 'raw') ?? fluid?.datasets.find((d) => d.name === 'full');
  const attribute = dataset?.attributes.find((a) => a.name === 'pressure');
  if (!attribute) throw new Error(`output ${outputNo} has no fluid pressure`);
  return new Float32Array(await bytes(token, outputFileApiPath(simulationId, outputNo, attribute.file)));
}

function meanAndMax(values: Float32Array): { mean: number; max: number } {
  let sum = 0;
  let n = 0;
  let max = -Infinity;
  for (const v of values) {
    if (!Number.isFinite(v)) continue;
    sum += v;
    n += 1;
    if (v > max) max = v;
  }
  return { mean: sum / n, max };
}

async function openWide(simulationId: string): Promise<Page> {
  const { page } = await openAppPage(browser, { width: 1800, height: 1000 });
  const path = `/simulation/${simulationId}/postprocessor`;
  await page.goto(`${server.url}${path}`);
  await new LoginPage(page).signIn(server.adminEmail, server.adminPassword);
  await page.waitForURL((url) => url.pathname === path, { timeout: 60_000 });
  return page;
}

describe('Statistics panel', () => {
  it('loads the mean of the fluid pressure over outputs 1..4 as the output files give it, charts it and exports it', async () => {
    const { simulationId, token } = await createSimulation(server, 'Statistics');
    await putDamBreak(server, token, simulationId);
    await runToCompletion(server, token, simulationId);
    const page = await openWide(simulationId);
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    const results = new ResultsPage(page);
    await results.waitUntilShown();
    await results.waitForParticles();
    const stats = new StatisticsPanel(page);
    expect(await stats.mode()).toBe('minimized');

    // Half-screen on a 1800 px window; nothing chosen yet.
    await stats.open();
    expect(await stats.mode()).toBe('half');
    await expect.poll(() => stats.statusMessage()).toBe(MESSAGES.statsSelectObjects);
    expect(await stats.loadButton.isDisabled()).toBe(true);
    await screenshot(page, 'statistics-half-empty');

    // A fluid and a solid are not aggregated together.
    const fluidId = await page.locator('[data-testid^="statistics-object-fluid_"]').first().getAttribute('data-testid');
    const wallId = await page.locator('[data-testid^="statistics-object-wall_"]').first().getAttribute('data-testid');
    expect(fluidId).toBeTruthy();
    expect(wallId).toBeTruthy();
    await page.getByTestId(wallId ?? '').check({ force: true });
    await page.getByTestId(fluidId ?? '').check({ force: true });
    await expect.poll(() => stats.statusMessage()).toBe(MESSAGES.statsSameType);
    await page.getByTestId(wallId ?? '').uncheck({ force: true });

    // stats.info offers the fluid's attributes; pressure, output range 1..4.
    await expect.poll(() => page.getByTestId('statistics-attribute').locator('option[value="pressure"]').count()).toBe(1);
    await stats.chooseAttribute('pressure');
    expect(await page.getByTestId('statistics-operation-integral').count()).toBe(0);
    await stats.chooseOutputMode('Output range');
    await stats.setRange('4', '2');
    await expect.poll(() => stats.loadButton.isDisabled()).toBe(true);
    const errors = await stats.rangeTooltip();
    expect(errors).toEqual([`Start output: ${MESSAGES.statsRangeStartBeforeEnd}`, `End output: ${MESSAGES.statsRangeEndNotBeforeStart}`]);
    await page.getByTestId('statistics-range-errors').hover();
    await page.getByTestId('statistics-range-info').waitFor();
    await screenshot(page, 'statistics-half-range-errors');
    await page.mouse.move(0, 0);
    await stats.setRange('1', '9');
    expect(await stats.rangeTooltip()).toEqual(['End output: must be at most 5']);
    await stats.setRange('1', '4');
    await expect.poll(() => stats.loadButton.isDisabled()).toBe(false);
    expect(await stats.statusMessage()).toBe(MESSAGES.statsClickLoad);
    await stats.setOperation('max', true);

    await stats.loadButton.click();
    await page.getByTestId('statistics-overall').waitFor({ timeout: 30_000 });
    const table = await stats.tableValues();
    expect(table.map((r) => r.output)).toEqual([1, 2, 3, 4]);
    const means: number[] = [];
    for (const row of table) {
      const reference = meanAndMax(await fluidPressure(token, simulationId, row.output));
      means.push(reference.mean);
      const error = Math.abs(row.values.mean - reference.mean) / Math.abs(reference.mean);
      console.log(`output ${row.output}: mean pressure ${row.values.mean} Pa, from the files ${reference.mean} Pa, relative error ${error.toExponential(2)} (tolerance 1e-9); max ${row.values.max} Pa vs ${reference.max} Pa`);
      expect(error).toBeLessThan(1e-9);
      expect(row.values.max).toBe(reference.max);
    }
    const overall = await stats.overallValue('mean');
    const overallReference = means.reduce((a, b) => a + b, 0) / means.length;
    console.log(`all outputs: mean of the means ${overall} Pa, from the files ${overallReference} Pa`);
    expect(Math.abs(overall - overallReference) / Math.abs(overallReference)).toBeLessThan(1e-9);
    await screenshot(page, 'statistics-half-table');

    // The table's CSV: semicolon separated, one row per output and the all-outputs row.
    const tableCsv = await stats.download('statistics-table-csv');
    const tableLines = tableCsv.bytes.toString('utf8').split('\r\n').filter((l) => l.length > 0);
    expect(tableLines[0]).toBe('output;time;Mean;Max');
    expect(tableLines).toHaveLength(6);
    expect(Number(tableLines[1].split(';')[2])).toBe(table[0].values.mean);

    // One chart window for pressure with both operations, four points each, the time indicator on.
    await stats.showCharts();
    await expect.poll(() => stats.chartWindows().count()).toBe(1);
    const chart = stats.chartWindows().first();
    expect(await chart.getAttribute('data-attribute')).toBe('pressure');
    await expect.poll(() => chart.locator('[data-testid="chart-series"]').evaluateAll((paths) => paths.map((p) => p.getAttribute('data-points')))).toEqual(['4', '4']);
    expect(await chart.getByTestId('chart-x-label').textContent()).toBe('Time [s]');
    expect(await chart.getByTestId('chart-y-label').textContent()).toBe('Pressure [Pa]');
    // The time indicator follows the viewer: output 5 lies beyond the chart, output 3 inside it.
    expect(await chart.getByTestId('chart-time-indicator').count()).toBe(0);
    const slider = page.getByTestId('playback-output').getByRole('slider');
    await slider.press('ArrowLeft');
    await slider.press('ArrowLeft');
    await expect.poll(() => results.outputLabel()).toBe('3');
    await expect.poll(() => chart.getByTestId('chart-time-indicator').count()).toBe(1);
    await screenshot(page, 'statistics-half-chart');

    const csv = await stats.download('chart-csv');
    expect(csv.name).toBe('Pressure.csv');
    const lines = csv.bytes.toString('utf8').split('\r\n');
    expect(lines[0].split(';')[0]).toBe('time');
    expect(lines[0].split(';')).toHaveLength(3);
    expect(lines[0]).toContain('Mean · ');
    expect(lines.filter((l) => l.length > 0)).toHaveLength(5);
    const interval = 0.2 / 5;
    expect(lines[1].split(';').map(Number)).toEqual([Number((1 * interval).toPrecision(12)), table[0].values.mean, table[0].values.max]);

    const png = await stats.download('chart-png');
    expect(png.name).toBe('Pressure.png');
    writeFileSync(resolve(SCREENSHOT_DIR, 'statistics-chart-export.png'), png.bytes);
    const picture = decodePng(png.bytes);
    expect(picture.width).toBeGreaterThan(400);
    const corner = [...picture.data.subarray(0, 4)];
    expect(corner).toEqual([255, 255, 255, 255]);

    // Chart settings: output axis, monotone curve, dashed line.
    await chart.getByTestId('chart-settings-toggle').click();
    await page.getByTestId('chart-x-axis').getByText('Outputs').click();
    await page.getByTestId('chart-interpolation').getByText('Monotone').click();
    await page.getByTestId('chart-line-style').first().selectOption('dashed');
    await expect.poll(() => chart.getByTestId('chart-x-label').textContent()).toBe('Output');
    expect(await chart.locator('[data-testid="chart-series"]').first().getAttribute('stroke-dasharray')).toBe('6 4');
    await page.keyboard.press('Escape');
    await page.getByTestId('chart-settings').waitFor({ state: 'detached' });

    // Fullscreen with the chart.
    await stats.setMode('fullscreen');
    expect(await stats.mode()).toBe('fullscreen');
    await screenshot(page, 'statistics-fullscreen-chart');

    // Below 1700 px half-screen is not offered: the panel shows fullscreen.
    await stats.setMode('half');
    expect(await stats.mode()).toBe('half');
    await page.setViewportSize({ width: 1600, height: 1000 });
    await expect.poll(() => stats.mode()).toBe('fullscreen');
    expect(await page.getByTestId('statistics-mode-half').isDisabled()).toBe(true);
    await stats.setMode('minimized');
    expect(await stats.mode()).toBe('minimized');
    await stats.open();
    expect(await stats.mode()).toBe('fullscreen');
    await stats.showTable();
    await screenshot(page, 'statistics-fullscreen-small-window');
    expect(pageErrors).toEqual([]);
    await page.context().close();
  });
});
