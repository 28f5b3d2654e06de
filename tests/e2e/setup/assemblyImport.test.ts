// The assembly import modal end to end in headless Chromium against a real server: the CAx-IF as1-oc-214
// assembly is imported through both steps (tree search, ctrl selection, Import, Merge & Import, double-click,
// drag and drop between the tabs), tessellated into the setup, its configuration exported and uploaded into
// a new simulation that gets the same parts, and re-tessellated finer with more triangles. A configuration
// naming nodes the assembly lacks is refused with the server's message and changes nothing. Results opens
// the same modal, where a setup locked by its run cannot be tessellated into.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../support/chromium.ts';
import { startServer, type StartedServer } from '../../support/server.ts';
import { screenshot } from '../pages/appBrowser.ts';
import { putDamBreak, runToCompletion } from '../run/runFixtures.ts';
import { AssemblyImportModal } from './AssemblyImportModal.ts';
import { SetupPage } from './SetupPage.ts';
import { createSimulation, getSetupDocument, openSignedIn } from './setupFixtures.ts';

const caxIf = (name: string) => readFileSync(fileURLToPath(new URL(`../../../node_modules/occt-import-js/test/testfiles/cax-if/${name}`, import.meta.url)));
const AS1 = caxIf('as1-oc-214.stp');
const IO1 = caxIf('io1-cm-214.stp');
/** Entry ids of as1-oc-214's nodes (its structure tree is fixed). */
const NODE = { rodAssembly: '0:1:1:1:1', nut: '0:1:1:1:1:1', rod: '0:1:1:1:1:3', bracket: '0:1:1:1:2:7', plate: '0:1:1:1:3' };

interface SavedPart {
  id: string;
  name: string;
  component: { type: string };
  shape: { type: string; fileId: string; info: { nbrOfTriangles: number; holes: number } };
}

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

async function savedParts(token: string, simulationId: string): Promise<SavedPart[]> {
  return ((await getSetupDocument(server, token, simulationId)) as unknown as { parts: SavedPart[] }).parts;
}

describe('assembly import', () => {
  it('imports as1-oc-214 through both steps, carries its configuration to a new simulation and re-tessellates finer', async () => {
    const first = await createSimulation(server, 'Assembly');
    const page = await openSignedIn(browser, server, `/simulation/${first.simulationId}/preprocessor`);
    const setup = new SetupPage(page);
    await setup.waitUntilShown();
    const modal = new AssemblyImportModal(page);
    await modal.open();
    await page.getByTestId('assembly-none').waitFor();
    await modal.upload('as1-oc-214.stp', AS1);

    // Search: matches with their ancestors; nothing for a stranger.
    await modal.search('bolt');
    await expect.poll(() => page.locator('[data-testid="assembly-node"]').count()).toBe(9);
    await modal.search('propeller');
    await page.getByTestId('assembly-no-matches').waitFor();
    expect(await page.getByTestId('assembly-no-matches').textContent()).toBe('No matches');
    await modal.search('');

    // A part per node with Import; ctrl adds to the selection.
    expect(await page.getByTestId('assembly-import-selected').isDisabled()).toBe(true);
    await modal.node(NODE.rod).click();
    await modal.node(NODE.plate).click({ modifiers: ['Control'] });
    expect(await page.getByTestId('assembly-selected-count').textContent()).toBe('2 selected');
    expect(await page.getByTestId('assembly-merge-import').isDisabled()).toBe(false);
    await page.getByTestId('assembly-import-selected').click();
    await expect.poll(() => modal.partNames()).toEqual(['rod', 'plate']);

    // Merge & Import: the bracket and the plate become one part, named after the first chosen.
    await modal.node(NODE.bracket).click();
    await modal.node(NODE.plate).click({ modifiers: ['Meta'] });
    await page.getByTestId('assembly-merge-import').click();
    await expect.poll(() => modal.partNames()).toEqual(['rod', 'plate', 'l-bracket']);
    expect(await modal.part('l-bracket').textContent()).toContain('2 nodes, merged');
    await page.getByText('Component "plate" appears in 2 part(s) (2 occurrence(s) in total).').waitFor();

    // Double-click imports a node; dragging the part onto the other tab makes it an inlet/outlet.
    await modal.node(NODE.nut).dblclick();
    await expect.poll(() => modal.partNames()).toEqual(['rod', 'plate', 'l-bracket', 'nut']);
    await modal.drag(modal.part('nut'), page.getByTestId('assembly-tab-inletsOutlets'), async () => {
      expect(await page.getByTestId('assembly-drag-overlay').textContent()).toBe('nut');
    });
    await expect.poll(() => modal.partNames()).toEqual(['rod', 'plate', 'l-bracket']);
    await modal.tab('inletsOutlets');
    await expect.poll(() => modal.partNames()).toEqual(['nut']);
    // Select all and delete empty the tab.
    await page.getByTestId('assembly-select-all').click();
    await page.getByTestId('assembly-delete-parts').click();
    await page.getByTestId('assembly-parts-empty').waitFor();
    await modal.tab('solids');
    await page.getByTestId('assembly-hints-toggle').click();
    expect(await page.getByTestId('assembly-hints').count()).toBe(0);
    await page.getByTestId('assembly-hints-toggle').click();
    await screenshot(page, 'assembly-step-1-organizing');

    // Step 2: every part is to tessellate; the configuration file is saved.
    await modal.next();
    expect(await page.getByTestId('parts-due').textContent()).toBe('3 of 3 parts to tessellate');
    expect(await modal.tessellateButton().textContent()).toBe('Import');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('assembly-export-config').click()]);
    expect(download.suggestedFilename()).toBe('as1-oc-214-configuration.json');
    const configuration = readFileSync(await download.path(), 'utf8');
    const entries = JSON.parse(configuration) as { name: string; assemblyNodeIds: string[]; componentType: string; meshingParameters: { linearDeflectionFactor: number; angularDeflection: number } }[];
    expect(entries.map((e) => [e.name, e.assemblyNodeIds, e.componentType])).toEqual([
      ['rod', [NODE.rod], 'rigid'],
      ['plate', [NODE.plate], 'rigid'],
      ['l-bracket', [NODE.bracket, NODE.plate], 'rigid'],
    ]);
    expect(entries[0].meshingParameters.angularDeflection).toBeCloseTo((15 * Math.PI) / 180, 12);
    await screenshot(page, 'assembly-step-2-tessellation');

    await modal.tessellateButton().click();
    await page.getByText('Tessellation started.').waitFor();
    await modal.root.waitFor({ state: 'detached' });
    for (const name of ['rod', 'plate', 'l-bracket']) await setup.treePart(name).waitFor({ timeout: 90_000 });
    await expect.poll(() => setup.meshCount(), { timeout: 30_000 }).toBe(3);
    await setup.waitSaved();
    const tessellated = await savedParts(first.token, first.simulationId);
    expect(tessellated.map((p) => [p.name, p.component.type, p.shape.type, p.shape.info.holes])).toEqual([
      ['rod', 'rigid', 'stl', 0],
      ['plate', 'rigid', 'stl', 0],
      ['l-bracket', 'rigid', 'stl', 0],
    ]);
    await screenshot(page, 'assembly-tessellated-setup');

    // Re-tessellate the rod finer: more triangles, the same part.
    await modal.open();
    await modal.next();
    expect(await modal.tessellateButton().textContent()).toBe('Re-Tessellate');
    expect(await modal.tessellateButton().isDisabled()).toBe(true);
    await page.getByTestId('tessellate-choose-all').click();
    await page.locator('[data-testid="tessellate-part"][data-part-name="rod"] input[type="checkbox"]').check();
    await page.getByTestId('meshing-deviation').fill('0.2');
    await page.getByTestId('meshing-angle').fill('5');
    await expect.poll(() => page.locator('[data-testid="tessellate-part"][data-part-name="rod"] [data-testid="tessellate-part-state"]').textContent()).toBe('to tessellate');
    await expect.poll(() => modal.tessellateButton().isDisabled()).toBe(false);
    await screenshot(page, 'assembly-step-2-re-tessellate');
    await modal.tessellateButton().click();
    const coarseRod = tessellated[0];
    await expect
      .poll(async () => (await savedParts(first.token, first.simulationId)).find((p) => p.id === coarseRod.id)?.shape.fileId, { timeout: 90_000 })
      .not.toBe(coarseRod.shape.fileId);
    const fineRod = (await savedParts(first.token, first.simulationId)).find((p) => p.id === coarseRod.id)!;
    console.log(`re-tessellated rod: ${coarseRod.shape.info.nbrOfTriangles} -> ${fineRod.shape.info.nbrOfTriangles} triangles`);
    expect(fineRod.shape.info.nbrOfTriangles).toBeGreaterThan(coarseRod.shape.info.nbrOfTriangles);
    expect(fineRod.name).toBe('rod');
    await page.context().close();

    // A new simulation: the same file and the exported configuration give the same parts.
    const second = await createSimulation(server, 'Assembly again');
    const again = await openSignedIn(browser, server, `/simulation/${second.simulationId}/preprocessor`);
    const setupAgain = new SetupPage(again);
    await setupAgain.waitUntilShown();
    const modalAgain = new AssemblyImportModal(again);
    await modalAgain.open();
    await modalAgain.upload('as1-oc-214.stp', AS1);
    // A configuration naming a node the file lacks: the server's message, and no part.
    const wrong = JSON.stringify([{ ...entries[0], assemblyNodeIds: ['0:1:1:9'] }]);
    await again.getByTestId('assembly-config-input').setInputFiles({ name: 'wrong.json', mimeType: 'application/json', buffer: Buffer.from(wrong) });
    await again.getByTestId('assembly-error').waitFor();
    expect(await again.getByTestId('assembly-error').textContent()).toContain('The assembly has no node 0:1:1:9.');
    expect(await modalAgain.partNames()).toEqual([]);
    await again.getByTestId('assembly-config-input').setInputFiles({ name: 'as1-oc-214-configuration.json', mimeType: 'application/json', buffer: Buffer.from(configuration) });
    await expect.poll(() => modalAgain.partNames()).toEqual(['rod', 'plate', 'l-bracket']);
    await modalAgain.next();
    await modalAgain.tessellateButton().click();
    for (const name of ['rod', 'plate', 'l-bracket']) await setupAgain.treePart(name).waitFor({ timeout: 90_000 });
    await setupAgain.waitSaved();
    const copied = await savedParts(second.token, second.simulationId);
    expect(copied.map((p) => [p.name, p.component.type, p.shape.info.nbrOfTriangles])).toEqual(tessellated.map((p) => [p.name, p.component.type, p.shape.info.nbrOfTriangles]));
    await again.context().close();
  }, 300_000);

  it('opens from the meshing tools of Results, where a setup locked by its run cannot take new parts', async () => {
    const { simulationId, token } = await createSimulation(server, 'Assembly after a run');
    await putDamBreak(server, token, simulationId, 0.08);
    await runToCompletion(server, token, simulationId);
    const page = await openSignedIn(browser, server, `/simulation/${simulationId}/postprocessor`);
    await page.getByTestId('simulation-page-results').waitFor();
    const modal = new AssemblyImportModal(page);
    await modal.open();
    await page.getByTestId('assembly-none').waitFor();
    await modal.upload('io1-cm-214.stp', IO1);
    await modal.node('0:1:1:1').dblclick();
    await expect.poll(() => modal.partNames()).toEqual(['io1']);
    await modal.next();
    await page.getByTestId('assembly-setup-locked').waitFor();
    expect(await modal.tessellateButton().isDisabled()).toBe(true);
    await page.getByTestId('assembly-back').click();
    await page.getByTestId('assembly-cancel').click();
    await modal.root.waitFor({ state: 'detached' });
    await page.context().close();
  }, 180_000);
});
