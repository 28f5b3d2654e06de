// What runs post-processing machines: a provider launches one, tells its status, stops it, holds its
// shutdown time, and connects a terminal to it; its workspace is what SFTP and the file browser reach.
// The local provider (localProvider.ts) runs machines as sandboxes on the host of the process that took
// the machine's job; API replicas reach machines of other hosts through those hosts' agents (agent.ts).
import type { Readable } from 'node:stream';
import type { VmDirectory, VmFileEntry, VmStopReason } from '../../domain/vm.ts';
import type { Workspace } from './workspace.ts';

export interface VmLaunchSpec {
  id: string;
  /** Host name inside the machine and its SFTP user name. */
  name: string;
  /** Host folders mounted read-only: the active run's outputs, the simulation's exports. */
  outputs: string | null;
  exports: string | null;
}

export type VmInstanceStatus =
  | { state: 'running'; since: Date; shutdownTime: Date | null; limits: string }
  | { state: 'stopped'; reason: VmStopReason };

/** A client's view of a machine's terminal; several may watch one shell. */
export interface VmTerminal {
  /** The recent output, for a client that attaches to draw what was on the screen. */
  readonly replay: string;
  write(data: string): void;
  resize(cols: number, rows: number): void;
  onOutput(listener: (data: string) => void): void;
  /** The shell ended; attaching again starts a new one. */
  onExit(listener: (exitCode: number) => void): void;
  /** The terminal went away (the machine stopped, or its host cannot be reached). */
  onClose(listener: (description: string) => void): void;
  /** Stops watching; the shell keeps running for the next attach. */
  detach(): void;
}

export interface TerminalSize {
  cols: number;
  rows: number;
}

export interface VmProvider {
  /** Starts a machine; rejects with a VmLaunchError whose message the user is shown. */
  launch(spec: VmLaunchSpec): Promise<void>;
  status(id: string): VmInstanceStatus | null;
  /** Stops a machine: every process of it is killed and its home deleted. */
  stop(id: string, reason: VmStopReason): Promise<void>;
  /** Stops every machine (the process shuts down). */
  stopAll(reason: VmStopReason): Promise<void>;
  /** The machine stops itself at `at` (null: never). */
  setShutdownTime(id: string, at: Date | null): void;
  /** Resolves with the reason once the machine has stopped; null for an unknown machine. */
  whenStopped(id: string): Promise<VmStopReason> | null;
  connect(id: string, size: TerminalSize): Promise<VmTerminal>;
  workspace(id: string): Workspace | null;
}

/** A launch that cannot succeed here; the message says why to the user. */
export class VmLaunchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VmLaunchError';
  }
}

/** What the API does with a running machine wherever it runs: this host's provider, or another host's agent. */
export interface MachineAccess {
  list(path: string): Promise<VmDirectory>;
  read(path: string): Promise<{ stream: Readable; size: number; name: string }>;
  /** Writes `source` to `path` in the home; refuses more than `maxBytes`. */
  write(path: string, source: Readable, maxBytes: number): Promise<VmFileEntry>;
  terminal(size: TerminalSize): Promise<VmTerminal>;
}
