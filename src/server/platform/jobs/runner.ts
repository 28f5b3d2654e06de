// Runs jobs in this process: claims the row (scheduled -> running with this worker's id), beats a heartbeat
// while the handler works, tells the handler to stop when a cancel arrives, the process shuts down or the
// job was taken away, and records the outcome. Every write is fenced by worker id and state (db/jobs.ts).
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { canTransitionJob, type JobMessage } from '../../../domain/jobs.ts';
import { beatJob, claimJob, finishJob, updateRunningJob } from './jobs.repository.ts';
import { publishJob } from './jobRecords.ts';
import type { AbortReason, JobContext, JobHandlerRegistry, JobOutcome, JobServices } from './registry.ts';

export function newWorkerId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

type Active = { controller: AbortController; reason: AbortReason | null; done: Promise<void> };

export class JobRunner {
  readonly workerId: string;
  private readonly services: JobServices;
  private readonly registry: JobHandlerRegistry;
  private readonly heartbeatMs: number;
  private readonly active = new Map<string, Active>();
  private stopping = false;
  private readonly offControl: () => void;

  constructor(options: { services: JobServices; registry: JobHandlerRegistry; heartbeatMs: number; workerId?: string }) {
    this.services = options.services;
    this.registry = options.registry;
    this.heartbeatMs = options.heartbeatMs;
    this.workerId = options.workerId ?? newWorkerId();
    this.offControl = this.services.bus.onControl((message) => {
      if (message.type === 'job.cancel') this.abort(message.jobId, 'cancel');
    });
  }

  /** Jobs running in this process now. */
  runningJobIds(): string[] {
    return [...this.active.keys()];
  }

  private abort(jobId: string, reason: AbortReason): void {
    const active = this.active.get(jobId);
    if (!active || active.controller.signal.aborted) return;
    active.reason = reason;
    active.controller.abort(reason);
  }

  async process(jobId: string): Promise<void> {
    if (this.stopping) return;
    const { db, bus, log } = this.services;
    const job = await claimJob(db, jobId, this.workerId);
    if (!job) return;
    publishJob(bus, job);
    const handler = this.registry.get(job.kind);
    const controller = new AbortController();
    let resolveDone: () => void = () => undefined;
    const active: Active = { controller, reason: null, done: new Promise<void>((r) => (resolveDone = r)) };
    this.active.set(job.id, active);

    let beating = false;
    const heartbeat = setInterval(() => {
      if (beating) return;
      beating = true;
      beatJob(db, job.id, this.workerId)
        .then((state) => {
          if (state === undefined) this.abort(job.id, 'lost');
          else if (state.cancelRequested) this.abort(job.id, 'cancel');
        })
        .catch((error: unknown) => log.warn({ err: error, jobId: job.id }, 'heartbeat failed'))
        .finally(() => {
          beating = false;
        });
    }, this.heartbeatMs);

    const context: JobContext = {
      job,
      services: this.services,
      workerId: this.workerId,
      signal: controller.signal,
      abortReason: () => active.reason,
      update: async (values) => {
        const row = await updateRunningJob(db, job.id, this.workerId, values);
        if (row) publishJob(bus, row);
        return row;
      },
    };

    let outcome: JobOutcome;
    try {
      if (!handler) throw new Error(`no handler for ${job.kind} jobs in this process`);
      if (job.cancelRequested) this.abort(job.id, 'cancel');
      outcome = await handler.run(context);
    } catch (error) {
      log.error({ err: error, jobId: job.id, kind: job.kind }, 'job failed');
      outcome = { state: 'failed', errors: [{ message: error instanceof Error ? error.message : String(error) }] };
    } finally {
      clearInterval(heartbeat);
    }

    try {
      // A job taken away from this worker is someone else's now: nothing more is written.
      if (active.reason === 'lost') return;
      if (!canTransitionJob(job.kind, 'running', outcome.state)) {
        outcome = { state: 'failed', errors: [{ message: `a ${job.kind} job cannot end ${outcome.state}` }] };
      }
      const errors: JobMessage[] | undefined = outcome.errors;
      const finished = await finishJob(db, job.id, this.workerId, { ...outcome, errors });
      if (finished) publishJob(bus, finished);
    } catch (error) {
      log.error({ err: error, jobId: job.id }, 'job outcome could not be recorded');
    } finally {
      this.active.delete(job.id);
      resolveDone();
    }
  }

  /**
   * Tells every running job that this process shuts down and waits (up to `graceMs`) for the handlers to
   * hand their work over (solver runs checkpoint and continue on another worker).
   */
  async shutdown(graceMs: number): Promise<void> {
    this.stopping = true;
    this.offControl();
    const pending = [...this.active.entries()].map(([id, a]) => {
      this.abort(id, 'shutdown');
      return a.done;
    });
    if (pending.length === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.allSettled(pending), new Promise<void>((r) => (timer = setTimeout(r, graceMs)))]);
    if (timer) clearTimeout(timer);
  }
}
