// The Setup screen end to end in headless Chromium against a real server: building the dam break from the
// Add menu, seeing it validated, finding it again after a reload; bad input refused and not saved; an STL
// upload showing what the mesh check found; a STEP file meshed in the browser and on the server.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../support/chromium.ts';
import { startServer, type StartedServer } from '../../support/server.ts';
import { screenshot } from '../pages/appBrowser.ts';
import { SetupPage } from './SetupPage.ts';
import { boxStl, createSimulation, getSetupDocument, openSignedIn } from './setupFixtures.ts';

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

interface SavedSetup {
  parts: { name: string; component: { type: string }; shape: { type: string; dimensions?: number[]; translation: number[]; flipNormals: boolean }; materialId: number | null }[];
  settings: { endTime: number; outputTimeInterval: number; calcDomainActive: boolean; calcDomainMin: number[]; calcDomainMax: number[]; rotationAxis: number[] };
}

describe('Setup screen', () => {
  it('builds the dam break, validates it and keeps it across a reload', async () => {
    const { simulationId, token } = await createSimulation(server, 'Dam break');
    const page = await openSignedIn(browser, server, `/simulation/${simulationId}/preprocessor`);
    const setup = new SetupPage(page);
    await setup.waitUntilShown();

    await setup.addSolidCube({ name: 'Tank', dimensions: [0.8, 0.2, 0.4], offset: [0.4, 0.1, 0.2], container: true });
    await page.getByTestId('part-tab-boundaryConditions').click();
    await setup.choose('part-velocityKind', 'Slip');
    await setup.addFluidCube({ name: 'Water column', dimensions: [0.1, 0.2, 0.2], offset: [0.05, 0.1, 0.1] });
    await setup.treePart('Tank').waitFor();
    await setup.treePart('Water column').waitFor();

    // Without a deletion boundary the panel recommends one.
    const checklist = await setup.openSidebarPanel('checklist');
    await expect.poll(() => checklist.getByText('Add a deletion boundary to save on cost.').count()).toBe(1);

    await setup.openAddMenuItem('add-deletion-boundary');
    await page.getByTestId('deletion-boundary-form').waitFor();
    expect(await setup.vectorValues('deletion-boundary-min')).toEqual(['-0.08', '-0.02', '-0.04']);
    await setup.fillVector('deletion-boundary-min', [-0.05, -0.05, -0.05]);
    await setup.fillVector('deletion-boundary-max', [0.85, 0.25, 0.45]);

    await setup.openTreeItem('tree-settings');
    await setup.fill('settings-endTime', 1);
    await setup.fill('settings-outputTimeInterval', 0.05);
    await expect.poll(() => page.getByTestId('settings-output-count').textContent()).toContain('Outputs: 21');
    await setup.waitSaved();

    await expect.poll(() => checklist.getByText('Add a deletion boundary to save on cost.').count()).toBe(0);
    expect(await checklist.getByTestId('validation-issue-error').count()).toBe(0);
    expect(await setup.meshCount()).toBe(3);

    // The canvas selects what is clicked (after the double-click window) and names what the pointer is over.
    await page.getByTestId('form-close').click();
    const viewport = (await page.getByTestId('setup-viewport').boundingBox())!;
    await page.mouse.click(viewport.x + viewport.width / 2, viewport.y + viewport.height / 2);
    await page.getByTestId('part-form').waitFor();
    expect(await page.getByTestId('form-title').textContent()).toBe('Tank');
    expect(await setup.hoverLabelsAcross()).toContain('Deletion Boundary');
    // Over the boundary's box beside the tank (above the water column), away from the box's edges and
    // from every part, the pointer still names the boundary; over the tank it names the tank.
    const tankEdge = await setup.firstHoverAt('Tank', 0.35);
    expect(tankEdge).not.toBeNull();
    expect(await setup.hoverLabelAt(tankEdge! - 12, 0.35)).toBe('Deletion Boundary');
    await screenshot(page, 'setup-deletion-boundary-hover');

    await setup.openTreeItem('tree-part-' + (await partId(page, 'Water column')));
    await setup.openSidebarPanel('checklist');
    await screenshot(page, 'setup-dam-break');

    // Leaving for the Monitor and coming back shows the saved case, not an older copy.
    await page.getByTestId('mode-monitor').click();
    await page.getByTestId('simulation-page-monitor').waitFor();
    await page.goBack();
    await setup.waitUntilShown();
    await setup.openTreeItem('tree-settings');
    expect(await page.getByTestId('settings-outputTimeInterval').inputValue()).toBe('0.05');

    const saved = (await getSetupDocument(server, token, simulationId)) as unknown as SavedSetup;
    const tank = saved.parts.find((p) => p.name === 'Tank');
    const water = saved.parts.find((p) => p.name === 'Water column');
    expect(tank).toMatchObject({ component: { type: 'rigid', velocityKind: 'slip' }, materialId: null, shape: { type: 'stl_cube', dimensions: [0.8, 0.2, 0.4], translation: [0.4, 0.1, 0.2], flipNormals: true } });
    expect(water).toMatchObject({ component: { type: 'flow' }, materialId: 0, shape: { dimensions: [0.1, 0.2, 0.2], translation: [0.05, 0.1, 0.1] } });
    expect(saved.settings).toMatchObject({ endTime: 1, outputTimeInterval: 0.05, calcDomainActive: true, calcDomainMin: [-0.05, -0.05, -0.05], calcDomainMax: [0.85, 0.25, 0.45] });

    await page.reload();
    await setup.waitUntilShown();
    await setup.treePart('Tank').waitFor();
    await setup.treePart('Water column').waitFor();
    await page.getByTestId('tree-deletion-boundary').click();
    expect(await setup.vectorValues('deletion-boundary-max')).toEqual(['0.85', '0.25', '0.45']);
    await setup.openTreeItem('tree-settings');
    expect(await page.getByTestId('settings-endTime').inputValue()).toBe('1');
    await page.context().close();
  });

  it('shows the message for bad input, never says saved for it, and keeps the stored value', async () => {
    const { simulationId, token } = await createSimulation(server, 'Bad input');
    const page = await openSignedIn(browser, server, `/simulation/${simulationId}/preprocessor`);
    const setup = new SetupPage(page);
    await setup.waitUntilShown();
    await setup.openTreeItem('tree-settings');

    await setup.fill('settings-endTime', -1);
    await setup.form.getByText('must be greater than 0').waitFor();
    await expect.poll(() => setup.saveState()).toEqual({ state: 'refused', text: 'Not saved: must be greater than 0' });
    await setup.fill('settings-outputTimeInterval', 'abc');
    await setup.form.getByText('must be a valid number').waitFor();
    // 2 s / 0.0001 s asks for 20000 outputs: refused with the total-outputs rule.
    await setup.fill('settings-endTime', 2);
    await setup.fill('settings-outputTimeInterval', 0.0001);
    const totalOutputs = 'the number of outputs (end time / output interval) must be between 5 and 10000';
    await setup.form.getByText(totalOutputs).waitFor();

    await page.waitForTimeout(1500);
    expect(await setup.saveState()).toEqual({ state: 'refused', text: `Not saved: ${totalOutputs}` });
    await screenshot(page, 'setup-refused-field');
    const saved = (await getSetupDocument(server, token, simulationId)) as unknown as SavedSetup;
    expect(saved.settings.endTime).toBe(2);
    expect(saved.settings.outputTimeInterval).toBe(0.1);

    // A deletion boundary whose minimum is above its maximum shows the rule next to the corner.
    await setup.fill('settings-outputTimeInterval', 0.1);
    await setup.waitSaved();
    await setup.openAddMenuItem('add-deletion-boundary');
    await page.getByTestId('deletion-boundary-form').waitFor();
    await setup.waitSaved();
    const storedMin = ((await getSetupDocument(server, token, simulationId)) as unknown as SavedSetup).settings;
    await setup.fill('deletion-boundary-min-x', 100);
    await expect.poll(async () => (await setup.saveState()).state).toBe('refused');
    const boundaryMessage = (await setup.saveState()).text.replace('Not saved: ', '');
    await page.getByTestId('deletion-boundary-max-error').getByText(boundaryMessage).waitFor();
    await screenshot(page, 'setup-refused-deletion-boundary');
    await page.waitForTimeout(1500);
    expect((await setup.saveState()).state).toBe('refused');

    // A rotation axis of length zero: the rule's message under the axis, and not saved.
    await setup.openTreeItem('tree-physics');
    await page.getByTestId('physics-coordinate-system').click();
    await setup.setSwitch('physics-rotatingSystem', true);
    await setup.waitSaved();
    const storedAxis = ((await getSetupDocument(server, token, simulationId)) as unknown as SavedSetup).settings.rotationAxis;
    await setup.fillVector('physics-rotationAxis', [0, 0, 0]);
    await page.getByTestId('physics-rotationAxis-error').waitFor();
    await page.waitForTimeout(1500);
    expect((await setup.saveState()).state).toBe('refused');
    expect((await setup.saveState()).text).toBe(`Not saved: ${await page.getByTestId('physics-rotationAxis-error').textContent()}`);
    // The start flow says that a field on screen is not what a run would use.
    await page.getByTestId('run-button').click();
    await page.getByTestId('start-refused-field').waitFor({ timeout: 30_000 });

    await page.reload();
    await setup.waitUntilShown();
    await setup.openTreeItem('tree-settings');
    expect(await page.getByTestId('settings-outputTimeInterval').inputValue()).toBe('0.1');
    const afterReload = (await getSetupDocument(server, token, simulationId)) as unknown as SavedSetup;
    expect(afterReload.settings.calcDomainMin).toEqual(storedMin.calcDomainMin);
    expect(afterReload.settings.rotationAxis).toEqual(storedAxis);
    await setup.waitSaved();
    await page.context().close();
  });

  it("shows the server's message next to the field when the server refuses a save", async () => {
    const { simulationId, token } = await createSimulation(server, 'Refused by the server');
    const page = await openSignedIn(browser, server, `/simulation/${simulationId}/preprocessor`);
    const setup = new SetupPage(page);
    await setup.waitUntilShown();
    await setup.openTreeItem('tree-settings');
    const before = ((await getSetupDocument(server, token, simulationId)) as unknown as SavedSetup).settings.endTime;
    // The server answers this save with its validation error; the client maps errors[].path to the field.
    const refusal = 'refused by the server for this test';
    await page.route('**/api/simulations/*/setup', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({ title: 'validation_error', description: refusal, status: 400, errors: [{ path: 'settings.endTime', message: refusal }] }),
          })
        : route.continue(),
    );
    await setup.fill('settings-endTime', before + 1);
    await setup.form.getByText(refusal).waitFor({ timeout: 15_000 });
    expect(await setup.saveState()).toEqual({ state: 'error', text: `Not saved: ${refusal}Retry` });
    const saved = (await getSetupDocument(server, token, simulationId)) as unknown as SavedSetup;
    expect(saved.settings.endTime).toBe(before);
    await page.context().close();
  });

  it('applies the physics dependency rules and fills a fluid level in its container', async () => {
    const { simulationId, token } = await createSimulation(server, 'Rules');
    const page = await openSignedIn(browser, server, `/simulation/${simulationId}/preprocessor`);
    const setup = new SetupPage(page);
    await setup.waitUntilShown();

    await setup.addSolidCube({ name: 'Basin', dimensions: [1, 1, 0.5], offset: [0, 0, 0.25], container: true });
    await setup.openAddMenuItem('add-fluid-level');
    await page.getByTestId('add-fluidLevel-form').waitFor();
    expect(await page.getByTestId('add-fill-height').inputValue()).toBe('0.25');
    expect(await setup.vectorValues('add-seedPoint')).toEqual(['0', '0', '0.125']);
    // A negative fill height, and a seed point above the fill height, say so before anything is discretized.
    await setup.fill('add-fill-height', -1);
    await setup.form.getByText('must be at least 0').waitFor();
    await setup.fill('add-fill-height', 0.1);
    await page.getByTestId('add-seedPoint-error').getByText('the seed point must not lie above the fill height').waitFor();
    await setup.fill('add-fill-height', 0.2);
    await page.getByTestId('add-seedPoint-error').waitFor({ state: 'detached' });
    await page.getByTestId('add-submit').click();
    await setup.treePart('Fluid level').waitFor();
    await page.getByTestId('part-seedPoint-show').click();
    await expect.poll(() => setup.meshCount()).toBe(3);

    await setup.openTreeItem('tree-physics');
    await setup.setSwitch('physics-multiphase', true);
    await page.getByTestId('form-notice').getByText('Advanced Settings Were Adjusted').waitFor();
    await page.getByTestId('tree-material-1').waitFor();
    expect(await page.getByTestId('physics-airDrag').isDisabled()).toBe(true);
    await screenshot(page, 'setup-physics-multiphase');

    // Surface tension forces lyu21 shifting; with shifting "zero" it is unavailable.
    await setup.setSwitch('physics-multiphase', false);
    await setup.openTreeItem('tree-settings');
    await setup.choose('settings-shifting', 'None');
    await setup.openTreeItem('tree-physics');
    expect(await page.getByTestId('physics-surfaceTension').isDisabled()).toBe(true);
    await setup.openTreeItem('tree-settings');
    await setup.choose('settings-shifting', 'Sun et al. 2017');
    await setup.openTreeItem('tree-physics');
    await setup.setSwitch('physics-surfaceTension', true);
    await setup.waitSaved();
    const saved = (await getSetupDocument(server, token, simulationId)) as unknown as { settings: Record<string, unknown>; materials: unknown[]; parts: { component: { type: string; height?: number } }[] };
    expect(saved.settings).toMatchObject({ multiphase: false, densityLimiter: true, surfaceTension: true, shifting: 'lyu21' });
    expect(saved.materials).toHaveLength(2);
    expect(saved.parts.find((p) => p.component.type === 'filling')?.component.height).toBe(0.2);

    // The solver runs surface tension of one fluid; its refusal of air drag shows in Input Validation
    // and leads to the Physics form.
    await setup.setSwitch('physics-airDrag', true);
    await setup.waitSaved();
    await setup.openTreeItem('tree-settings');
    const checklist = await setup.openSidebarPanel('checklist');
    const refusal = checklist.getByTestId('validation-issue-solver').filter({ hasText: 'air drag' });
    await refusal.waitFor();
    expect(await checklist.getByTestId('validation-issue-solver').filter({ hasText: 'surface tension' }).count()).toBe(0);
    await refusal.click();
    await page.getByTestId('physics-form').waitFor();
    await page.context().close();
  });

  it('uploads a binary STL and shows its shape information', async () => {
    const { simulationId } = await createSimulation(server, 'Upload');
    const page = await openSignedIn(browser, server, `/simulation/${simulationId}/preprocessor`);
    const setup = new SetupPage(page);
    await setup.waitUntilShown();
    await setup.openAddMenuItem('add-solid-stl');
    const form = page.getByTestId('add-solidStl-form');
    // The browser's geometry worker refuses a file that is no STL before anything is sent.
    await form.locator('input[type="file"]').setInputFiles({ name: 'notes.stl', mimeType: 'model/stl', buffer: Buffer.from('these are my notes, not a mesh') });
    const refused = page.locator('[data-testid="upload-check"][data-status="refused"]');
    await refused.waitFor({ timeout: 30_000 });
    expect(await refused.textContent()).toContain('The file is not an STL file (binary or ASCII).');
    expect(await page.getByTestId('upload-start').isDisabled()).toBe(true);

    await form.locator('input[type="file"]').setInputFiles({
      name: 'obstacle.stl',
      mimeType: 'model/stl',
      buffer: boxStl([100, 50, 20], [0, 0, 10]),
    });
    await form.getByText('mm', { exact: true }).click();
    // Checked again with the new unit: 12 triangles of a closed box, 100 x 50 x 20 mm in metres.
    await expect
      .poll(() => page.locator('[data-testid="upload-check"][data-status="checked"]').textContent().catch(() => ''), { timeout: 30_000 })
      .toContain('(0.05, 0.025, 0.02) m');
    const summary = await page.getByTestId('upload-check-summary').textContent();
    expect(summary).toBe('12 triangles, (-0.05, -0.025, 0) to (0.05, 0.025, 0.02) m');
    expect(await page.getByTestId('upload-check').textContent()).toContain('Closed, consistent mesh');
    await page.getByTestId('upload-start').click();
    await page.locator('[data-testid="upload-state"][data-state="success"]').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('upload-info-triangles').textContent()).toBe('12');
    expect(await page.getByTestId('upload-info-holes').textContent()).toBe('0');
    await page.getByTestId('add-submit').click();
    await setup.treePart('obstacle').waitFor();
    await page.getByTestId('part-tab-information').click();
    expect(await page.getByTestId('info-triangles').textContent()).toBe('12');
    expect(await page.getByTestId('info-unit').textContent()).toBe('mm');
    await expect.poll(() => setup.meshCount()).toBe(1);
    await setup.waitSaved();
    await page.context().close();
  });

  it('meshes a STEP file in the browser, uploads it, meshes it on the server and adds it as a solid', async () => {
    const { simulationId, token } = await createSimulation(server, 'STEP');
    const page = await openSignedIn(browser, server, `/simulation/${simulationId}/preprocessor`);
    const setup = new SetupPage(page);
    await setup.waitUntilShown();
    await setup.openAddMenuItem('add-solid-step');
    const form = page.getByTestId('add-solidStep-form');
    const step = readFileSync(fileURLToPath(new URL('../../../node_modules/occt-import-js/test/testfiles/cax-if/io1-cm-214.stp', import.meta.url)));
    await form.locator('input[type="file"]').setInputFiles({ name: 'io1-cm-214.stp', mimeType: 'model/step', buffer: step });
    const checked = page.locator('[data-testid="upload-check"][data-status="checked"]');
    await checked.waitFor({ timeout: 60_000 });
    const fine = await page.getByTestId('step-preview-summary').textContent();
    expect(fine).toMatch(/^1 body, [\d,]+ triangles$/);
    const triangles = (text: string | null) => Number((text ?? '').replace(/^.*?, ([\d,]+) triangles.*$/, '$1').replace(/,/g, ''));

    // Out of range: the domain's message, and nothing can be sent.
    await setup.fill('step-deviation', 20);
    await expect.poll(() => form.getByText('must be between 0.1 and 10', { exact: false }).count()).toBeGreaterThan(0);
    expect(await page.getByTestId('upload-start').isDisabled()).toBe(true);
    // A coarser mesh: meshed again in the browser with fewer triangles.
    await setup.fill('step-deviation', 10);
    await setup.fill('step-angle', 60);
    await expect.poll(() => page.getByTestId('step-preview-summary').textContent().then(triangles), { timeout: 60_000 }).toBeLessThan(triangles(fine));
    await screenshot(page, 'setup-upload-step');

    const previewed = triangles(await page.getByTestId('step-preview-summary').textContent());
    await page.getByTestId('upload-start').click();
    await page.locator('[data-testid="upload-state"][data-state="success"]').waitFor({ timeout: 60_000 });
    // The server meshes with the same reader and parameters as the browser did.
    expect(Number((await page.getByTestId('upload-info-triangles').textContent())?.replace(/,/g, ''))).toBe(previewed);
    expect(await page.getByTestId('upload-info-bodies').textContent()).toBe('1');
    await page.getByTestId('add-submit').click();
    await setup.treePart('io1-cm-214').waitFor();
    await expect.poll(() => setup.meshCount(), { timeout: 30_000 }).toBe(1);
    await screenshot(page, 'setup-step-part');
    await setup.waitSaved();
    const saved = (await getSetupDocument(server, token, simulationId)) as unknown as SavedSetup;
    expect(saved.parts.map((p) => [p.name, p.component.type, p.shape.type])).toEqual([['io1-cm-214', 'rigid', 'stl']]);
    await page.context().close();
  });

  it('imports two chosen bodies of a STEP assembly as a part each', async () => {
    const { simulationId, token } = await createSimulation(server, 'Assembly');
    const page = await openSignedIn(browser, server, `/simulation/${simulationId}/preprocessor`);
    const setup = new SetupPage(page);
    await setup.waitUntilShown();
    await setup.openAddMenuItem('add-solid-step');
    const form = page.getByTestId('add-solidStep-form');
    const step = readFileSync(fileURLToPath(new URL('../../../node_modules/occt-import-js/test/testfiles/cax-if/as1-oc-214.stp', import.meta.url)));
    await setup.fill('step-deviation', 5);
    await form.locator('input[type="file"]').setInputFiles({ name: 'as1-oc-214.stp', mimeType: 'model/step', buffer: step });
    await page.locator('[data-testid="upload-check"][data-status="checked"]').waitFor({ timeout: 60_000 });
    const rows = page.getByTestId('step-body');
    expect(await rows.count()).toBe(18);
    // None chosen: nothing to import; then the first two.
    await page.getByTestId('step-body-all').uncheck();
    expect(await page.getByTestId('upload-start').isDisabled()).toBe(true);
    const names = [];
    for (const i of [0, 1]) {
      await rows.nth(i).getByRole('checkbox').check();
      names.push((await rows.nth(i).locator('td').nth(1).textContent()) ?? '');
    }
    expect(await page.getByTestId('step-preview-summary').textContent()).toContain('; 2 chosen');
    await page.getByTestId('step-import-as').getByText('A part per body').click();
    await screenshot(page, 'setup-upload-step-assembly');
    await page.getByTestId('upload-start').click();
    await page.locator('[data-testid="upload-state"][data-state="success"]').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('upload-info-parts').textContent()).toBe('2');
    await page.getByTestId('add-submit').click();
    await expect.poll(() => setup.meshCount(), { timeout: 30_000 }).toBe(2);
    await setup.waitSaved();
    const saved = (await getSetupDocument(server, token, simulationId)) as unknown as SavedSetup;
    expect(saved.parts).toHaveLength(2);
    expect(saved.parts.every((p) => p.component.type === 'rigid' && p.shape.type === 'stl')).toBe(true);
    // Bodies with the same label get distinct part names.
    expect(new Set(saved.parts.map((p) => p.name)).size).toBe(2);
    for (const [i, p] of saved.parts.entries()) expect(p.name.startsWith(names[i])).toBe(true);
    await page.context().close();
  });

  it('lists the hole of an open tank in Mesh Check Mode and zooms to it', async () => {
    const { simulationId } = await createSimulation(server, 'Mesh check');
    const page = await openSignedIn(browser, server, `/simulation/${simulationId}/preprocessor`);
    const setup = new SetupPage(page);
    await setup.waitUntilShown();
    await page.getByTestId('mesh-check-toggle').click();
    await page.getByTestId('mesh-check-empty').waitFor();

    await setup.openAddMenuItem('add-solid-stl');
    const form = page.getByTestId('add-solidStl-form');
    // A 1 x 0.5 x 0.4 m tank without its top, standing on z = 0.
    await form.locator('input[type="file"]').setInputFiles({ name: 'tank.stl', mimeType: 'model/stl', buffer: boxStl([1, 0.5, 0.4], [0.5, 0.25, 0.2], { withoutTop: true }) });
    await page.locator('[data-testid="upload-check"][data-status="checked"]').waitFor({ timeout: 30_000 });
    await page.getByTestId('upload-start').click();
    await page.locator('[data-testid="upload-state"][data-state="success"]').waitFor({ timeout: 30_000 });
    await page.getByTestId('add-submit').click();
    await setup.treePart('tank').waitFor();

    const panel = page.getByTestId('mesh-check-panel');
    await expect.poll(() => panel.getAttribute('data-state'), { timeout: 30_000 }).toBe('checked');
    await expect.poll(() => page.getByTestId('mesh-check-holes').textContent(), { timeout: 30_000 }).toBe('Holes: 1');
    expect(await page.getByTestId('mesh-check-nonManifold').textContent()).toBe('Non-Manifold: 0');
    const defect = panel.getByTestId('mesh-check-defect');
    expect(await defect.count()).toBe(1);
    expect(await defect.textContent()).toBe('Hole · 4 edges at (0.5, 0.25, 0.4) m');
    expect(await panel.getByTestId('mesh-check-part-summary').textContent()).toBe('1 hole, 0 non-manifold');
    await defect.getByTestId('mesh-check-zoom').click();
    // The camera glides to the defect: its target ends at the hole's centre (within a millimetre).
    const offTarget = async () => {
      const target = ((await page.getByTestId('setup-viewport').getAttribute('data-camera-target')) ?? '').split(' ').map(Number);
      return Math.max(...[0.5, 0.25, 0.4].map((v, a) => Math.abs((target[a] ?? Infinity) - v)));
    };
    await expect.poll(offTarget, { timeout: 15_000 }).toBeLessThan(1e-3);
    await screenshot(page, 'setup-mesh-check');

    await page.getByTestId('mesh-check-close').click();
    expect(await panel.count()).toBe(0);
    await page.context().close();
  });
});

async function partId(page: import('playwright-core').Page, name: string): Promise<string> {
  const testId = await page.getByTestId('setup-tree').locator('[data-testid^="tree-part-"]', { hasText: name }).getAttribute('data-testid');
  return (testId ?? '').replace('tree-part-', '');
}
