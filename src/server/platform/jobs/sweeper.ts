// Finds jobs whose worker stopped beating (killed, crashed, cut off) and fails them with the reason, each
// exactly once however many processes sweep; then their handler decides what follows (a solver run
// continues from its last checkpoint on another worker).
import { RUN_MESSAGES } from '../../../domain/runs.ts';
import { failStaleJobs } from './jobs.repository.ts';
import { publishJob } from './jobRecords.ts';
import type { JobHandlerRegistry, JobServices } from './registry.ts';

export class JobSweeper {
  private readonly services: JobServices;
  private readonly registry: JobHandlerRegistry;
  private readonly staleMs: number;
  private readonly intervalMs: number;
  private timer: NodeJS.Timeout | null = null;
  private sweeping: Promise<number> | null = null;

  constructor(options: { services: JobServices; registry: JobHandlerRegistry; staleMs: number; intervalMs: number }) {
    this.services = options.services;
    this.registry = options.registry;
    this.staleMs = options.staleMs;
    this.intervalMs = options.intervalMs;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      void this.sweep();
    }, this.intervalMs);
    this.timer.unref();
  }

  /** One pass; returns how many jobs were found abandoned. */
  sweep(): Promise<number> {
    this.sweeping ??= this.pass().finally(() => {
      this.sweeping = null;
    });
    return this.sweeping;
  }

  private async pass(): Promise<number> {
    const { db, bus, log } = this.services;
    try {
      const lost = await failStaleJobs(db, this.staleMs, RUN_MESSAGES.workerLost);
      for (const job of lost) {
        log.warn({ jobId: job.id, kind: job.kind, workerId: job.workerId }, 'worker of a job stopped responding');
        publishJob(bus, job);
        const handler = this.registry.get(job.kind);
        if (handler?.onWorkerLost) {
          await handler.onWorkerLost(this.services, job).catch((error: unknown) => log.error({ err: error, jobId: job.id }, 'recovery of a lost job failed'));
        }
      }
      return lost.length;
    } catch (error) {
      log.warn({ err: error }, 'job sweep failed');
      return 0;
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.sweeping;
  }
}
