// Post-processing machines in the browser against a real server: a finished dam break gets a machine from
// the menu bar's Launch VM; the notification leads to the VM screen, whose terminal runs Python with VTK
// on one output; a file goes up over SFTP (the ssh2 client, with the credentials the screen shows) and
// comes down through the file browser, another goes up through the file browser and comes down over SFTP;
// auto shutdown toggles; the machines list shows it; Shut down stops it.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import ssh2 from 'ssh2';
import { VM_MESSAGES } from '../../../src/domain/vm.ts';
import { launchChromium } from '../../support/chromium.ts';
import { startServer, type StartedServer } from '../../support/server.ts';
import { contentSecurityViolations, screenshot } from '../pages/appBrowser.ts';
import { putDamBreak, runToCompletion } from '../run/runFixtures.ts';
import { createSimulation, openSignedIn } from '../setup/setupFixtures.ts';
import { MachinesScreen } from './MachinesScreen.ts';
import { RemoteVmScreen } from './RemoteVmScreen.ts';

let server: StartedServer;
let browser: Browser;
let page: Page;
let simulationId: string;

type Sftp = { client: ssh2.Client; sftp: ssh2.SFTPWrapper };

function sftpSession(login: { port: number; username: string; password: string }): Promise<Sftp> {
  return new Promise((resolve, reject) => {
    const client = new ssh2.Client();
    client.on('ready', () => client.sftp((error, sftp) => (error ? reject(error) : resolve({ client, sftp }))));
    client.on('error', reject);
    client.connect({ host: '127.0.0.1', port: login.port, username: login.username, password: login.password, readyTimeout: 15_000 });
  });
}

beforeAll(async () => {
  server = await startServer({ env: { SURGE_VM_SFTP_PORT: '0', SURGE_VM_ACCOUNTING_MS: '2000' } });
  browser = await launchChromium();
  const created = await createSimulation(server, 'Machine dam break');
  simulationId = created.simulationId;
  await putDamBreak(server, created.token, simulationId);
  await runToCompletion(server, created.token, simulationId);
  page = await openSignedIn(browser, server, `/simulation/${simulationId}/dashboard`);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('post-processing machines', () => {
  it('launches from the menu bar and opens the VM screen from the notification', async () => {
    const machines = new MachinesScreen(page);
    await machines.waitForVmButton('Launch VM');
    await machines.vmButton().click();
    await page.getByText(VM_MESSAGES.launching).first().waitFor();
    await machines.waitForVmButton('Open VM');
    await screenshot(page, 'vm-menu-button-open');
    // Below 1024 px the menu collapses into the burger, and the VM button stays beside it.
    const wide = page.viewportSize();
    await page.setViewportSize({ width: 900, height: wide?.height ?? 800 });
    await page.getByTestId('menu-burger').waitFor();
    await machines.waitForVmButton('Open VM');
    if (wide) await page.setViewportSize(wide);
    await page.getByTestId('vm-go-to').click();
    await page.waitForURL((url) => url.pathname === `/machines/${simulationId}`);
  });

  it('runs Python with VTK on an output in the terminal', async () => {
    const vm = new RemoteVmScreen(page);
    await vm.waitForWindowState('connected');
    await vm.waitForTerminalText(/engineer@vm-\w+:~\$/);
    await vm.typeInTerminal(
      "python3 -c \"import json, numpy as np, vtk; m = json.load(open('/workspace/outputs/2/meta.json')); o = next(x for x in m['objects'] if x['kind'] in ('fluid', 'material')); d = next(x for x in o['datasets'] if x['name'] == 'full'); p = np.fromfile('/workspace/outputs/2/' + d['positions']['file'], '<f4').reshape(-1, 3); a = vtk.vtkPoints(); [a.InsertNextPoint(*map(float, x)) for x in p]; print('VTK', vtk.vtkVersion.GetVTKVersion(), 'read', a.GetNumberOfPoints(), 'of', d['count'], 'points at t =', m['time'])\"",
    );
    const match = await vm.waitForTerminalText(/VTK (\S+) read (\d+) of (\d+) points at t = (\S+)/);
    console.log(`terminal: VTK ${match[1]} read ${match[2]} of ${match[3]} points of output 2 (t = ${match[4]} s)`);
    expect(Number(match[2])).toBe(Number(match[3]));
    expect(Number(match[2])).toBeGreaterThan(100);
    await screenshot(page, 'vm-screen-terminal');
    expect(contentSecurityViolations(page)).toEqual([]);
  }, 120_000);

  it('moves files both ways between SFTP and the file browser', async () => {
    const vm = new RemoteVmScreen(page);
    const login = await vm.sftp();
    expect(login.port).toBeGreaterThan(0);
    const { client, sftp } = await sftpSession(login);
    const table = 'time,height\n0,0.24\n0.2,0.11\n';
    await new Promise<void>((resolve, reject) => sftp.writeFile('/home/from-sftp.csv', table, (error) => (error ? reject(error) : resolve())));

    await vm.refreshFiles();
    await vm.file('from-sftp.csv').waitFor();
    const download = await vm.download('from-sftp.csv');
    expect(download.suggestedFilename()).toBe('from-sftp.csv');
    expect(readFileSync(await download.path()).toString()).toBe(table);

    const note = Buffer.from('uploaded in the browser\n'.repeat(2000));
    await vm.upload('from-browser.txt', note);
    await vm.file('from-browser.txt').waitFor();
    const back = await new Promise<Buffer>((resolve, reject) => sftp.readFile('/home/from-browser.txt', (error, data) => (error ? reject(error) : resolve(data))));
    expect(back.equals(note)).toBe(true);
    client.end();
    await vm.typeInTerminal('wc -l ~/from-sftp.csv ~/from-browser.txt');
    await vm.waitForTerminalText(/\b3 \/workspace\/home\/from-sftp\.csv\s+2000 \/workspace\/home\/from-browser\.txt/);
  }, 90_000);

  it('toggles auto shutdown', async () => {
    const vm = new RemoteVmScreen(page);
    await expect(vm.autoShutdown().isChecked()).resolves.toBe(true);
    await vm.autoShutdown().click({ force: true });
    await vm.waitForAutoShutdown(false);
    await page.getByTestId('vm-details').getByText('Off', { exact: true }).waitFor();
    await vm.autoShutdown().click({ force: true });
    await vm.waitForAutoShutdown(true);
  });

  it('lists the machine with the hours left', async () => {
    await page.goto(`${server.url}/machines`);
    const machines = new MachinesScreen(page);
    await machines.rows().first().waitFor();
    await expect(machines.rows().count()).resolves.toBe(1);
    await expect(machines.rows().first().getAttribute('data-state')).resolves.toBe('running');
    await expect(machines.hoursLeft().textContent()).resolves.toMatch(/VM hours left: \d+h \d+m of 100h 0m/);
    await screenshot(page, 'machines-list');
    await page.getByTestId('machine-open').click();
    await page.waitForURL((url) => url.pathname === `/machines/${simulationId}`);
  });

  it('shuts the machine down', async () => {
    const vm = new RemoteVmScreen(page);
    await vm.waitForWindowState('connected');
    await vm.shutDown();
    await page.getByTestId('vm-not-found').waitFor({ timeout: 60_000 });
    await page.goto(`${server.url}/machines`);
    const machines = new MachinesScreen(page);
    await machines.rows().first().waitFor();
    await expect(machines.rows().first().getAttribute('data-state')).resolves.toBe('stopped');
  }, 90_000);
});
