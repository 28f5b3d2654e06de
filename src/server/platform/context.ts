// What every service needs: the database, the configuration and a logger.
import type { FastifyBaseLogger } from 'fastify';
import type { AttemptCounter } from '../account/identity/attemptCounter.ts';
import type { ServerConfig } from './config.ts';
import type { Database } from './db/client.ts';

export type ServiceContext = {
  db: Database;
  config: ServerConfig;
  log: FastifyBaseLogger;
  /** Shared sign-in attempt counters; absent: counted in `db`. */
  attempts?: AttemptCounter;
};
