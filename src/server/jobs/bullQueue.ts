// BullMQ on Redis: one queue per job kind (so that each kind has its own concurrency per worker), with
// the job id as BullMQ's job id, which makes enqueuing the same job twice harmless. Workers in any
// process sharing DATABASE_URL and STORAGE_DIR take the jobs.
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { JobKind } from '../../domain/jobs.ts';
import type { JobLogger } from './logger.ts';
import type { JobQueue, ProcessJob } from './queue.ts';

const queueName = (kind: JobKind) => `surge-${kind}`;

function connect(url: string, log: JobLogger): Redis {
  const client = new Redis(url, { maxRetriesPerRequest: null });
  client.on('error', (error: unknown) => log.warn({ err: error }, 'redis connection error'));
  return client;
}

export class BullJobQueue implements JobQueue {
  private readonly queues = new Map<JobKind, Queue>();
  private readonly connection: Redis;
  private readonly prefix: string;

  constructor(url: string, prefix: string, log: JobLogger) {
    this.connection = connect(url, log);
    this.prefix = prefix;
  }

  private queue(kind: JobKind): Queue {
    let queue = this.queues.get(kind);
    if (!queue) {
      queue = new Queue(queueName(kind), { connection: this.connection, prefix: this.prefix });
      this.queues.set(kind, queue);
    }
    return queue;
  }

  async enqueue(kind: JobKind, jobId: string): Promise<void> {
    await this.queue(kind).add(kind, { jobId }, { jobId, removeOnComplete: true, removeOnFail: 1000, attempts: 1 });
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.queues.values()].map((q) => q.close()));
    await this.connection.quit().catch(() => undefined);
  }
}

/** BullMQ workers for the kinds this process runs, each with its kind's concurrency. */
export class BullJobConsumer {
  private readonly workers: Worker[] = [];
  private readonly connection: Redis;

  constructor(url: string, prefix: string, kinds: { kind: JobKind; concurrency: number }[], process: ProcessJob, log: JobLogger) {
    this.connection = connect(url, log);
    for (const { kind, concurrency } of kinds) {
      if (concurrency <= 0) continue;
      const worker = new Worker(
        queueName(kind),
        async (job) => {
          const { jobId } = job.data as { jobId: string };
          await process(jobId);
        },
        { connection: this.connection, prefix, concurrency, autorun: true },
      );
      worker.on('error', (error: unknown) => log.warn({ err: error, kind }, 'queue worker error'));
      this.workers.push(worker);
    }
  }

  async waitUntilReady(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.waitUntilReady()));
  }

  /** Stops taking jobs and waits for the running ones to return. */
  async close(): Promise<void> {
    await Promise.allSettled(this.workers.map((w) => w.close()));
    await this.connection.quit().catch(() => undefined);
  }
}
