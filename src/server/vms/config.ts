// Settings of the post-processing machines from the environment: where homes live, the sandbox program and
// its limits, the SFTP server's address, the agent a cluster worker serves its machines through, the
// accounting cadence. Tests override some of them (port 0, short ticks).
import { availableParallelism, hostname } from 'node:os';
import { resolve } from 'node:path';

export type VmLimitsMode = 'auto' | 'cgroup' | 'ulimit';

export type VmConfig = {
  /** Homes of the machines this host runs (`<dir>/<machine id>/home`), local to the host. */
  dir: string;
  /** The bubblewrap program; launches fail with a clear message when it is missing. */
  bwrapPath: string;
  /** Host directories mounted read-only at the same path in every machine (tools an administrator adds). */
  toolDirs: string[];
  cpus: number;
  memoryBytes: number;
  maxProcesses: number;
  /** cgroup limits when the host lets this process create cgroups (auto), or ulimit inside the sandbox. */
  limits: VmLimitsMode;
  /** Machines one host runs at a time. */
  maxMachines: number;
  /** Where the SFTP server listens (port 0: a free one). */
  sftpHost: string;
  sftpPort: number;
  /** What users are told to connect to; defaults to PUBLIC_URL's host name and the port listened on. */
  sftpPublicHost: string | null;
  sftpPublicPort: number | null;
  /** Cluster workers: where their agent listens and how API replicas reach it. */
  agentHost: string;
  agentPort: number;
  agentUrl: string | null;
  /** Longest time between two bookings of a running machine's hours (ms). */
  accountingMs: number;
  uploadMaxBytes: number;
  /** SURGE_VM_HOURS_PER_MONTH: the first organisation's VM hours per month, set on every start. */
  hoursPerMonth: number | null;
};

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got ${raw}`);
  return value;
}

function port(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535) throw new Error(`${name} must be a port number, got ${raw}`);
  return value;
}

export function loadVmConfig(env: NodeJS.ProcessEnv, dataDir: string): VmConfig {
  const limits = (env.SURGE_VM_LIMITS?.trim() || 'auto') as VmLimitsMode;
  if (!['auto', 'cgroup', 'ulimit'].includes(limits)) throw new Error(`SURGE_VM_LIMITS must be auto, cgroup or ulimit, got ${limits}`);
  const agentPort = port(env, 'SURGE_VM_AGENT_PORT', 7422);
  const hours = env.SURGE_VM_HOURS_PER_MONTH?.trim();
  let hoursPerMonth: number | null = null;
  if (hours !== undefined && hours !== '') {
    hoursPerMonth = Number(hours);
    if (!Number.isFinite(hoursPerMonth) || hoursPerMonth < 0) throw new Error(`SURGE_VM_HOURS_PER_MONTH must be a number of hours, got ${hours}`);
  }
  return {
    dir: resolve(env.SURGE_VM_DIR || resolve(dataDir, 'vms')),
    bwrapPath: env.SURGE_VM_BWRAP || '/usr/bin/bwrap',
    toolDirs: (env.SURGE_VM_TOOLS ?? '')
      .split(',')
      .map((dir) => dir.trim())
      .filter((dir) => dir !== '')
      .map((dir) => resolve(dir)),
    cpus: positive(env, 'SURGE_VM_CPUS', Math.min(2, availableParallelism())),
    memoryBytes: positive(env, 'SURGE_VM_MEMORY_MB', 4096) * 1024 * 1024,
    maxProcesses: Math.floor(positive(env, 'SURGE_VM_MAX_PROCESSES', 512)),
    limits,
    maxMachines: Math.floor(positive(env, 'SURGE_VM_MAX_MACHINES', 4)),
    sftpHost: env.SURGE_VM_SFTP_HOST || env.HOST || '127.0.0.1',
    sftpPort: port(env, 'SURGE_VM_SFTP_PORT', 2222),
    sftpPublicHost: env.SURGE_VM_SFTP_PUBLIC_HOST || null,
    sftpPublicPort: env.SURGE_VM_SFTP_PUBLIC_PORT ? port(env, 'SURGE_VM_SFTP_PUBLIC_PORT', 0) : null,
    agentHost: env.SURGE_VM_AGENT_HOST || '0.0.0.0',
    agentPort,
    agentUrl: env.SURGE_VM_AGENT_URL || (agentPort === 0 ? null : `http://${hostname()}:${agentPort}`),
    accountingMs: positive(env, 'SURGE_VM_ACCOUNTING_MS', 30_000),
    uploadMaxBytes: positive(env, 'SURGE_VM_UPLOAD_MAX_BYTES', 2 * 1024 ** 3),
    hoursPerMonth,
  };
}
