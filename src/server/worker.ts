// A job worker of a Surge cluster (`npm run worker`): takes discretization, solver and the other jobs from
// the BullMQ queues on REDIS_URL, with the database at DATABASE_URL and the files under STORAGE_DIR that
// the API replicas share. Any number run on any machines; SIGTERM hands running solver runs over (they
// checkpoint and continue on another worker), SIGKILL leaves them to the sweeper of the others.
import { mkdirSync } from 'node:fs';
import { loadConfig } from './platform/config.ts';
import { openDatabase } from './platform/db/client.ts';
import { applyMigrations } from './platform/db/migrate.ts';
import { jsonLinesLogger } from './platform/jobs/logger.ts';
import { loadRunsConfig } from './runs/config.ts';
import { createRunsRuntime } from './runs/runtime.ts';
import { loadVmConfig } from './vms/config.ts';
import { VmRuntime } from './vms/runtime.ts';

async function main(): Promise<void> {
  const env = process.env;
  if (!env.DATABASE_URL) throw new Error('DATABASE_URL must name the PostgreSQL database the API uses (workers cannot share the embedded one)');
  if (!env.REDIS_URL) throw new Error('REDIS_URL must name the Redis server the API uses for its queues');
  const config = loadConfig(env, 0);
  const runsConfig = loadRunsConfig(env, 'worker');
  const log = jsonLinesLogger({ process: 'worker', pid: process.pid }, config.logLevel === 'error' || config.logLevel === 'warn' ? config.logLevel : 'info');
  mkdirSync(config.storageDir, { recursive: true });

  const database = await openDatabase({ driver: 'postgres', url: env.DATABASE_URL, poolSize: 10 });
  await applyMigrations(database);
  // Post-processing machines run on workers that take remote_vm jobs; API replicas reach them through this worker's agent.
  const vms = await VmRuntime.create({
    db: database.db,
    config: loadVmConfig(env, config.dataDir),
    log,
    runsMachines: runsConfig.kinds === null || runsConfig.kinds.includes('remote_vm'),
    cluster: true,
  });
  const runtime = await createRunsRuntime({ db: database.db, storageDir: config.storageDir, log, config: runsConfig, vmHost: vms.host });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'worker shutting down');
    runtime
      .close()
      .then(() => vms.close())
      .then(() => database.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          log.error({ err: error }, 'worker shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  log.info({ workerId: runtime.runner?.workerId, kinds: runtime.kinds, storageDir: config.storageDir }, 'worker ready');
  process.stdout.write(`SURGE_WORKER_READY ${JSON.stringify({ workerId: runtime.runner?.workerId ?? null, kinds: runtime.kinds })}\n`);
}

main().catch((error: unknown) => {
  console.error('Surge worker could not start:', error);
  process.exit(1);
});
