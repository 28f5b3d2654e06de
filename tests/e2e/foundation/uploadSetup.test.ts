// Upload of a preprocessed setup in the browser, for an organisation with upload_preprocessing: a zip
// without the named job file is refused with the server's message; a good one becomes the simulation's
// setup (its STL stored), and the row then opens Monitor instead of Setup.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../support/chromium.ts';
import { loginWithPassword } from '../../support/login.ts';
import { startServer, type StartedServer } from '../../support/server.ts';
import { openAppPage, screenshot } from '../pages/appBrowser.ts';
import { LoginPage } from '../pages/LoginPage.ts';
import { ProjectsPage } from '../pages/ProjectsPage.ts';
import { SurgeApi } from '../pages/SurgeApi.ts';
import { createZip, setupWithStl, tetrahedronStl } from '../../unit/foundation/zipFixtures.ts';
import { UploadSetupDialog } from './UploadSetupDialog.ts';

let server: StartedServer;
let browser: Browser;
let admin: SurgeApi;
let simulationId: string;

beforeAll(async () => {
  server = await startServer({ env: { SURGE_FEATURES: 'upload_preprocessing' } });
  browser = await launchChromium();
  admin = await SurgeApi.signIn(server.url, server.adminEmail, server.adminPassword);
  const project = await admin.createProject('Preprocessed cases');
  simulationId = (await admin.createSimulation(project.id, 'From zip')).id;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('Upload of a preprocessed setup', () => {
  it('refuses a zip without the job file and takes a good one', async () => {
    const { context, page } = await openAppPage(browser);
    const projects = new ProjectsPage(page, server.url);
    await page.goto(`${server.url}/projects`);
    await new LoginPage(page).signIn(server.adminEmail, server.adminPassword);
    await projects.waitUntilLoaded();

    const row = projects.simulationRow('From zip');
    await row.getByTestId('simulation-actions').click();
    await page.getByTestId('action-upload').click();
    const dialog = new UploadSetupDialog(page);
    const wrong = createZip([{ name: 'case/setup.json', data: '{}' }]);
    await dialog.upload({ name: 'wrong.zip', buffer: wrong }, 'job.json');
    await dialog.error().waitFor();
    expect(await dialog.error().innerText()).toContain('The job file job.json is not in the zip file.');
    await screenshot(page, 'foundation-upload-setup-refused');

    const stl = tetrahedronStl(0.2);
    const good = createZip([
      { name: 'case/job.json', data: JSON.stringify(setupWithStl('meshes/wall.stl')) },
      { name: 'case/meshes/wall.stl', data: stl },
    ]);
    await dialog.upload({ name: 'tank.zip', buffer: good }, 'case/job.json');
    await page.getByTestId('toast-success').filter({ hasText: 'Setup uploaded' }).waitFor();
    await page.getByTestId('upload-setup-submit').waitFor({ state: 'detached' });
    await screenshot(page, 'foundation-upload-setup-done');

    const simulation = await admin.simulation(simulationId);
    expect(simulation.uploadedSetup).toBe(true);
    const setup = (await admin.call('GET', `/simulations/${simulationId}/setup`)).body as { parts: { shape: { fileId: string; file: { name: string } } }[] };
    expect(setup.parts[0].shape.file.name).toBe('wall.stl');
    const { accessToken } = await loginWithPassword(server.url, server.adminEmail, server.adminPassword);
    const file = await fetch(`${server.url}/api/files/${setup.parts[0].shape.fileId}`, { headers: { authorization: `Bearer ${accessToken}` } });
    expect(await file.text()).toBe(stl);

    // An uploaded setup opens in Monitor; Upload is no longer offered once it has started (not yet here).
    await row.click();
    await page.waitForURL((url) => url.pathname === `/simulation/${simulationId}/dashboard`);
    await context.close();
  });
});
