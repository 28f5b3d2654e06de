// Machines on this host: each is a folder (`<dir>/<id>/`: home, etc), limits (cgroups or ulimit) and,
// once someone opens its terminal, a shell in its sandbox. Every process of a machine is a child of this
// process (the sandbox dies with it) and sits under the machine's limits; stop kills them all and deletes
// the folder, and so does this process shutting down.
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { VmStopReason } from '../../domain/vm.ts';
import type { VmConfig } from './config.ts';
import { machineLimits, removeLeftoverCgroups, type MachineLimits } from './limits.ts';
import { VmLaunchError, type TerminalSize, type VmInstanceStatus, type VmLaunchSpec, type VmProvider, type VmTerminal } from './provider.ts';
import { sandboxArgs, sandboxProblem, writeSandboxEtc, type SandboxSpec } from './sandbox.ts';
import { ShellSession } from './shellSession.ts';
import { Workspace } from './workspace.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const HOME_README = `Surge post-processing machine
=============================

/workspace/home      this folder: yours to write (SFTP and the file browser land here too)
/workspace/outputs   the simulation's outputs, read-only: <n>/meta.json describes each output's
                     objects and their little-endian float32/uint32 array files; static/ holds the
                     walls that every output shares
/workspace/exports   the simulation's exports (VTU, VTP, PVD, STL, CSV), read-only

python3 comes with numpy and VTK. A first look at output 0:

  python3 -c "import json, numpy as np; m = json.load(open('/workspace/outputs/0/meta.json')); o = m['objects'][0]; d = o['datasets'][0]; p = np.fromfile('/workspace/outputs/0/' + d['positions']['file'], '<f4').reshape(-1, 3); print(o['name'], d['name'], p.shape)"

The machine has no network. Everything in this folder is deleted when the machine shuts down:
download what you want to keep.
`;

interface LocalMachine {
  id: string;
  since: Date;
  folder: string;
  sandbox: SandboxSpec;
  limits: MachineLimits;
  workspace: Workspace;
  shell: ShellSession | null;
  shutdownTime: Date | null;
  shutdownTimer: NodeJS.Timeout | null;
  stopReason: VmStopReason | null;
  stopped: Promise<VmStopReason>;
  markStopped: (reason: VmStopReason) => void;
}

export type ProviderLog = {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
};

export class LocalVmProvider implements VmProvider {
  readonly config: VmConfig;
  private readonly log: ProviderLog;
  private readonly machines = new Map<string, LocalMachine>();
  private readonly stoppedReasons = new Map<string, VmStopReason>();

  constructor(config: VmConfig, log: ProviderLog) {
    this.config = config;
    this.log = log;
  }

  /**
   * Removes the folders and cgroups that killed processes left of their machines. `live`: machines that
   * may still run on another process of this host (they share its folders), kept.
   */
  async removeLeftovers(live: ReadonlySet<string>): Promise<void> {
    const running = new Set([...live, ...this.machines.keys()]);
    const names = await readdir(this.config.dir).catch(() => [] as string[]);
    for (const name of names) {
      if (!UUID.test(name) || running.has(name)) continue;
      await rm(join(this.config.dir, name), { recursive: true, force: true }).catch(() => undefined);
    }
    await removeLeftoverCgroups(running);
  }

  runningIds(): string[] {
    return [...this.machines.keys()];
  }

  async launch(spec: VmLaunchSpec): Promise<void> {
    if (!UUID.test(spec.id)) throw new VmLaunchError('Not a machine id.');
    if (this.machines.has(spec.id)) return;
    if (this.machines.size >= this.config.maxMachines) throw new VmLaunchError('This server runs as many Virtual Machines as it may. Try again later.');
    const problem = await sandboxProblem(this.config.bwrapPath);
    if (problem) throw new VmLaunchError(problem);
    const folder = join(this.config.dir, spec.id);
    const home = join(folder, 'home');
    const etc = join(folder, 'etc');
    await mkdir(home, { recursive: true, mode: 0o755 });
    await writeSandboxEtc(etc, spec.name);
    await writeFile(join(home, 'README.txt'), HOME_README);
    let limits: MachineLimits;
    try {
      limits = await machineLimits(this.config, spec.id);
    } catch (error) {
      await rm(folder, { recursive: true, force: true });
      throw new VmLaunchError(error instanceof Error ? error.message : String(error));
    }
    let markStopped: (reason: VmStopReason) => void = () => undefined;
    const stopped = new Promise<VmStopReason>((resolve) => (markStopped = resolve));
    const machine: LocalMachine = {
      id: spec.id,
      since: new Date(),
      folder,
      sandbox: { bwrapPath: this.config.bwrapPath, home, etc, outputs: spec.outputs, exports: spec.exports, toolDirs: this.config.toolDirs, hostname: spec.name },
      limits,
      workspace: new Workspace({ home, outputs: spec.outputs, exports: spec.exports }),
      shell: null,
      shutdownTime: null,
      shutdownTimer: null,
      stopReason: null,
      stopped,
      markStopped,
    };
    this.machines.set(spec.id, machine);
    this.stoppedReasons.delete(spec.id);
    this.log.info({ vmId: spec.id, limits: limits.kind }, 'virtual machine started');
  }

  status(id: string): VmInstanceStatus | null {
    const machine = this.machines.get(id);
    if (machine) return { state: 'running', since: machine.since, shutdownTime: machine.shutdownTime, limits: machine.limits.kind };
    const reason = this.stoppedReasons.get(id);
    return reason ? { state: 'stopped', reason } : null;
  }

  whenStopped(id: string): Promise<VmStopReason> | null {
    return this.machines.get(id)?.stopped ?? null;
  }

  setShutdownTime(id: string, at: Date | null): void {
    const machine = this.machines.get(id);
    if (!machine || machine.shutdownTime?.getTime() === at?.getTime()) return;
    if (machine.shutdownTimer) clearTimeout(machine.shutdownTimer);
    machine.shutdownTimer = null;
    machine.shutdownTime = at;
    if (!at) return;
    // Timers hold at most about 24.8 days; a shutdown time is at most a day ahead.
    const delay = Math.max(0, Math.min(at.getTime() - Date.now(), 2 ** 31 - 1));
    machine.shutdownTimer = setTimeout(() => void this.stop(id, 'auto_shutdown'), delay);
    machine.shutdownTimer.unref();
  }

  async connect(id: string, size: TerminalSize): Promise<VmTerminal> {
    const machine = this.machines.get(id);
    if (!machine) throw new VmLaunchError('The Virtual Machine is not running.');
    if (!machine.shell?.alive) {
      const command = machine.limits.wrap([machine.sandbox.bwrapPath, ...sandboxArgs(machine.sandbox, ['/bin/bash', '--login'])]);
      const shell = new ShellSession(command, size);
      machine.shell = shell;
      shell.onEnd(() => {
        if (machine.shell === shell) machine.shell = null;
      });
    }
    const terminal = machine.shell.attach();
    terminal.resize(size.cols, size.rows);
    return terminal;
  }

  workspace(id: string): Workspace | null {
    return this.machines.get(id)?.workspace ?? null;
  }

  /** The command line that runs `command` in machine `id`'s sandbox under its limits (tests, tools). */
  sandboxCommand(id: string, command: readonly string[]): string[] | null {
    const machine = this.machines.get(id);
    return machine ? machine.limits.wrap([machine.sandbox.bwrapPath, ...sandboxArgs(machine.sandbox, command)]) : null;
  }

  async stop(id: string, reason: VmStopReason): Promise<void> {
    const machine = this.machines.get(id);
    if (!machine) return;
    this.machines.delete(id);
    machine.stopReason = reason;
    if (machine.shutdownTimer) clearTimeout(machine.shutdownTimer);
    machine.shell?.close('The Virtual Machine stopped.');
    await machine.limits.release();
    await rm(machine.folder, { recursive: true, force: true }).catch((error: unknown) => this.log.warn({ err: error, vmId: id }, 'could not remove the folder of a stopped machine'));
    this.stoppedReasons.set(id, reason);
    this.log.info({ vmId: id, reason }, 'virtual machine stopped');
    machine.markStopped(reason);
  }

  async stopAll(reason: VmStopReason): Promise<void> {
    await Promise.all([...this.machines.keys()].map((id) => this.stop(id, reason)));
  }
}
