// The Monitor's dashboard in headless Chromium against a real server, before any run: the default tiles
// on the 12-column grid, a drag by the tile header saved on drop, the note saved, the graph form's rules
// (a log value is required, 'Min must be smaller than max.', 'No results found.'), Save layout as a named
// view with the unique-name rule, a view from a saved template, and the tiles stacked on a narrow screen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { DashboardView } from '../../../src/domain/dashboard.ts';
import { launchChromium } from '../../support/chromium.ts';
import { startServer, type StartedServer } from '../../support/server.ts';
import { screenshot } from '../pages/appBrowser.ts';
import { createSimulation, openSignedIn } from '../setup/setupFixtures.ts';
import { MonitorPage } from './MonitorPage.ts';

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

async function views(token: string, simulationId: string): Promise<DashboardView[]> {
  const response = await fetch(`${server.url}/api/simulations/${simulationId}/dashboards`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as DashboardView[];
}

describe('Monitor dashboard', () => {
  it('keeps a dragged tile, the note and a new graph, and saves the layout as views and templates', async () => {
    const { simulationId, token } = await createSimulation(server, 'Dashboard');
    const page = await openSignedIn(browser, server, `/simulation/${simulationId}/dashboard`);
    const monitor = new MonitorPage(page);
    await monitor.waitUntilShown();
    expect(await page.getByTestId('dashboard-grid').getAttribute('data-layout')).toBe('grid');
    expect(await page.locator('[data-tile-id]').count()).toBe(10);
    expect(await page.getByTestId('tile-title').allTextContents()).toEqual(
      expect.arrayContaining(['Details', 'Progress', 'Budget', 'Jobs', 'Variables', 'Particles', 'Runtime per simulated second [s/s]', 'Time step [s]', 'Note', 'Image']),
    );
    // Honest empty states before a run.
    await page.getByTestId('image-tile-empty').getByText('No image saved yet').waitFor();
    expect(await monitor.graphTile('Particles').getByTestId('chart-empty').textContent()).toBe('No values yet: the simulation has not run.');
    await screenshot(page, 'monitor-not-started');

    // Drag the note by its header one column step to the right: the new place is saved on drop.
    const [before] = await views(token, simulationId);
    const note = before.tiles.find((t) => t.type === 'note')!;
    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/dashboards/${before.id}`) && r.request().method() === 'PUT');
    const grid = (await page.getByTestId('dashboard-grid').boundingBox())!;
    await monitor.dragTile('note', (grid.width / 12) * 3, 0);
    expect((await saved).status()).toBe(200);
    const [afterDrag] = await views(token, simulationId);
    const moved = afterDrag.tiles.find((t) => t.id === note.id)!;
    expect(moved.x).toBeGreaterThan(note.x);
    // Dragging the body (not the header) moves nothing.
    const body = (await monitor.tile('details').getByTestId('details-state').boundingBox())!;
    await page.mouse.move(body.x + 5, body.y + 5);
    await page.mouse.down();
    await page.mouse.move(body.x + 300, body.y + 5, { steps: 5 });
    await page.mouse.up();
    const [afterBodyDrag] = await views(token, simulationId);
    expect(afterBodyDrag.tiles.find((t) => t.type === 'details')).toMatchObject({ x: 0, y: 0 });

    // The note is saved shortly after typing stops.
    await page.getByTestId('note-text').fill('Watch the wave reach the right wall.');
    await page.locator('[data-testid="note-state"][data-state="saved"]').waitFor();
    await expect
      .poll(async () => (await views(token, simulationId))[0].tiles.find((t) => t.type === 'note')?.text)
      .toBe('Watch the wave reach the right wall.');

    // Add Graph: a log value is required; a manual y axis needs min < max.
    await page.getByTestId('add-tile').click();
    await page.getByTestId('add-tile-graph').click();
    await page.getByTestId('graph-search').waitFor();
    expect(await page.getByRole('dialog').getByText('Add Graph').count()).toBe(1);
    await page.getByTestId('graph-submit').click();
    await page.getByText('Select a log value.').waitFor();
    await page.getByTestId('graph-search').fill('zzz');
    await page.getByTestId('graph-no-results').getByText('No results found.').waitFor();
    await page.getByTestId('graph-search').fill('simulated');
    await page.getByTestId('graph-value-progress').click();
    expect(await page.getByTestId('graph-preview').getByText('No Preview Data').count()).toBe(1);
    await page.getByTestId('graph-y-auto').click();
    await page.getByTestId('graph-yMin').fill('5');
    await page.getByTestId('graph-yMax').fill('1');
    await page.getByTestId('graph-submit').click();
    await page.getByText('Min must be smaller than max.').waitFor();
    await page.getByTestId('graph-yMin').fill('0');
    await page.getByTestId('graph-yMax').fill('100');
    await page.getByTestId('graph-submit').click();
    await page.getByTestId('graph-search').waitFor({ state: 'detached' });
    await monitor.graphTile('Progress [%]').waitFor();
    const withGraph = (await views(token, simulationId))[0];
    expect(withGraph.tiles.find((t) => t.type === 'graph' && t.logValues[0] === 'progress')).toMatchObject({ yAuto: false, yMin: 0, yMax: 100, xAuto: true });

    // Save layout: a new view with these tiles; the name must be unique.
    await page.getByTestId('save-layout').click();
    await page.getByTestId('save-view-name').fill('Default');
    await page.getByTestId('save-view-submit').click();
    await page.getByText('View with entered name already exists').waitFor();
    await page.getByTestId('save-view-name').fill('Wave watch');
    await page.getByTestId('save-view-submit').click();
    await page.getByTestId('save-view-name').waitFor({ state: 'detached' });
    expect(await page.getByTestId('view-select').inputValue()).toBe('Wave watch');
    const all = await views(token, simulationId);
    expect(all.map((v) => v.name)).toEqual(['Default', 'Wave watch']);
    expect(all[1].tiles).toHaveLength(11);

    // Save as template, then Load template makes a third view from it.
    await page.getByTestId('templates-menu').click();
    await page.getByTestId('save-template').click();
    await page.getByTestId('save-template-name').fill('Dam break board');
    await page.getByTestId('save-template-submit').click();
    await page.getByTestId('save-template-name').waitFor({ state: 'detached' });
    await page.getByTestId('templates-menu').click();
    await page.getByTestId('load-template').click();
    await page.getByRole('radio', { name: 'Dam break board' }).click();
    await page.getByTestId('template-view-name').fill('From template');
    await page.getByTestId('template-load').click();
    await expect.poll(() => page.getByTestId('view-select').inputValue()).toBe('From template');
    expect((await views(token, simulationId)).map((v) => [v.name, v.tiles.length])).toEqual([
      ['Default', 11],
      ['Wave watch', 11],
      ['From template', 11],
    ]);

    // Narrow screens stack the tiles full width, in reading order, without drag handles.
    await page.setViewportSize({ width: 760, height: 900 });
    await expect.poll(() => page.getByTestId('dashboard-grid').getAttribute('data-layout')).toBe('stacked');
    const first = await page.locator('[data-tile-id]').first().getAttribute('data-testid');
    expect(first).toBe('tile-details');
    // Stacked tiles are as tall as their content (no grid-row gaps); charts, pictures and notes keep a
    // drawing height.
    const stacked = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('[data-stacked-height]')].map((wrapper) => {
        const card = wrapper.querySelector<HTMLElement>('[data-tile-id]')!;
        const body = card.lastElementChild as HTMLElement;
        const style = getComputedStyle(body);
        const content = [...body.children].reduce((sum, child) => sum + (child as HTMLElement).offsetHeight, 0);
        const empty = body.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom) - content;
        return { kind: card.dataset.testid, sizing: wrapper.dataset.stackedHeight, height: card.offsetHeight, empty };
      }),
    );
    const contentTiles = stacked.filter((t) => t.sizing === 'content');
    expect(contentTiles.map((t) => t.kind)).toEqual(expect.arrayContaining(['tile-details', 'tile-progress', 'tile-budget', 'tile-job', 'tile-variables']));
    for (const tile of contentTiles) {
      expect(tile.empty, tile.kind).toBeLessThanOrEqual(2);
      expect(tile.height, tile.kind).toBeGreaterThan(40);
    }
    for (const tile of stacked.filter((t) => t.sizing !== 'content')) expect(tile.height, tile.kind).toBe(Number(tile.sizing));
    await screenshot(page, 'monitor-narrow');
    await page.context().close();
  });
});
