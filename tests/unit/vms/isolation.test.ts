// The sandbox of a machine, measured from inside it: it reads its own simulation's outputs but not another
// simulation's files nor the host's, cannot write the outputs or the system, opens no socket to the host
// or beyond, stays under its memory limit, and every process it started dies when it stops. The server's
// side of its files refuses links planted in the home to reach outside.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadVmConfig } from '../../../src/server/vms/config.ts';
import { LocalVmProvider } from '../../../src/server/vms/localProvider.ts';

const ID = '0b5f3c1e-1a2b-4c3d-8e9f-00000000a001';
const log = { info: () => undefined, warn: () => undefined };
let root: string;
let provider: LocalVmProvider;
let listener: Server;
let listenerPort: number;
let connections = 0;

function inside(script: string, timeoutMs = 30_000): { status: number | null; stdout: string; stderr: string } {
  const command = provider.sandboxCommand(ID, ['/bin/bash', '-c', script]);
  if (!command) throw new Error('machine not running');
  const result = spawnSync(command[0], command.slice(1), { encoding: 'utf8', timeout: timeoutMs });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'surge-vm-isolation-'));
  for (const sim of ['a', 'b']) {
    mkdirSync(join(root, 'storage', sim, 'outputs', '0'), { recursive: true });
    mkdirSync(join(root, 'storage', sim, 'exports'), { recursive: true });
    writeFileSync(join(root, 'storage', sim, 'outputs', '0', 'meta.json'), JSON.stringify({ simulation: sim }));
  }
  writeFileSync(join(root, 'host-secret.txt'), 'host secret');
  listener = createServer(() => (connections += 1));
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  listenerPort = (listener.address() as { port: number }).port;
  const config = { ...loadVmConfig({}, root), memoryBytes: 256 * 1024 * 1024, cpus: 1 };
  provider = new LocalVmProvider(config, log);
  await provider.launch({ id: ID, name: 'vm-isolation', outputs: join(root, 'storage', 'a', 'outputs'), exports: join(root, 'storage', 'a', 'exports') });
  console.log(`sandbox limits: ${provider.status(ID)?.state === 'running' ? (provider.status(ID) as { limits: string }).limits : 'none'}`);
});

afterAll(async () => {
  await provider?.stopAll('user');
  await new Promise((resolve) => listener?.close(resolve));
  rmSync(root, { recursive: true, force: true });
});

describe('machine sandbox', () => {
  it("reads its own simulation's outputs and nothing of another simulation or the host", () => {
    const own = inside('cat /workspace/outputs/0/meta.json');
    expect(own.stdout).toBe('{"simulation":"a"}');
    const other = inside(`cat ${join(root, 'storage', 'b', 'outputs', '0', 'meta.json')}; cat ${join(root, 'host-secret.txt')}; ls ${root}`);
    console.log(`another simulation's file from inside: exit ${other.status}, ${other.stderr.trim().split('\n')[0]}`);
    expect(other.stdout).toBe('');
    expect(other.stderr).toMatch(/No such file or directory/);
    expect(inside('ls /').stdout.split('\n').filter(Boolean).sort()).toEqual(expect.arrayContaining(['etc', 'proc', 'tmp', 'usr', 'workspace']));
    expect(inside('ls /').stdout).not.toMatch(/\b(home|root|work|srv|opt|var\/lib)\b/);
    expect(inside('cat /etc/shadow; ls /etc/ssh; ls /root').stdout).toBe('');
    expect(inside('ps -e -o pid= | wc -l').stdout.trim()).toMatch(/^[1-5]$/);
  });

  it('writes its home but neither the outputs nor the system', () => {
    const result = inside('echo mine > ~/note.txt && cat ~/note.txt; touch /workspace/outputs/x; touch /usr/x; touch /etc/x; echo done');
    expect(result.stdout).toBe('mine\ndone\n');
    expect(result.stderr.match(/Read-only file system|Permission denied/g)?.length).toBe(3);
    expect(existsSync(join(root, 'vms', ID, 'home', 'note.txt'))).toBe(true);
    expect(existsSync(join(root, 'storage', 'a', 'outputs', 'x'))).toBe(false);
  });

  it('opens no socket to the host or beyond', () => {
    const script = [
      'import socket',
      'for address in [("127.0.0.1", PORT), ("10.0.0.1", 80), ("1.1.1.1", 53)]:',
      '    s = socket.socket()',
      '    s.settimeout(2)',
      '    try:',
      '        s.connect(address); print("CONNECTED", address)',
      '    except OSError as e:',
      '        print("REFUSED", address[0], e.strerror)',
    ].join('\n').replace('PORT', String(listenerPort));
    const result = inside(`/usr/bin/python3 -c '${script}'`);
    console.log(`sockets from inside:\n${result.stdout.trim()}`);
    expect(result.stdout).not.toContain('CONNECTED');
    expect(result.stdout.match(/REFUSED/g)?.length).toBe(3);
    expect(connections).toBe(0);
  });

  it('stays under its memory limit', () => {
    const result = inside('/usr/bin/python3 -c "b = bytearray(600 * 1024 * 1024); b[::4096] = b\\"x\\" * len(b[::4096]); print(\\"ALLOCATED\\")"');
    console.log(`600 MiB against a 256 MiB limit: exit ${result.status}, ${(result.stderr.trim().split('\n').pop() ?? '') || 'killed'}`);
    expect(result.stdout).not.toContain('ALLOCATED');
  });

  it('refuses links in the home that point out of the workspace', async () => {
    inside(`ln -sf ${root} ~/escape; ln -sf /etc ~/etc-link; ln -sf ${join(root, 'storage', 'b', 'outputs', '0', 'meta.json')} ~/other.json`);
    const workspace = provider.workspace(ID);
    if (!workspace) throw new Error('no workspace');
    const home = await workspace.list('/home');
    expect(home.entries.find((e) => e.name === 'escape')?.type).toBe('symlink');
    await expect(workspace.list('/home/escape')).rejects.toThrow(/not found/);
    await expect(workspace.openRead('/home/escape/host-secret.txt')).rejects.toThrow(/not found/);
    await expect(workspace.openRead('/home/other.json')).rejects.toThrow(/not found/);
    await expect(workspace.openWrite('/home/escape/planted.txt', { create: true, truncate: true, exclusive: false })).rejects.toThrow(/not found/);
    await expect(workspace.openRead('/outputs/../../host-secret.txt')).rejects.toThrow();
    expect(existsSync(join(root, 'planted.txt'))).toBe(false);
    const own = await workspace.openRead('/outputs/0/meta.json');
    await own.handle.close();
    expect(own.size).toBe(18);
  });

  it('stays under its memory limit with ulimit where cgroups are not allowed', async () => {
    const id = '0b5f3c1e-1a2b-4c3d-8e9f-00000000a002';
    const fallback = new LocalVmProvider({ ...loadVmConfig({}, root), memoryBytes: 256 * 1024 * 1024, limits: 'ulimit' }, log);
    await fallback.launch({ id, name: 'vm-ulimit', outputs: null, exports: null });
    try {
      expect((fallback.status(id) as { limits: string }).limits).toBe('ulimit');
      const command = fallback.sandboxCommand(id, ['/usr/bin/python3', '-c', 'b = bytearray(600 * 1024 * 1024); print("ALLOCATED")']) ?? [];
      const result = spawnSync(command[0], command.slice(1), { encoding: 'utf8', timeout: 30_000 });
      console.log(`ulimit: 600 MiB against 256 MiB: exit ${result.status}, ${result.stderr.trim().split('\n').pop()}`);
      expect(result.stdout).not.toContain('ALLOCATED');
      expect(result.stderr).toContain('MemoryError');
    } finally {
      await fallback.stopAll('user');
    }
  });

  it('refuses to launch, saying why, where bubblewrap is missing', async () => {
    const missing = new LocalVmProvider({ ...loadVmConfig({}, root), bwrapPath: join(root, 'no-bwrap') }, log);
    await expect(missing.launch({ id: '0b5f3c1e-1a2b-4c3d-8e9f-00000000a003', name: 'vm-missing', outputs: null, exports: null })).rejects.toThrow(
      /bubblewrap .* is not installed on this server.*apt-get install bubblewrap/,
    );
    expect(missing.runningIds()).toEqual([]);
  });

  it('kills every process of the machine when it stops, and deletes its home', async () => {
    // Started from the terminal, left running in the background, the terminal detached.
    const terminal = await provider.connect(ID, { cols: 80, rows: 24 });
    terminal.write('nohup sleep 600 >/dev/null 2>&1 & nohup sleep 600 >/dev/null 2>&1 &\r');
    const count = () => spawnSync('pgrep', ['-f', 'sleep 600'], { encoding: 'utf8' }).stdout.trim().split('\n').filter(Boolean).length;
    for (let i = 0; i < 50 && count() < 2; i += 1) await new Promise((resolve) => setTimeout(resolve, 100));
    terminal.detach();
    const before = count();
    await provider.stop(ID, 'user');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const after = count();
    console.log(`processes of the machine: ${before} before stop, ${after} after`);
    expect(before).toBeGreaterThanOrEqual(2);
    expect(after).toBe(0);
    expect(existsSync(join(root, 'vms', ID))).toBe(false);
  });
});
