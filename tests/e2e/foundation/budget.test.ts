// The Usage & Budget page against a real server: the initial credits and a short paid run are listed
// with type, date, user and value; search, sorting, the page input and Download (credit_transactions.csv)
// work; the credit history chart shows the run's consumption and the periods change its bars.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { SetupDocument } from '../../../src/domain/setup.ts';
import { launchChromium } from '../../support/chromium.ts';
import { startServer, type StartedServer } from '../../support/server.ts';
import { openAppPage, screenshot } from '../pages/appBrowser.ts';
import { LoginPage } from '../pages/LoginPage.ts';
import { SurgeApi } from '../pages/SurgeApi.ts';
import { BudgetScreen } from './BudgetScreen.ts';

const RUN_NAME = 'Budget dam break';
const END_STATES = ['completed', 'stopped', 'failed', 'canceled'];

let server: StartedServer;
let browser: Browser;
let admin: SurgeApi;

/** The solver's dam break, coarse: it runs in about a second and is charged for the cores it booked. */
function smallDamBreak(): SetupDocument {
  const setup = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../src/solver/cases/dam-break.json'), 'utf8')) as SetupDocument;
  setup.settings = { ...setup.settings, particleDiameter: 0.05, endTime: 0.1, outputTimeInterval: 0.02 };
  return setup;
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchChromium();
  admin = await SurgeApi.signIn(server.url, server.adminEmail, server.adminPassword);
  const project = await admin.createProject('Budget');
  const simulation = await admin.createSimulation(project.id, RUN_NAME);
  expect((await admin.call('PUT', `/simulations/${simulation.id}/setup`, smallDamBreak())).status).toBe(200);
  const solvers = (await admin.call('GET', '/solvers')).body as { id: string }[];
  const started = await admin.call('POST', `/simulations/${simulation.id}/runs`, { solverId: solvers[0].id, cores: 120 });
  expect(started.status, JSON.stringify(started.body)).toBeLessThan(300);
  const deadline = Date.now() + 120_000;
  for (;;) {
    const state = (await admin.simulation(simulation.id)).state;
    if (END_STATES.includes(state)) break;
    if (Date.now() > deadline) throw new Error(`the run did not end (state ${state})`);
    await new Promise((r) => setTimeout(r, 500));
  }
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('Usage & Budget', () => {
  it('lists, searches, sorts and downloads the transactions and charts the consumption', async () => {
    const { context, page } = await openAppPage(browser);
    const budget = new BudgetScreen(page, server.url);
    await page.goto(`${server.url}/settings/budget`);
    await new LoginPage(page).signIn(server.adminEmail, server.adminPassword);
    await page.getByTestId('transactions-table').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="transaction-row"]').length === 2);

    // Newest first by default: the run, then the initial credits.
    expect(await budget.names()).toEqual([RUN_NAME, 'Initial credits of the subscription']);
    const rows = await budget.rows().allInnerTexts();
    expect(rows[0]).toContain('Simulation');
    expect(rows[1]).toContain('Credits bought');
    expect(rows[1]).toContain('Surge Admin');
    expect(rows[1]).toMatch(/\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/);
    const values = await budget.values();
    expect(values[1]).toBe('1,000.00');
    expect(values[0]).toMatch(/^-\d+\.\d{2}$/);
    expect(await page.getByTestId('transactions-user-header').count()).toBe(1);

    await budget.sortBy('credits');
    expect(await budget.names()).toEqual(['Initial credits of the subscription', RUN_NAME]);
    await budget.sortBy('credits');
    expect(await budget.names()).toEqual([RUN_NAME, 'Initial credits of the subscription']);

    // The page input ignores numbers beyond the page count.
    const pageInput = page.getByTestId('transactions-page-input');
    await pageInput.fill('5');
    await pageInput.press('Enter');
    expect(await pageInput.inputValue()).toBe('1');
    expect(await page.getByTestId('transactions-page-count').innerText()).toBe('of 1');

    await page.getByTestId('credit-history-bar').first().waitFor();
    const totals = await budget.chartBars().evaluateAll((bars) => bars.map((b) => Number(b.getAttribute('data-total'))));
    expect(totals.some((t) => t > 0)).toBe(true);
    expect(await page.getByTestId('credit-history-legend').innerText()).toContain(RUN_NAME);
    await screenshot(page, 'foundation-budget-page');

    await budget.choosePeriod('Last 1 week');
    await page.waitForFunction(() => {
      const n = document.querySelectorAll('[data-testid="credit-history-bar"]').length;
      return n >= 7 && n <= 8;
    });

    const download = await budget.download();
    expect(download.suggestedFilename()).toBe('credit_transactions.csv');
    const csv = readFileSync(await download.path(), 'utf8').trim().split(/\r?\n/);
    expect(csv[0]).toBe('Date,Transaction,Simulation,Credits,Simulation hours,Note,Issued by');
    expect(csv).toHaveLength(3);
    expect(csv.some((line) => line.includes('Initial credits of the subscription') && line.includes('1000.00'))).toBe(true);

    await budget.search('Initial', 1);
    expect(await budget.names()).toEqual(['Initial credits of the subscription']);
    await budget.search('no such transaction', 0);
    expect(await page.getByTestId('transactions-empty').innerText()).toBe('Try to adjust your search.');
    await screenshot(page, 'foundation-budget-search-empty');
    await context.close();
  });
});
