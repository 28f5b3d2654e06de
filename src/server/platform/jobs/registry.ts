// Job handlers and their registry: one handler per job kind says how a job runs, how many run at once in
// a worker process, and what happens when the worker running it is lost. Handlers of further kinds
// (sensor recomputation, user export, statistics) register the same way (handlers.ts lists them).
import type { JobKind, JobMessage } from '../../../domain/jobs.ts';
import type { Database } from '../db/client.ts';
import type { JobRow, RunningJobUpdate } from './jobs.repository.ts';
import type { RunsConfig } from '../../runs/config.ts';
import type { RunStorage } from '../storage/storage.ts';
import type { JobDispatcher } from './dispatcher.ts';
import type { EventBus } from './events.ts';
import type { JobLogger } from './logger.ts';

/** What handlers reach: the database, the storage directory, the event bus, the dispatcher for follow-up jobs. */
export interface JobServices {
  db: Database;
  storage: RunStorage;
  bus: EventBus;
  log: JobLogger;
  config: RunsConfig;
  dispatcher: JobDispatcher;
}

/** Why a running job was told to stop: cancel (or stop) asked for, the worker shuts down, or it lost the job. */
export type AbortReason = 'cancel' | 'shutdown' | 'lost';

export interface JobContext {
  job: JobRow;
  services: JobServices;
  workerId: string;
  signal: AbortSignal;
  abortReason(): AbortReason | null;
  /** Writes progress (0..100, null: indeterminate), warnings or a result, and publishes job.update. */
  update(values: RunningJobUpdate): Promise<JobRow | undefined>;
}

export type JobOutcome = {
  state: 'completed' | 'failed' | 'canceled';
  progress?: number | null;
  result?: unknown;
  errors?: JobMessage[];
  warnings?: JobMessage[];
};

export interface JobHandler {
  readonly kind: JobKind;
  /** Jobs of this kind one process runs at the same time. */
  readonly concurrency: number;
  run(context: JobContext): Promise<JobOutcome>;
  /** After the sweeper failed a job whose worker stopped responding: continue elsewhere or clean up. */
  onWorkerLost?(services: JobServices, job: JobRow): Promise<void>;
  /** After a job was cancelled before any worker took it. */
  onCanceledBeforeStart?(services: JobServices, job: JobRow): Promise<void>;
}

export class JobHandlerRegistry {
  private readonly handlers = new Map<JobKind, JobHandler>();

  register(handler: JobHandler): this {
    if (this.handlers.has(handler.kind)) throw new Error(`a handler for ${handler.kind} jobs is registered twice`);
    this.handlers.set(handler.kind, handler);
    return this;
  }

  get(kind: JobKind): JobHandler | undefined {
    return this.handlers.get(kind);
  }

  kinds(): JobKind[] {
    return [...this.handlers.keys()];
  }
}
