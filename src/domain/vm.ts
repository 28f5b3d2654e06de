// Post-processing virtual machines (spec 2 §2-§9): machine states and the API shapes, the launch and
// button rules, VM hours (per month of the subscription, shown as h and m), auto shutdown, and the
// paths of a machine's workspace (home writable; the simulation's outputs and exports read-only).
import { z } from 'zod';
import { VM_AUTO_SHUTDOWN_MS } from './constants.ts';
import type { SimulationState } from './simulationState.ts';

export const VM_STATES = ['launching', 'running', 'stopping', 'stopped', 'failed'] as const;
export const vmStateSchema = z.enum(VM_STATES);
export type VmState = z.infer<typeof vmStateSchema>;

/** remoteVmRunState on a simulation: where its post-processing VM is. */
export const vmRunStateSchema = vmStateSchema;

/** A machine that exists (or is on its way up or down): a simulation has at most one. */
export const LIVE_VM_STATES: readonly VmState[] = ['launching', 'running', 'stopping'];
export function isVmLive(state: VmState | null | undefined): boolean {
  return state !== null && state !== undefined && LIVE_VM_STATES.includes(state);
}

/** Why a machine stopped. */
export const VM_STOP_REASONS = ['user', 'auto_shutdown', 'out_of_hours', 'host_lost', 'server_shutdown', 'simulation_deleted'] as const;
export type VmStopReason = (typeof VM_STOP_REASONS)[number];

/** The spec's messages and tooltips of the virtual machine areas (spec 2 §8), and the server's refusals. */
export const VM_MESSAGES = {
  launching: 'Virtual Machine is launching',
  launchingDetail: 'This usually takes a few minutes.',
  launchError: 'Error launching VM',
  notEnoughHours: 'Not enough VM hours left',
  noResults: 'No results to analyze. Start the simulation',
  noHoursLeft: "You don't have any VM hours left",
  toggleFailed: 'Could not toggle auto shutdown!',
  shutdownFailed: 'Could not shut down Virtual Machine!',
  uploadFailed: 'Failed to upload the file...',
  loadFailed: 'Loading this Virtual Machine failed',
  notFound: 'The Virtual Machine was not found',
  couldNotStart: 'Could not start the VM.',
  goToVm: 'Go to Virtual Machine',
  running: 'The Virtual Machine is running',
  stopping: 'The Virtual Machine is stopping.',
  launchNeedsChoice: 'Choose a project and a simulation.',
  alreadyLaunched: 'This simulation already has a Virtual Machine.',
  notRunning: 'The Virtual Machine is not running.',
  unreachable: 'The Virtual Machine cannot be reached.',
  shutdownTimeRange: 'The shutdown time must lie within the next 24 hours.',
  pathInvalid: 'Not a path of the Virtual Machine.',
  fileMissing: 'The file or folder was not found on the Virtual Machine.',
  notAFile: 'Only files can be downloaded.',
  readOnly: 'Files can only be written in the home folder.',
  uploadTooLarge: 'The file is larger than a Virtual Machine accepts.',
  noFile: 'Choose a file to upload.',
  linkExpired: 'The download link has expired. Ask for a new one.',
  stoppedOutOfHours: 'The Virtual Machine was stopped: no VM hours are left this month.',
  stoppedAutomatically: 'The Virtual Machine was shut down automatically.',
  stoppedHostLost: 'The Virtual Machine stopped: the server it ran on went away.',
  stoppedServerShutdown: 'The Virtual Machine stopped: its server shut down.',
  stoppedSimulationDeleted: 'The Virtual Machine stopped: its simulation was deleted.',
  homeDeleted: 'The home folder is deleted when the machine shuts down: download what you want to keep.',
} as const;

/** Less than this many hours left do not launch a machine (it would stop again within minutes). */
export const VM_MIN_LAUNCH_HOURS = 0.25;

export const vmSftpSchema = z.object({ host: z.string(), port: z.number().int().min(1).max(65535), username: z.string() });
export type VmSftp = z.infer<typeof vmSftpSchema>;

export const remoteVmSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    state: vmStateSchema,
    /** Hours this machine has run (running time so far while it runs). */
    hoursConsumed: z.number().nonnegative(),
    runningSince: z.string().nullable(),
    /** When auto shutdown stops it; null: auto shutdown is off. */
    shutdownTime: z.string().nullable(),
    /** `sftp://user@host:port` while running. */
    sftpUrl: z.string().nullable(),
    /** Where the terminal connects: the realtime channel (`/ws`). */
    websocketUrl: z.string().nullable(),
    /** The SFTP password, while running and only to those who may change the simulation. */
    password: z.string().nullable(),
    sftp: vmSftpSchema.nullable(),
    /** Why a launch failed, or why the machine stopped when it did not stop on request. */
    message: z.string().nullable(),
    createdAt: z.string(),
    simulation: z.object({
      id: z.string(),
      name: z.string(),
      project: z.object({ id: z.string(), name: z.string() }),
    }),
  })
  .meta({ id: 'RemoteVm' });
export type RemoteVm = z.infer<typeof remoteVmSchema>;

export const remoteVmListSchema = z.array(remoteVmSchema);

/** PUT /simulations/{id}/remote_vms: auto shutdown on (a time within 24 h) or off (null). */
export const vmShutdownTimeBodySchema = z
  .object({ shutdownTime: z.iso.datetime({ offset: true }).nullable() })
  .meta({ id: 'RemoteVmShutdownTime' });
export type VmShutdownTimeBody = z.infer<typeof vmShutdownTimeBodySchema>;

/** Clock differences between browser and server that a shutdown time may carry. */
const SHUTDOWN_TIME_SLACK_MS = 5 * 60 * 1000;

/** The refusal of a shutdown time, or null when it is off or lies in the next 24 hours. */
export function shutdownTimeProblem(shutdownTime: Date | null, now: Date): string | null {
  if (shutdownTime === null) return null;
  const t = shutdownTime.getTime();
  if (!Number.isFinite(t) || t <= now.getTime() || t > now.getTime() + VM_AUTO_SHUTDOWN_MS + SHUTDOWN_TIME_SLACK_MS) return VM_MESSAGES.shutdownTimeRange;
  return null;
}

/** The shutdown time that turning auto shutdown on sets: 24 h from now. */
export function autoShutdownTime(now: Date): Date {
  return new Date(now.getTime() + VM_AUTO_SHUTDOWN_MS);
}

// ---------------------------------------------------------------- VM hours

/** GET /remote_vms/hours: the organisation's VM hours of the current month. */
export const vmHoursSchema = z
  .object({
    hoursPerMonth: z.number().nonnegative(),
    hoursUsed: z.number().nonnegative(),
    hoursLeft: z.number().nonnegative(),
    periodStart: z.string(),
    periodEnd: z.string(),
  })
  .meta({ id: 'RemoteVmHours' });
export type VmHours = z.infer<typeof vmHoursSchema>;

/** The accounting month containing `now`: calendar months in UTC. */
export function vmHoursPeriod(now: Date): { start: Date; end: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end };
}

/** One machine's running time as accounted: from runningSince to the last booking (or its stop). */
export interface VmRunInterval {
  start: Date;
  end: Date;
}

/** Hours of `intervals` that fall inside [period.start, period.end). */
export function vmHoursWithin(intervals: readonly VmRunInterval[], period: { start: Date; end: Date }): number {
  let ms = 0;
  for (const { start, end } of intervals) {
    const from = Math.max(start.getTime(), period.start.getTime());
    const to = Math.min(end.getTime(), period.end.getTime());
    if (to > from) ms += to - from;
  }
  return ms / 3_600_000;
}

export function vmHoursLeft(hoursPerMonth: number, hoursUsed: number): number {
  return Math.max(0, hoursPerMonth - hoursUsed);
}

/** Hours as the product shows them: hours h and minutes m ("3h 05m" reads "3h 5m"). */
export function formatVmHours(hours: number): string {
  if (!Number.isFinite(hours) || hours <= 0) return '0h 0m';
  const minutes = Math.floor(hours * 60 + 1e-9);
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}

// ---------------------------------------------------------------- launch rules and the VM button

/** Simulation states whose run has not produced anything to analyse yet. */
const NO_RESULT_STATES: readonly SimulationState[] = ['not_started', 'creating', 'creation_failed', 'launching', 'launch_failed'];

/** Whether a simulation has results a machine could analyse (the server also checks for outputs). */
export function simulationHasResults(simulation: { state: SimulationState; activeRunId: string | null }): boolean {
  return simulation.activeRunId !== null && !NO_RESULT_STATES.includes(simulation.state);
}

/** Why Launch VM is disabled (its tooltip), or null when a machine may be launched. */
export function vmLaunchBlock(input: { hasResults: boolean; hoursLeft: number }): string | null {
  if (input.hoursLeft <= 0) return VM_MESSAGES.noHoursLeft;
  if (input.hoursLeft < VM_MIN_LAUNCH_HOURS) return VM_MESSAGES.notEnoughHours;
  if (!input.hasResults) return VM_MESSAGES.noResults;
  return null;
}

/** Simulations the Launch VM dialog offers: started ones without a machine. */
export function launchableSimulation(simulation: { state: SimulationState; activeRunId: string | null; remoteVmRunState: VmState | null }): boolean {
  return simulationHasResults(simulation) && !isVmLive(simulation.remoteVmRunState);
}

export type VmButtonAction = 'launch' | 'open' | null;
export interface VmButton {
  label: 'Launch VM' | 'Launching VM...' | 'Open VM' | 'Stopping VM...';
  action: VmButtonAction;
}

/** The simulation's VM button by its machine's state (null: none, or the last one stopped or failed). */
export function vmButton(state: VmState | null): VmButton {
  switch (state) {
    case 'launching':
      return { label: 'Launching VM...', action: null };
    case 'running':
      return { label: 'Open VM', action: 'open' };
    case 'stopping':
      return { label: 'Stopping VM...', action: null };
    default:
      return { label: 'Launch VM', action: 'launch' };
  }
}

/** The notification a change of a machine's state fires (spec 2 §4), or null. */
export function vmStateNotice(previous: VmState | null, next: VmState | null): 'running' | 'failed' | null {
  if (previous === next || previous === null) return null;
  if (next === 'running') return 'running';
  if ((next === 'failed' || next === 'stopped') && previous === 'launching') return 'failed';
  return null;
}

// ---------------------------------------------------------------- the workspace

/**
 * The folders at the root of a machine's workspace, seen the same way in the terminal (under
 * /workspace), over SFTP and in the file browser (under /): the writable home, the simulation's outputs
 * and exports read-only.
 */
export const VM_FOLDERS = ['home', 'outputs', 'exports'] as const;
export type VmFolder = (typeof VM_FOLDERS)[number];
export const VM_HOME_PATH = '/home';
/** Where the workspace lies inside the sandbox. */
export const VM_WORKSPACE_MOUNT = '/workspace';
export const VM_PATH_MAX = 1024;

export const vmPathSchema = z
  .string()
  .min(1)
  .max(VM_PATH_MAX)
  .refine((path) => normalizeVmPath(path) !== null, VM_MESSAGES.pathInvalid);

/** `path` made absolute (relative to /home), '.' and '..' resolved inside the root; null when unusable. */
export function normalizeVmPath(path: string, cwd: string = VM_HOME_PATH): string | null {
  if (path.length === 0 || path.length > VM_PATH_MAX || path.includes('\0') || path.includes('\\')) return null;
  const absolute = path.startsWith('/') ? path : `${cwd}/${path}`;
  const parts: string[] = [];
  for (const segment of absolute.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (parts.length === 0) return null;
      parts.pop();
      continue;
    }
    parts.push(segment);
  }
  return `/${parts.join('/')}`;
}

/** The root folder a normalised path lies in; null for the root itself or an unknown folder. */
export function vmFolderOf(path: string): VmFolder | null {
  const first = path.split('/')[1] ?? '';
  return (VM_FOLDERS as readonly string[]).includes(first) ? (first as VmFolder) : null;
}

/** Whether something may be created, changed or deleted at `path`: inside /home, not /home itself. */
export function vmPathWritable(path: string): boolean {
  return vmFolderOf(path) === 'home' && path !== VM_HOME_PATH;
}

export const vmFileTypeSchema = z.enum(['file', 'directory', 'symlink', 'other']);
export const vmFileEntrySchema = z
  .object({
    name: z.string(),
    path: z.string(),
    type: vmFileTypeSchema,
    size: z.number().nonnegative(),
    modifiedAt: z.string(),
    writable: z.boolean(),
  })
  .meta({ id: 'RemoteVmFile' });
export type VmFileEntry = z.infer<typeof vmFileEntrySchema>;

export const vmDirectorySchema = z
  .object({ path: z.string(), writable: z.boolean(), entries: z.array(vmFileEntrySchema) })
  .meta({ id: 'RemoteVmDirectory' });
export type VmDirectory = z.infer<typeof vmDirectorySchema>;

export const vmPathQuerySchema = z.object({ path: vmPathSchema.default(VM_HOME_PATH) });
export const vmDownloadLinkSchema = z.object({ url: z.string(), expiresAt: z.string() }).meta({ id: 'RemoteVmDownloadLink' });
export type VmDownloadLink = z.infer<typeof vmDownloadLinkSchema>;
/** How long a download link works. */
export const VM_DOWNLOAD_LINK_TTL_S = 300;

// ---------------------------------------------------------------- terminal sizes
export const VM_TERMINAL_MAX_COLS = 1000;
export const VM_TERMINAL_MAX_ROWS = 500;
/** Largest keystroke or paste one terminal input message carries. */
export const VM_TERMINAL_INPUT_MAX = 64 * 1024;

// ---------------------------------------------------------------- the VM screen

/** The VM screen's window states (spec 2 §2). */
export type VmWindowState = 'loading' | 'connected' | 'stopping' | 'notFound' | 'error';
/** Where the terminal's connection is: opening (or reopening after a disconnect), open, or given up. */
export type VmTerminalStatus = 'connecting' | 'connected' | 'failed';

/**
 * The window state from what is known of the machine (undefined while loading, 'missing' after a 404,
 * 'error' when it could not be read) and of the terminal's connection.
 */
export function vmWindowState(machine: { state: VmState } | 'missing' | 'error' | undefined, terminal: VmTerminalStatus): VmWindowState {
  if (machine === undefined) return 'loading';
  if (machine === 'missing') return 'notFound';
  if (machine === 'error') return 'error';
  switch (machine.state) {
    case 'launching':
      return 'loading';
    case 'stopping':
      return 'stopping';
    case 'stopped':
    case 'failed':
      return 'notFound';
    case 'running':
      return terminal === 'connected' ? 'connected' : terminal === 'failed' ? 'error' : 'loading';
  }
}
