// Wires the run backend of one process: event bus and queue (in-process, or Redis and BullMQ when
// REDIS_URL is set), the job runner when this process runs jobs, the sweeper of abandoned jobs, and the
// realtime hub that hands events to this process's sockets.
import { jobKinds, type JobKind } from '../../domain/jobs.ts';
import type { Database } from '../platform/db/client.ts';
import { BullJobConsumer, BullJobQueue } from '../platform/jobs/bullQueue.ts';
import { JobDispatcher } from '../platform/jobs/dispatcher.ts';
import { LocalEventBus, type EventBus } from '../platform/jobs/events.ts';
import type { JobLogger } from '../platform/jobs/logger.ts';
import { InProcessQueue, type JobQueue } from '../platform/jobs/queue.ts';
import { RedisEventBus } from '../platform/jobs/redisEvents.ts';
import type { JobHandlerRegistry, JobServices } from '../platform/jobs/registry.ts';
import { JobRunner } from '../platform/jobs/runner.ts';
import { JobSweeper } from '../platform/jobs/sweeper.ts';
import type { RunsConfig } from './config.ts';
import { jobHandlers } from './handlers.ts';
import { RealtimeHub } from './runs.realtime.ts';
import type { VmHost } from '../vms/host.ts';
import { dropSpareSolver, keepSpareSolver } from './solverChild.ts';
import { RunStorage } from '../platform/storage/storage.ts';
import { StorageJanitor } from '../platform/storage/storageJanitor.ts';

export type RunsRuntime = {
  services: JobServices;
  registry: JobHandlerRegistry;
  hub: RealtimeHub;
  /** Null in processes that only queue jobs (API replicas of a cluster). */
  runner: JobRunner | null;
  sweeper: JobSweeper;
  janitor: StorageJanitor;
  /** Kinds this process runs. */
  kinds: JobKind[];
  close(): Promise<void>;
};

export async function createRunsRuntime(options: {
  db: Database;
  storageDir: string;
  log: JobLogger;
  config: RunsConfig;
  /** The product's handlers unless given (benchmarks isolating the job system). */
  handlers?: JobHandlerRegistry;
  /** This process's post-processing machines; without them it takes no remote_vm jobs. */
  vmHost?: VmHost | null;
}): Promise<RunsRuntime> {
  const { db, log, config } = options;
  const vmHost = options.vmHost ?? null;
  const registry = options.handlers ?? jobHandlers(vmHost);
  const kinds = config.processJobs
    ? registry.kinds().filter((k) => (config.kinds === null || config.kinds.includes(k)) && (k !== 'remote_vm' || vmHost !== null))
    : [];
  const concurrency = (kind: JobKind): number => {
    if (!kinds.includes(kind)) return 0;
    return kind === 'solver_run' ? config.solverConcurrency : (registry.get(kind)?.concurrency ?? 0);
  };

  let bus: EventBus;
  if (config.redisUrl) {
    const redisBus = new RedisEventBus(config.redisUrl, config.queuePrefix, log);
    await redisBus.whenReady();
    bus = redisBus;
  } else {
    bus = new LocalEventBus();
  }

  let runner: JobRunner | null = null;
  const processJob = (jobId: string) => (runner ? runner.process(jobId) : Promise.resolve());
  const queue: JobQueue = config.redisUrl ? new BullJobQueue(config.redisUrl, config.queuePrefix, log) : new InProcessQueue(processJob, concurrency, log);
  const dispatcher = new JobDispatcher({ db, queue, bus, log, registry });
  const services: JobServices = { db, storage: new RunStorage(options.storageDir), bus, log, config, dispatcher };
  dispatcher.attach(services);
  if (config.processJobs) {
    runner = new JobRunner({ services, registry, heartbeatMs: config.heartbeatMs });
    keepSpareSolver();
  }

  let consumer: BullJobConsumer | null = null;
  if (config.redisUrl && kinds.length > 0) {
    consumer = new BullJobConsumer(config.redisUrl, config.queuePrefix, kinds.map((kind) => ({ kind, concurrency: concurrency(kind) })), processJob, log);
    await consumer.waitUntilReady();
  }
  const sweeper = new JobSweeper({ services, registry, staleMs: config.staleMs, intervalMs: config.sweepIntervalMs });
  sweeper.start();
  // The in-process queue starts empty; BullMQ ignores ids it already holds.
  await dispatcher.requeueScheduled(config.redisUrl ? [...jobKinds] : kinds);
  const hub = new RealtimeHub(bus);
  const janitor = new StorageJanitor({ db, storage: services.storage, log, intervalMs: config.storageSweepMs });
  janitor.start();

  return {
    services,
    registry,
    hub,
    runner,
    sweeper,
    janitor,
    kinds,
    async close() {
      janitor.stop();
      await runner?.shutdown(config.shutdownGraceMs);
      if (runner) dropSpareSolver();
      await consumer?.close();
      await queue.close();
      await sweeper.stop();
      hub.close();
      await bus.close();
    },
  };
}
