// BullMQ on Redis: one queue per job kind (so that each kind has its own concurrency per worker), with
// the job id as BullMQ's job id, which makes enqueuing the same job twice harmless. Workers in any
// process sharing DATABASE_URL and STORAGE_DIR take the jobs.
import { Queue, Worker } from 'bullmq';
import { Redis, type RedisOptions } from 'ioredis';
import type { JobKind } from '../../../domain/jobs.ts';
import type { JobLogger } from './logger.ts';
import type { JobQueue, ProcessJob } from './queue.ts';

const queueName = (kind: JobKind) => `surge-${kind}`;

function connect(url: string, log: JobLogger, options: RedisOptions = { maxRetriesPerRequest: null }): Redis {
  const client = new Redis(url, options);
  client.on('error', (error: unknown) => log.warn({ err: error }, 'redis connection error'));
  return client;
}

/** How long an enqueue waits for a connection that is still being opened (start of the process). */
const CONNECT_WAIT_MS = 2_000;
/** How long one enqueue may take before the queue counts as unreachable. */
const ENQUEUE_TIMEOUT_MS = 3_000;

/** The queue's Redis cannot be reached: requests that need it answer 503 instead of waiting. */
export class QueueUnavailableError extends Error {
  constructor(reason: string) {
    super(`the job queue cannot be reached (${reason})`);
    this.name = 'QueueUnavailableError';
  }
}

function withTimeout<T>(work: Promise<T>, ms: number, reason: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new QueueUnavailableError(reason)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export class BullJobQueue implements JobQueue {
  private readonly queues = new Map<JobKind, Queue>();
  private readonly connection: Redis;
  private readonly prefix: string;

  constructor(url: string, prefix: string, log: JobLogger) {
    // The producer side fails fast while Redis is down (no offline queue, one retry): an API request
    // that queues a job must answer, not wait for Redis to come back. The job rows stay the truth: the
    // dispatcher fails a job the queue refused, with the reason. Workers keep their own connections.
    this.connection = connect(url, log, { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 5_000 });
    this.prefix = prefix;
  }

  /** Whether the connection is up; one that is still opening gets a moment to finish. */
  async available(): Promise<boolean> {
    const status = this.connection.status;
    if (status === 'ready') return true;
    if (status !== 'wait' && status !== 'connecting' && status !== 'connect') return false;
    return new Promise((resolve) => {
      const done = (ready: boolean) => {
        clearTimeout(timer);
        this.connection.off('ready', onReady);
        this.connection.off('error', onError);
        resolve(ready);
      };
      const onReady = () => done(true);
      const onError = () => done(false);
      const timer = setTimeout(() => done(this.connection.status === 'ready'), CONNECT_WAIT_MS);
      this.connection.once('ready', onReady);
      this.connection.once('error', onError);
    });
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
    if (!(await this.available())) throw new QueueUnavailableError(`connection ${this.connection.status}`);
    const added = this.queue(kind).add(kind, { jobId }, { jobId, removeOnComplete: true, removeOnFail: 1000, attempts: 1 });
    await withTimeout(added, ENQUEUE_TIMEOUT_MS, `no answer within ${ENQUEUE_TIMEOUT_MS} ms`);
  }

  async close(): Promise<void> {
    if (this.connection.status !== 'ready') {
      // Nothing can be flushed to a Redis that is gone; closing must not wait for it.
      this.connection.disconnect();
      return;
    }
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
