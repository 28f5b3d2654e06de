// Creates jobs (a scheduled row, inside the caller's transaction), hands them to the queue once committed,
// cancels them, and puts scheduled jobs back on the queue after a restart.
import type { JobKind } from '../../../domain/jobs.ts';
import { initialJobState } from '../../../domain/jobs.ts';
import { RUN_MESSAGES } from '../../../domain/runs.ts';
import type { Database, Executor } from '../db/client.ts';
import { finishScheduledJob, insertJob, requestJobCancel, scheduledJobs, type JobRow, type NewJob } from './jobs.repository.ts';
import type { EventBus } from './events.ts';
import { publishJob } from './jobRecords.ts';
import type { JobLogger } from './logger.ts';
import type { JobQueue } from './queue.ts';
import { checkedJobPayload, type JobPayloadInput } from './payloads.ts';
import type { JobHandlerRegistry, JobServices } from './registry.ts';

/** A new job of kind K: its payload typed by the kind (jobs without one leave it out). */
export type NewJobOf<K extends JobKind> = Omit<NewJob, 'state' | 'kind' | 'payload'> & { kind: K; payload?: JobPayloadInput<K> };

export class JobDispatcher {
  private readonly db: Database;
  private readonly queue: JobQueue;
  private readonly bus: EventBus;
  private readonly log: JobLogger;
  private readonly registry: JobHandlerRegistry;
  private services: JobServices | null = null;

  constructor(options: { db: Database; queue: JobQueue; bus: EventBus; log: JobLogger; registry: JobHandlerRegistry }) {
    this.db = options.db;
    this.queue = options.queue;
    this.bus = options.bus;
    this.log = options.log;
    this.registry = options.registry;
  }

  /** Services for the handlers' cancel hooks (they exist only once the dispatcher does). */
  attach(services: JobServices): void {
    this.services = services;
  }

  /** Inserts the job; `dispatch` it after the surrounding transaction committed. */
  async create<K extends JobKind>(db: Executor, values: NewJobOf<K>): Promise<JobRow> {
    return insertJob(db, { ...values, payload: checkedJobPayload(values.kind, values.payload), state: initialJobState(values.kind) });
  }

  /** Whether jobs can be queued now (false while the queue's Redis is down). */
  async available(): Promise<boolean> {
    return this.queue.available();
  }

  /** Queues a committed job; a job the queue refuses is failed with the reason and false returned. */
  async dispatch(job: JobRow): Promise<boolean> {
    publishJob(this.bus, job);
    try {
      await this.queue.enqueue(job.kind, job.id);
      return true;
    } catch (error) {
      this.log.error({ err: error, jobId: job.id, kind: job.kind }, 'job could not be queued');
      const failed = await finishScheduledJob(this.db, job.id, 'failed', [{ message: RUN_MESSAGES.enqueueFailed, errorCode: 'enqueue_failed' }]);
      if (failed) publishJob(this.bus, failed);
      return false;
    }
  }

  async submit<K extends JobKind>(values: NewJobOf<K>): Promise<JobRow | null> {
    const job = await this.create(this.db, values);
    return (await this.dispatch(job)) ? job : null;
  }

  /**
   * Cancel (for solver runs: stop). A job no worker has taken ends canceled here; a running one is flagged
   * and its worker told through the control channel (it also sees the flag with its next heartbeat).
   */
  async cancel(job: JobRow): Promise<JobRow | undefined> {
    if (job.state === 'scheduled') {
      const canceled = await finishScheduledJob(this.db, job.id, 'canceled');
      if (canceled) {
        publishJob(this.bus, canceled);
        const handler = this.registry.get(canceled.kind);
        if (handler?.onCanceledBeforeStart && this.services) await handler.onCanceledBeforeStart(this.services, canceled);
        return canceled;
      }
    }
    const flagged = await requestJobCancel(this.db, job.id);
    if (flagged) {
      this.bus.publishControl({ type: 'job.cancel', jobId: job.id });
      publishJob(this.bus, flagged);
    }
    return flagged;
  }

  /** Scheduled jobs back on the queue (the in-process queue forgets them on restart; BullMQ ignores duplicates). */
  async requeueScheduled(kinds: readonly JobKind[]): Promise<number> {
    const waiting = await scheduledJobs(this.db, kinds);
    for (const job of waiting) {
      await this.queue.enqueue(job.kind, job.id).catch((error: unknown) => this.log.warn({ err: error, jobId: job.id }, 'job could not be queued again'));
    }
    return waiting.length;
  }
}
