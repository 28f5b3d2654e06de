// The queue abstraction: a queue only carries job ids to a process that runs them; the job rows stay
// the truth. In-process (embedded server) here; BullMQ on Redis for clusters in bullQueue.ts.
import type { JobKind } from '../../../domain/jobs.ts';
import type { JobLogger } from './logger.ts';

export interface JobQueue {
  enqueue(kind: JobKind, jobId: string): Promise<void>;
  /** Whether a job queued now would reach the queue (false while its Redis is down). */
  available(): Promise<boolean>;
  close(): Promise<void>;
}

/** Runs a job by id (claims it, runs its handler, records the outcome). */
export type ProcessJob = (jobId: string) => Promise<void>;

/**
 * FIFO per kind in this process, with the kind's concurrency. Jobs of kinds without a local handler are
 * not accepted: the embedded server runs every kind it knows.
 */
export class InProcessQueue implements JobQueue {
  private readonly waiting = new Map<JobKind, string[]>();
  private readonly running = new Map<JobKind, number>();
  private readonly inFlight = new Set<Promise<void>>();
  private closed = false;
  private readonly process: ProcessJob;
  private readonly concurrency: (kind: JobKind) => number;
  private readonly log: JobLogger;

  constructor(process: ProcessJob, concurrency: (kind: JobKind) => number, log: JobLogger) {
    this.process = process;
    this.concurrency = concurrency;
    this.log = log;
  }

  async available(): Promise<boolean> {
    return !this.closed;
  }

  async enqueue(kind: JobKind, jobId: string): Promise<void> {
    if (this.closed) throw new Error('the job queue is closed');
    if (this.concurrency(kind) <= 0) throw new Error(`this server does not run ${kind} jobs`);
    const list = this.waiting.get(kind) ?? [];
    if (list.includes(jobId)) return;
    list.push(jobId);
    this.waiting.set(kind, list);
    this.pump(kind);
  }

  private pump(kind: JobKind): void {
    const list = this.waiting.get(kind) ?? [];
    while (!this.closed && list.length > 0 && (this.running.get(kind) ?? 0) < this.concurrency(kind)) {
      const jobId = list.shift() as string;
      this.running.set(kind, (this.running.get(kind) ?? 0) + 1);
      const task = this.process(jobId)
        .catch((error: unknown) => this.log.error({ err: error, jobId, kind }, 'job processing failed'))
        .finally(() => {
          this.running.set(kind, (this.running.get(kind) ?? 1) - 1);
          this.inFlight.delete(task);
          this.pump(kind);
        });
      this.inFlight.add(task);
    }
  }

  /** Stops taking jobs; waits for those running (their handlers were told to stop by the runner). */
  async close(): Promise<void> {
    this.closed = true;
    this.waiting.clear();
    await Promise.allSettled([...this.inFlight]);
  }
}
