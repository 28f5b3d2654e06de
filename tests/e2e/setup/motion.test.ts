// Moving machinery in Setup end to end in headless Chromium against a real server: a rotation added to a
// solid in the Motion tab, refused while its start is not before its end, stored once valid and found
// again after a reload; the parts played on the timeline with the spec's loading texts, the keyframe cap
// warning and a reply the viewer cannot interpret; the acceleration file checked before upload and
// previewed once stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { defaultRigidComponent } from '../../../src/domain/component.ts';
import { MESSAGES, templates } from '../../../src/domain/messages.ts';
import { ACCELERATION_FILE_MESSAGES } from '../../../src/domain/accelerationFile.ts';
import { createPart } from '../../../src/domain/part.ts';
import { emptySetup, type SetupDocument } from '../../../src/domain/setup.ts';
import { cubeShape } from '../../../src/domain/shape.ts';
import { launchChromium } from '../../support/chromium.ts';
import { startServer, type StartedServer } from '../../support/server.ts';
import { screenshot } from '../pages/appBrowser.ts';
import { MotionPage } from './MotionPage.ts';
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

/** A tank and a paddle in it, stored over the API: the paddle is the part that will turn. */
async function simulationWithPaddle(name: string): Promise<{ simulationId: string; token: string }> {
  const { simulationId, token } = await createSimulation(server, name);
  const setup = emptySetup();
  setup.parts.push(
    createPart({ id: 'tank', name: 'Tank', component: defaultRigidComponent(), shape: { ...cubeShape([0.8, 0.4, 0.4], [0.4, 0.2, 0.2]), flipNormals: true } }),
    createPart({ id: 'paddle', name: 'Paddle', component: defaultRigidComponent(), shape: cubeShape([0.04, 0.3, 0.2], [0.4, 0.2, 0.15]) }),
  );
  const response = await fetch(`${server.url}/api/simulations/${simulationId}/setup`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(setup),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return { simulationId, token };
}

describe('Motion in Setup', () => {
  it('adds a rotation to a part, refuses a start not before the end, keeps it across a reload and plays it', async () => {
    const { simulationId, token } = await simulationWithPaddle('Paddle mixer');
    const page = await openSignedIn(browser, server, `/simulation/${simulationId}/preprocessor`);
    const setup = new SetupPage(page);
    const motion = new MotionPage(setup);
    await setup.waitUntilShown();

    const tab = await motion.openPartMotionTab('paddle');
    await tab.getByTestId('motion-empty').getByText('No movements yet').waitFor();
    await screenshot(page, 'setup-motion-tab-empty');

    await motion.startAdding();
    // Add mode: the type may change, and the default name follows it.
    expect(await page.getByTestId('movement-name').inputValue()).toBe('Translation');
    await motion.chooseType('Rotation');
    expect(await page.getByTestId('movement-name').inputValue()).toBe('Rotation');
    expect(await setup.vectorValues('movement-axis')).toEqual(['0', '1', '0']);
    // No message before a submit attempt, even for a start after the end.
    await motion.fillRotation({ start: 1, end: 0.5, center: [0.4, 0.2, 0.15], axis: [0, 0, 1], velocity: 2 });
    expect(await motion.form.getByText(MESSAGES.movementStartBeforeEnd).count()).toBe(0);
    await motion.submit();
    await motion.form.getByText(MESSAGES.movementStartBeforeEnd).waitFor();
    await screenshot(page, 'setup-movement-form-start-after-end');
    await page.waitForTimeout(1000);
    expect(((await getSetupDocument(server, token, simulationId)) as unknown as SetupDocument).movements).toEqual([]);

    // Valid: the message goes as the end is fixed, and the movement is stored.
    await setup.fill('movement-end', 1.5);
    await expect.poll(() => motion.form.getByText(MESSAGES.movementStartBeforeEnd).count()).toBe(0);
    await motion.recordMovementStatuses();
    await motion.submit();
    await page.getByTestId('part-motion').waitFor();
    expect(await motion.itemNames()).toEqual(['Rotation']);
    await setup.waitSaved();
    await expect.poll(() => motion.movementStatus(), { timeout: 30_000 }).toBe(MESSAGES.loadedAllMovements);
    expect(await motion.recordedMovementStatuses()).toEqual([MESSAGES.loadingMovements, templates.loadingMovementsProgress(1, 1), MESSAGES.loadedAllMovements]);
    await screenshot(page, 'setup-motion-tab');

    const stored = (await getSetupDocument(server, token, simulationId)) as unknown as SetupDocument;
    expect(stored.movements).toHaveLength(1);
    expect(stored.movements[0]).toMatchObject({
      partId: 'paddle', name: 'Rotation', start: 1, end: 1.5, virtualMovement: false, parents: [],
      type: { type: 'rotatory', center: [0.4, 0.2, 0.15], axis: [0, 0, 1], vel: 2, acc: 0 },
    });

    // The end of the timeline: the paddle has turned by 2 rad/s × 0.5 s about the vertical axis.
    await page.getByTestId('timeline-slider').locator('[role="slider"]').focus();
    await page.keyboard.press('End');
    await expect.poll(() => motion.timelineProgress()).toBe(1);
    expect(await page.getByTestId('timeline-time').textContent()).toBe('2 / 2 s');
    await screenshot(page, 'setup-timeline-end');
    await page.keyboard.press('Home');
    await expect.poll(() => motion.timelineProgress()).toBe(0);

    // Space plays the timeline and pauses it again.
    await page.getByTestId('setup-viewport').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Space');
    await expect.poll(() => motion.timeline.getAttribute('data-playing')).toBe('true');
    await expect.poll(() => motion.timelineProgress()).toBeGreaterThan(0);
    await page.keyboard.press('Space');
    await expect.poll(() => motion.timeline.getAttribute('data-playing')).toBe('false');

    // After a reload the movement is still there, and editing it cannot change its type.
    await page.reload();
    await setup.waitUntilShown();
    await motion.openPartMotionTab('paddle');
    expect(await motion.itemNames()).toEqual(['Rotation']);
    expect(await page.getByTestId('motion-item-motion').textContent()).toBe('2 rad/s about (0, 0, 1) through (0.4, 0.2, 0.15)');
    await page.getByTestId(`motion-edit-${stored.movements[0].id}`).click();
    await page.locator('[data-testid="movement-form-body"][data-mode="edit"]').waitFor();
    expect(await page.getByTestId('movement-type').locator('input[value="translatory"]').isDisabled()).toBe(true);
    await screenshot(page, 'setup-movement-form-edit');

    // Fast enough that the keyframes hit the cap: the timeline warns for the part.
    await setup.fill('movement-vel', 400);
    await motion.submit();
    await page.getByTestId('part-motion').waitFor();
    await setup.waitSaved();
    await page.getByTestId('movement-warning').getByText(templates.keyframeCap('Paddle')).waitFor({ timeout: 30_000 });

    // A keyframe reply of another shape cannot be played.
    await page.route('**/api/parts/*/movements/keyframes*', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ keyframes: 'none' }) }),
    );
    await page.getByTestId('timeline-mode').getByText('Stepped', { exact: true }).click();
    await page.getByTestId('movement-error').getByText(MESSAGES.movementsNotInterpreted).waitFor();
    await screenshot(page, 'setup-timeline-not-interpreted');
    await page.context().close();
  });

  it('checks an acceleration file before uploading it and previews the stored one', async () => {
    const { simulationId, token } = await simulationWithPaddle('Shaken tank');
    const page = await openSignedIn(browser, server, `/simulation/${simulationId}/preprocessor`);
    const setup = new SetupPage(page);
    const motion = new MotionPage(setup);
    await setup.waitUntilShown();
    await setup.openTreeItem('tree-settings');
    await page.getByTestId('acceleration-file-none').waitFor();

    await motion.chooseAccelerationFile('shake.csv', 'time,ax,ay,az\n0,0,0,0\n0.5,1,0,0\n0.4,1,0,0\n');
    await page.getByTestId('acceleration-file-error').getByText(ACCELERATION_FILE_MESSAGES.timeNotIncreasing(4, 0.4, 0.5)).waitFor();
    await motion.chooseAccelerationFile('shake.csv', 'time,ax,ay\n0,0,0\n1,1,0\n');
    await page.getByTestId('acceleration-file-error').getByText(ACCELERATION_FILE_MESSAGES.missingColumns(['az'])).waitFor();
    expect(((await getSetupDocument(server, token, simulationId)) as unknown as SetupDocument).settings.accelerationFile).toBeNull();

    const rows = ['time,ax,ay,az', ...Array.from({ length: 41 }, (_, i) => `${i * 0.05},${Math.sin(i * 0.3).toFixed(4)},0,${(-0.5 * Math.cos(i * 0.3)).toFixed(4)}`)];
    await motion.chooseAccelerationFile('shake.csv', `${rows.join('\n')}\n`);
    await page.getByTestId('acceleration-file-name').getByText('shake.csv').waitFor();
    await page.getByTestId('acceleration-plot').waitFor();
    expect(await page.getByTestId('acceleration-file-summary').textContent()).toBe('41 rows, 0 s to 2 s');
    await setup.waitSaved();
    await page.getByTestId('acceleration-plot').scrollIntoViewIfNeeded();
    await screenshot(page, 'setup-acceleration-file');
    const stored = ((await getSetupDocument(server, token, simulationId)) as unknown as SetupDocument).settings.accelerationFile;
    expect(stored?.name).toBe('shake.csv');

    // After a reload the preview comes from the stored file.
    await page.reload();
    await setup.waitUntilShown();
    await setup.openTreeItem('tree-settings');
    await page.getByTestId('acceleration-plot').waitFor();
    expect(await page.getByTestId('acceleration-plot').getAttribute('data-points')).toBe('41');
    await page.context().close();
  });

  it('makes a wall move with a movement of its own and sets up a rotating frame', async () => {
    const { simulationId, token } = await simulationWithPaddle('Belt and turntable');
    const page = await openSignedIn(browser, server, `/simulation/${simulationId}/preprocessor`);
    const setup = new SetupPage(page);
    const motion = new MotionPage(setup);
    await setup.waitUntilShown();

    await setup.openTreeItem('tree-part-paddle');
    await page.getByTestId('part-tab-boundaryConditions').click();
    await setup.choose('part-velocityKind', 'Moving wall');
    // Without a movement the wall cannot move: held back with the rule's message, nothing saved.
    await page.getByTestId('part-moving-wall').getByText(MESSAGES.movingWallMovementRequired).waitFor();
    await page.getByTestId('part-moving-wall-new').click();
    await page.getByText('Moving boundary condition', { exact: true }).waitFor();
    await motion.chooseType('Rotation');
    await motion.fillRotation({ start: 0, end: null, center: [0.4, 0.2, 0.15], axis: [0, 0, 1], velocity: 3 });
    await motion.submit();
    await page.getByTestId('part-moving-wall-motion').getByText('3 rad/s about (0, 0, 1) through (0.4, 0.2, 0.15)').waitFor();
    await setup.waitSaved();
    await screenshot(page, 'setup-moving-wall');
    let stored = (await getSetupDocument(server, token, simulationId)) as unknown as SetupDocument;
    const belt = stored.movements[0];
    expect(belt).toMatchObject({ partId: 'paddle', virtualMovement: true, end: null, type: { type: 'rotatory', vel: 3 } });
    expect(stored.parts.find((p) => p.id === 'paddle')?.component).toMatchObject({ velocityKind: 'moving', velocityConditionMovementId: belt.id });
    // A wall velocity movement moves no geometry: nothing to play.
    expect(await motion.timeline.count()).toBe(0);

    // Deleting the movement in the Motion tab (two clicks) turns the wall back into a no-slip wall.
    await page.getByTestId('part-tab-motion').click();
    await page.getByTestId(`motion-delete-${belt.id}`).click();
    await page.getByTestId(`motion-delete-${belt.id}`).click();
    await page.getByTestId('motion-empty').waitFor();
    await setup.waitSaved();
    stored = (await getSetupDocument(server, token, simulationId)) as unknown as SetupDocument;
    expect(stored.movements).toEqual([]);
    expect(stored.parts.find((p) => p.id === 'paddle')?.component).toMatchObject({ velocityKind: 'no_slip', velocityConditionMovementId: null });

    await setup.openTreeItem('tree-physics');
    await page.getByTestId('physics-coordinate-system').click();
    await page.getByTestId('coordinate-system-form').waitFor();
    await setup.setSwitch('physics-rotatingSystem', true);
    await setup.fill('physics-rotationVelocity', 1.5);
    await setup.fillVector('physics-rotationCenter', [0.4, 0.2, 0]);
    await setup.waitSaved();
    await screenshot(page, 'setup-coordinate-system');
    stored = (await getSetupDocument(server, token, simulationId)) as unknown as SetupDocument;
    expect(stored.settings).toMatchObject({ rotatingSystem: true, rotationVelocity: 1.5, rotationAxis: [0, 0, 1], rotationCenter: [0.4, 0.2, 0] });
    await page.context().close();
  });
});
