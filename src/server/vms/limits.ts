// CPU, memory and process limits of a machine. Where this process may create cgroups (v1 hierarchies, or
// a v2 tree whose controllers are delegated to it) every process of the machine joins one cgroup below
// this process's own: memory and process counts are hard limits, CPU a quota of `cpus` cores, and stop
// kills everything in it. Elsewhere the sandbox starts under prlimit (address space) and nice (CPU
// priority), the ulimit way: weaker, and said so in the log and the README.
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rmdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { VmConfig } from './config.ts';

export interface MachineLimits {
  /** 'cgroup v1', 'cgroup v2' or 'ulimit'. */
  readonly kind: string;
  /** The command that starts `command` under the limits. */
  wrap(command: readonly string[]): string[];
  /** Kills every process under the limits (cgroups) and removes them. */
  release(): Promise<void>;
}

const CGROUP_ROOT = '/sys/fs/cgroup';
const CFS_PERIOD_US = 100_000;

function shellQuote(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}

/** controller -> this process's cgroup path, from /proc/self/cgroup. */
async function ownCgroups(): Promise<Map<string, string>> {
  const map = new Map<string, string>();
  const text = await readFile('/proc/self/cgroup', 'utf8');
  for (const line of text.split('\n')) {
    const [, controllers, path] = /^\d+:([^:]*):(.*)$/.exec(line) ?? [];
    if (path === undefined) continue;
    for (const controller of (controllers === '' ? 'unified' : controllers).split(',')) map.set(controller, path);
  }
  return map;
}

/** Joins the cgroups (their cgroup.procs files) before the command runs. */
function joining(procsFiles: readonly string[], command: readonly string[]): string[] {
  const script = `${procsFiles.map((file) => `echo $$ > ${shellQuote(file)}`).join(' && ')} && exec "$@"`;
  return ['/bin/sh', '-c', script, 'surge-vm', ...command];
}

async function killAndRemove(dirs: readonly string[]): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    let left = 0;
    for (const dir of dirs) {
      if (!existsSync(dir)) continue;
      const procs = await readFile(join(dir, 'cgroup.procs'), 'utf8').catch(() => '');
      for (const pid of procs.split('\n').filter((p) => p !== '')) {
        left += 1;
        try {
          process.kill(Number(pid), 'SIGKILL');
        } catch {
          // Gone already.
        }
      }
      await rmdir(dir).catch(() => undefined);
      if (existsSync(dir)) left += 1;
    }
    if (left === 0) return;
    await new Promise((done) => setTimeout(done, 100));
  }
}

async function cgroupV1(config: VmConfig, name: string): Promise<MachineLimits | null> {
  const own = await ownCgroups();
  const controllers = ['memory', 'cpu', 'pids'];
  const dirs: string[] = [];
  try {
    for (const controller of controllers) {
      const mount = join(CGROUP_ROOT, controller);
      const path = own.get(controller);
      if (path === undefined || !existsSync(join(mount, 'cgroup.procs'))) return null;
      const dir = join(mount, path, name);
      await mkdir(dir, { recursive: true });
      dirs.push(dir);
    }
    const [memory, cpu, pids] = dirs;
    await writeFile(join(memory, 'memory.limit_in_bytes'), String(Math.floor(config.memoryBytes)));
    if (existsSync(join(memory, 'memory.memsw.limit_in_bytes'))) await writeFile(join(memory, 'memory.memsw.limit_in_bytes'), String(Math.floor(config.memoryBytes))).catch(() => undefined);
    await writeFile(join(cpu, 'cpu.cfs_period_us'), String(CFS_PERIOD_US));
    await writeFile(join(cpu, 'cpu.cfs_quota_us'), String(Math.round(config.cpus * CFS_PERIOD_US)));
    await writeFile(join(pids, 'pids.max'), String(config.maxProcesses));
  } catch {
    await killAndRemove(dirs);
    return null;
  }
  return {
    kind: 'cgroup v1',
    wrap: (command) => joining(dirs.map((dir) => join(dir, 'cgroup.procs')), command),
    release: () => killAndRemove(dirs),
  };
}

async function cgroupV2(config: VmConfig, name: string): Promise<MachineLimits | null> {
  if (!existsSync(join(CGROUP_ROOT, 'cgroup.controllers'))) return null;
  const own = (await ownCgroups()).get('unified');
  if (own === undefined) return null;
  const dir = join(CGROUP_ROOT, own, name);
  try {
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'memory.max'), String(Math.floor(config.memoryBytes)));
    await writeFile(join(dir, 'cpu.max'), `${Math.round(config.cpus * CFS_PERIOD_US)} ${CFS_PERIOD_US}`);
    await writeFile(join(dir, 'pids.max'), String(config.maxProcesses));
  } catch {
    await killAndRemove([dir]);
    return null;
  }
  return {
    kind: 'cgroup v2',
    wrap: (command) => joining([join(dir, 'cgroup.procs')], command),
    release: async () => {
      await writeFile(join(dir, 'cgroup.kill'), '1').catch(() => undefined);
      await killAndRemove([dir]);
    },
  };
}

function ulimits(config: VmConfig): MachineLimits {
  return {
    kind: 'ulimit',
    wrap: (command) => ['/usr/bin/prlimit', `--as=${Math.floor(config.memoryBytes)}`, '--', '/usr/bin/nice', '-n', '10', ...command],
    release: async () => undefined,
  };
}

/** Limits for machine `machineId`: cgroups when allowed (and not switched off), else ulimit. */
export async function machineLimits(config: VmConfig, machineId: string): Promise<MachineLimits> {
  const name = `surge-vm-${machineId}`;
  if (config.limits !== 'ulimit') {
    const limits = (await cgroupV2(config, name)) ?? (await cgroupV1(config, name));
    if (limits) return limits;
    if (config.limits === 'cgroup') throw new Error('SURGE_VM_LIMITS=cgroup, but this process cannot create cgroups here.');
  }
  return ulimits(config);
}

/**
 * Removes the cgroups of machines a killed process left behind (their processes died with it): empty
 * `surge-vm-*` groups below this process's own, except those of `keep`.
 */
export async function removeLeftoverCgroups(keep: ReadonlySet<string>): Promise<void> {
  const own = await ownCgroups().catch(() => new Map<string, string>());
  const parents = new Set<string>();
  for (const [controller, path] of own) {
    parents.add(controller === 'unified' ? join(CGROUP_ROOT, path) : join(CGROUP_ROOT, controller, path));
  }
  for (const parent of parents) {
    const names = await readdir(parent).catch(() => [] as string[]);
    for (const name of names) {
      if (!name.startsWith('surge-vm-') || keep.has(name.slice('surge-vm-'.length))) continue;
      await rmdir(join(parent, name)).catch(() => undefined);
    }
  }
}
