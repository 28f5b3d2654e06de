// Settings of the run backend from the environment: Redis for clusters, heartbeat and sweep timing,
// concurrency per process, threads, charging cadence and upload limits (uploaded setup zips included) (tests lower some of them).
import { availableParallelism } from 'node:os';
import { jobKinds, type JobKind } from '../../domain/jobs.ts';
import { UPLOADED_SETUP_LIMITS, type UploadedSetupLimits } from '../../domain/uploadedSetup.ts';
import { UPLOAD_MAX_BYTES, type UploadKind } from '../../domain/uploads.ts';

export type RunsConfig = {
  /** BullMQ queues and Redis pub/sub when set; in-process queue and events otherwise. */
  redisUrl: string | null;
  /** Namespace of the Redis keys and channels (several installations may share one Redis). */
  queuePrefix: string;
  /** Whether this process runs jobs (always in worker processes; in the API only without Redis unless asked). */
  processJobs: boolean;
  /** Kinds this process runs; null: every kind with a handler. */
  kinds: JobKind[] | null;
  heartbeatMs: number;
  /** A running job whose heartbeat is older than this is taken as abandoned. */
  staleMs: number;
  sweepIntervalMs: number;
  /** Solver runs one process runs at a time. */
  solverConcurrency: number;
  /** How often a run may continue on another worker after losing one. */
  maxRecoveries: number;
  /** Threads of the free CPU instance; paid runs get their cores, at most the machine's. */
  freeInstanceThreads: number;
  maxThreads: number;
  /** Wall time between the solver's progress entries (ms). */
  logIntervalMs: number;
  /** Wall time between charges of a running simulation (ms); outputs and the end always charge. */
  chargeIntervalMs: number;
  uploadMaxBytes: Readonly<Record<UploadKind, number>>;
  /** Uploaded setup zips: size as uploaded, and what they may unpack to (entries, per entry, in total, compression ratio). */
  uploadedSetupLimits: Readonly<UploadedSetupLimits>;
  /** How long a shutting-down process waits for its jobs to hand over (ms). */
  shutdownGraceMs: number;
  /** How often the files of deleted simulations are looked for (ms). */
  storageSweepMs: number;
};

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got ${raw}`);
  return value;
}

function flag(env: NodeJS.ProcessEnv, name: string): boolean | null {
  const raw = env[name];
  if (raw === undefined || raw === '') return null;
  return raw === '1' || raw.toLowerCase() === 'true';
}

export function loadRunsConfig(env: NodeJS.ProcessEnv, role: 'api' | 'worker'): RunsConfig {
  const redisUrl = env.REDIS_URL || null;
  const kindsRaw = env.SURGE_WORKER_KINDS?.split(',').map((k) => k.trim()).filter((k) => k !== '');
  const unknown = kindsRaw?.filter((k) => !(jobKinds as readonly string[]).includes(k)) ?? [];
  if (unknown.length > 0) throw new Error(`SURGE_WORKER_KINDS names unknown job kinds: ${unknown.join(', ')}`);
  const uploadLimit = env.SURGE_UPLOAD_MAX_BYTES ? positive(env, 'SURGE_UPLOAD_MAX_BYTES', 1) : null;
  const apiRunsJobs = flag(env, 'SURGE_API_RUNS_JOBS');
  return {
    redisUrl,
    queuePrefix: env.SURGE_QUEUE_PREFIX || 'surge',
    processJobs: role === 'worker' ? true : (apiRunsJobs ?? redisUrl === null),
    kinds: kindsRaw && kindsRaw.length > 0 ? (kindsRaw as JobKind[]) : null,
    heartbeatMs: positive(env, 'SURGE_JOB_HEARTBEAT_MS', 5000),
    staleMs: positive(env, 'SURGE_JOB_STALE_MS', 30_000),
    sweepIntervalMs: positive(env, 'SURGE_JOB_SWEEP_MS', 10_000),
    solverConcurrency: positive(env, 'SURGE_SOLVER_CONCURRENCY', 1),
    maxRecoveries: positive(env, 'SURGE_RUN_MAX_RECOVERIES', 3),
    freeInstanceThreads: positive(env, 'SURGE_FREE_INSTANCE_THREADS', Math.min(2, availableParallelism())),
    maxThreads: positive(env, 'SURGE_MAX_SOLVER_THREADS', availableParallelism()),
    logIntervalMs: positive(env, 'SURGE_SOLVER_LOG_INTERVAL_MS', 1000),
    chargeIntervalMs: positive(env, 'SURGE_CHARGE_INTERVAL_MS', 5000),
    uploadMaxBytes: uploadLimit ? { stl: uploadLimit, step: uploadLimit } : UPLOAD_MAX_BYTES,
    uploadedSetupLimits: {
      ...UPLOADED_SETUP_LIMITS,
      maxEntries: positive(env, 'SURGE_UPLOAD_ZIP_MAX_ENTRIES', UPLOADED_SETUP_LIMITS.maxEntries),
      maxEntryBytes: positive(env, 'SURGE_UPLOAD_ZIP_MAX_ENTRY_BYTES', UPLOADED_SETUP_LIMITS.maxEntryBytes),
      maxTotalBytes: positive(env, 'SURGE_UPLOAD_ZIP_MAX_UNPACKED_BYTES', UPLOADED_SETUP_LIMITS.maxTotalBytes),
      maxRatio: positive(env, 'SURGE_UPLOAD_ZIP_MAX_RATIO', UPLOADED_SETUP_LIMITS.maxRatio),
    },
    shutdownGraceMs: positive(env, 'SURGE_SHUTDOWN_GRACE_MS', 30_000),
    storageSweepMs: positive(env, 'SURGE_STORAGE_SWEEP_MS', 60 * 60 * 1000),
  };
}
