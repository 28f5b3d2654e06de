// A post-processing machine end to end through the API: a finished simulation gets a machine (the job
// launches a sandbox), its terminal runs Python with VTK on an output over the realtime channel, files
// go in and out over SFTP (the ssh2 client) and the file browser's routes, auto shutdown toggles within
// its 24 hours, another user's contributor reaches none of it, and shutdown stops the machine, ends SFTP
// and books its hours.
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ssh2 from 'ssh2';
import WebSocket from 'ws';
import { VM_AUTO_SHUTDOWN_MS } from '../../../src/domain/constants.ts';
import { VM_MESSAGES, type RemoteVm } from '../../../src/domain/vm.ts';
import { multipartBody } from '../server/authorizationFixture.ts';
import { call, createSimulationWithSetup, createUser, smallDamBreak, solverId, startRunsApp, tokenFor, waitFor, waitForState, type RunsTestApp } from '../runs/harness.ts';

let t: RunsTestApp;
let port: number;
let owner: string;
let outsider: string;
let simulationId: string;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

beforeAll(async () => {
  port = await freePort();
  t = await startRunsApp({ config: { port, publicUrl: `http://127.0.0.1:${port}` }, vms: { accountingMs: 500 } });
  await t.app.listen({ port, host: '127.0.0.1' });
  const ownerId = (await createUser(t, t.organizationId, 'contributor')).id;
  owner = await tokenFor(t, ownerId, { expiresIn: '1h' });
  outsider = await tokenFor(t, (await createUser(t, t.organizationId, 'contributor')).id, { expiresIn: '1h' });
  simulationId = await createSimulationWithSetup(t, owner, smallDamBreak(), 'Machine simulation');
  const started = await call(t, owner, 'POST', `/api/simulations/${simulationId}/runs`, { solverId: await solverId(t, owner), cores: 1, mode: 'start' });
  expect(started.status, started.text).toBe(201);
  expect(await waitForState(t.db.db, simulationId, ['completed', 'failed', 'launch_failed'])).toBe('completed');
}, 120_000);
afterAll(async () => t?.close());

async function machine(token = owner): Promise<RemoteVm> {
  const response = await call(t, token, 'GET', `/api/simulations/${simulationId}/remote_vms`);
  expect(response.status, response.text).toBe(200);
  return response.json() as RemoteVm;
}

/** A realtime socket with a queue of the messages it received. */
async function socket(token: string): Promise<{ ws: WebSocket; until: (test: (m: Record<string, unknown>) => boolean, what: string) => Promise<Record<string, unknown>>; output: () => string }> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws?access_token=${token}`);
  const messages: Record<string, unknown>[] = [];
  let text = '';
  ws.on('message', (data) => {
    const message = JSON.parse(data.toString()) as Record<string, unknown>;
    messages.push(message);
    if (message.type === 'vm.terminal.output') text += String(message.data);
    if (message.type === 'vm.terminal.opened') text += String(message.replay);
  });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  return {
    ws,
    output: () => text,
    until: (test, what) => waitFor(what, async () => messages.find(test), 30_000, 50),
  };
}

function sftpSession(vm: RemoteVm, password: string): Promise<{ client: ssh2.Client; sftp: ssh2.SFTPWrapper }> {
  return new Promise((resolve, reject) => {
    const client = new ssh2.Client();
    client.on('ready', () => client.sftp((error, sftp) => (error ? reject(error) : resolve({ client, sftp }))));
    client.on('error', reject);
    client.connect({ host: '127.0.0.1', port: vm.sftp?.port ?? 0, username: vm.sftp?.username ?? '', password, readyTimeout: 10_000 });
  });
}

describe('post-processing machines', () => {
  it('launches a machine for a finished simulation, with auto shutdown 24 h ahead', async () => {
    const launched = await call(t, owner, 'POST', `/api/simulations/${simulationId}/remote_vms`);
    expect(launched.status, launched.text).toBe(201);
    const vm = launched.json() as RemoteVm;
    expect(['launching', 'running']).toContain(vm.state);
    expect(Math.abs(new Date(vm.shutdownTime ?? 0).getTime() - Date.now() - VM_AUTO_SHUTDOWN_MS)).toBeLessThan(60_000);
    const again = await call(t, owner, 'POST', `/api/simulations/${simulationId}/remote_vms`);
    expect(again.status).toBe(400);
    expect(again.json().description).toBe(VM_MESSAGES.alreadyLaunched);
    const running = await waitFor('the machine running', async () => {
      const current = await machine();
      if (current.state === 'failed') throw new Error(`launch failed: ${current.message}`);
      return current.state === 'running' ? current : null;
    });
    expect(running.sftp?.port).toBeGreaterThan(0);
    expect(running.password).toMatch(/^\w{12,}$/);
    expect(running.sftpUrl).toBe(`sftp://${running.name}@127.0.0.1:${running.sftp?.port}`);
    const simulation = (await call(t, owner, 'GET', `/api/simulations/${simulationId}`)).json() as { remoteVmRunState: string };
    expect(simulation.remoteVmRunState).toBe('running');
    const list = (await call(t, owner, 'GET', '/api/remote_vms')).json() as RemoteVm[];
    expect(list.map((m) => m.id)).toEqual([running.id]);
  });

  it('runs Python with VTK on an output in the terminal', async () => {
    const { ws, until, output } = await socket(owner);
    ws.send(JSON.stringify({ type: 'vm.terminal.open', simId: simulationId, cols: 120, rows: 30 }));
    await until((m) => m.type === 'vm.terminal.opened', 'the terminal opened');
    const script = [
      'import json, numpy as np, vtk',
      "meta = json.load(open('/workspace/outputs/1/meta.json'))",
      "fluid = next(o for o in meta['objects'] if o['kind'] in ('fluid', 'material'))",
      "full = next(d for d in fluid['datasets'] if d['name'] == 'full')",
      "p = np.fromfile('/workspace/outputs/1/' + full['positions']['file'], '<f4').reshape(-1, 3)",
      'points = vtk.vtkPoints()',
      'points.SetNumberOfPoints(len(p))',
      '[points.SetPoint(i, *map(float, x)) for i, x in enumerate(p)]',
      "print('VTK', vtk.vtkVersion.GetVTKVersion(), 'POINTS', points.GetNumberOfPoints(), 'OF', full['count'])",
    ].join('; ');
    ws.send(JSON.stringify({ type: 'vm.terminal.input', simId: simulationId, data: `python3 -c "${script}"\r` }));
    const match = await waitFor('the Python output', async () => /VTK (\d+\.\d+\.\d+) POINTS (\d+) OF (\d+)/.exec(output()), 60_000, 100).catch((error: unknown) => {
      console.log(output());
      throw error;
    });
    console.log(`terminal: VTK ${match[1]} read ${match[2]} points of output 1 (meta.json counts ${match[3]})`);
    expect(Number(match[2])).toBe(Number(match[3]));
    expect(Number(match[2])).toBeGreaterThan(0);
    ws.send(JSON.stringify({ type: 'vm.terminal.resize', simId: simulationId, cols: 80, rows: 24 }));
    ws.send(JSON.stringify({ type: 'vm.terminal.input', simId: simulationId, data: 'stty size; id -un\r' }));
    await waitFor('the new size', async () => /24 80\r?\n(\r?\n)?engineer/.test(output()), 20_000, 100);
    ws.close();
  }, 120_000);

  it('moves files in and out over SFTP, writing only in the home', async () => {
    const vm = await machine();
    const { client, sftp } = await sftpSession(vm, vm.password ?? '');
    const put = (path: string, text: string) => new Promise<void>((resolve, reject) => sftp.writeFile(path, text, (error) => (error ? reject(error) : resolve())));
    const get = (path: string) => new Promise<string>((resolve, reject) => sftp.readFile(path, (error, data) => (error ? reject(error) : resolve(data.toString()))));
    const list = (path: string) => new Promise<string[]>((resolve, reject) => sftp.readdir(path, (error, entries) => (error ? reject(error) : resolve(entries.map((e) => e.filename).sort()))));
    const real = (path: string) => new Promise<string>((resolve, reject) => sftp.realpath(path, (error, resolved) => (error ? reject(error) : resolve(resolved))));
    expect(await real('.')).toBe('/home');
    expect(await list('/')).toEqual(['exports', 'home', 'outputs']);
    await put('results.csv', 'x,y\n1,2\n');
    expect(await get('/home/results.csv')).toBe('x,y\n1,2\n');
    expect(JSON.parse(await get('/outputs/1/meta.json')).outputNo).toBe(1);
    await expect(put('/outputs/evil.txt', 'no')).rejects.toThrow(VM_MESSAGES.readOnly);
    await expect(get('/../../etc/passwd')).rejects.toThrow();
    client.end();

    const wrong = await sftpSession(vm, 'not-the-password').then(
      () => 'logged in',
      (error: Error) => error.message,
    );
    expect(wrong).toMatch(/authentication/i);
  }, 60_000);

  it('lists, links for download and uploads files over the API', async () => {
    const listing = await call(t, owner, 'GET', `/api/simulations/${simulationId}/remote_vms/files?path=/home`);
    expect(listing.status, listing.text).toBe(200);
    expect(listing.json().entries.map((e: { name: string }) => e.name)).toEqual(expect.arrayContaining(['README.txt', 'results.csv']));
    const link = await call(t, owner, 'GET', `/api/simulations/${simulationId}/remote_vms/files/link?path=/home/results.csv`);
    expect(link.status, link.text).toBe(200);
    const download = await fetch(link.json().url as string);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('results.csv');
    expect(await download.text()).toBe('x,y\n1,2\n');
    const forged = await fetch(`http://127.0.0.1:${port}/api/remote_vm_files?token=x.y.z`);
    expect(forged.status).toBe(404);

    const upload = (path: string, name: string, text: string, token = owner) => {
      const { payload, headers } = multipartBody({}, { name, bytes: Buffer.from(text) });
      return t.app.inject({ method: 'POST', url: `/api/simulations/${simulationId}/remote_vms/files?path=${encodeURIComponent(path)}`, payload, headers: { ...headers, authorization: `Bearer ${token}` } });
    };
    const uploaded = await upload('/home', 'notes.txt', 'hello machine');
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(uploaded.json()).toMatchObject({ path: '/home/notes.txt', type: 'file', size: 13, writable: true });
    const refused = await upload('/outputs', 'x.txt', 'no');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().description).toBe(VM_MESSAGES.readOnly);
    const escaping = await call(t, owner, 'GET', `/api/simulations/${simulationId}/remote_vms/files?path=/../../etc`);
    expect(escaping.status).toBe(400);

    const { ws, until, output } = await socket(owner);
    ws.send(JSON.stringify({ type: 'vm.terminal.open', simId: simulationId, cols: 100, rows: 30 }));
    await until((m) => m.type === 'vm.terminal.opened', 'the terminal opened again');
    ws.send(JSON.stringify({ type: 'vm.terminal.input', simId: simulationId, data: 'cat ~/notes.txt; echo; echo DONE-$((6*7))\r' }));
    await waitFor('the uploaded file in the terminal', async () => output().includes('hello machine') && output().includes('DONE-42'), 20_000, 100);
    ws.close();
  }, 60_000);

  it('toggles auto shutdown within the next 24 hours', async () => {
    const off = await call(t, owner, 'PUT', `/api/simulations/${simulationId}/remote_vms`, { shutdownTime: null });
    expect(off.status, off.text).toBe(200);
    expect(off.json().shutdownTime).toBeNull();
    const tooLate = await call(t, owner, 'PUT', `/api/simulations/${simulationId}/remote_vms`, { shutdownTime: new Date(Date.now() + 2 * VM_AUTO_SHUTDOWN_MS).toISOString() });
    expect(tooLate.status).toBe(400);
    expect(tooLate.json()).toMatchObject({ title: 'validation_error', description: VM_MESSAGES.shutdownTimeRange });
    const on = await call(t, owner, 'PUT', `/api/simulations/${simulationId}/remote_vms`, { shutdownTime: new Date(Date.now() + VM_AUTO_SHUTDOWN_MS).toISOString() });
    expect(on.status, on.text).toBe(200);
    expect(on.json().shutdownTime).not.toBeNull();
  });

  it("keeps another contributor out of the machine, its terminal and its files", async () => {
    expect((await call(t, outsider, 'GET', `/api/simulations/${simulationId}/remote_vms`)).status).toBe(403);
    expect((await call(t, outsider, 'GET', `/api/simulations/${simulationId}/remote_vms/files?path=/home`)).status).toBe(403);
    expect((await call(t, outsider, 'DELETE', `/api/simulations/${simulationId}/remote_vms`)).status).toBe(403);
    expect(((await call(t, outsider, 'GET', '/api/remote_vms')).json() as RemoteVm[]).length).toBe(0);
    const { ws, until } = await socket(outsider);
    ws.send(JSON.stringify({ type: 'vm.terminal.open', simId: simulationId, cols: 80, rows: 24 }));
    const refused = await until((m) => m.type === 'error', 'the refusal');
    expect(refused).toMatchObject({ error: 'forbidden', command: 'vm.terminal.open' });
    ws.close();
  });

  it('shuts down on demand: stopping, then stopped, SFTP closed, hours booked', async () => {
    const vm = await machine();
    const down = await call(t, owner, 'DELETE', `/api/simulations/${simulationId}/remote_vms`);
    expect(down.status, down.text).toBe(200);
    expect(['stopping', 'stopped']).toContain(down.json().state);
    const stopped = await waitFor('the machine stopped', async () => ((await machine()).state === 'stopped' ? machine() : null));
    expect(stopped.hoursConsumed).toBeGreaterThan(0);
    expect(stopped.password).toBeNull();
    const simulation = (await call(t, owner, 'GET', `/api/simulations/${simulationId}`)).json() as { remoteVmRunState: string };
    expect(simulation.remoteVmRunState).toBe('stopped');
    const login = await sftpSession(vm, vm.password ?? '').then(
      () => 'logged in',
      (error: Error) => error.message,
    );
    expect(login).not.toBe('logged in');
    expect((await call(t, owner, 'GET', `/api/simulations/${simulationId}/remote_vms/files?path=/home`)).status).toBe(404);
    const hours = (await call(t, owner, 'GET', '/api/remote_vms/hours')).json() as { hoursUsed: number; hoursLeft: number; hoursPerMonth: number };
    console.log(`hours: machine ran ${(stopped.hoursConsumed * 3600).toFixed(1)} s; month used ${(hours.hoursUsed * 3600).toFixed(1)} s of ${hours.hoursPerMonth} h`);
    expect(hours.hoursUsed).toBeCloseTo(stopped.hoursConsumed, 6);
    expect(hours.hoursLeft).toBeCloseTo(hours.hoursPerMonth - stopped.hoursConsumed, 6);
  }, 60_000);
});
