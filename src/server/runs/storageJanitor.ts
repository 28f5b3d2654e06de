// Removes the run folders of simulations that no longer exist (a deleted simulation takes its rows with
// it; its outputs, logs and checkpoints stay on disk until this pass finds them).
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { inArray } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { simulations } from '../db/schema.ts';
import type { JobLogger } from '../jobs/logger.ts';
import type { RunStorage } from './storage.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const BATCH = 500;

export class StorageJanitor {
  private readonly db: Database;
  private readonly storage: RunStorage;
  private readonly log: JobLogger;
  private readonly intervalMs: number;
  private timer: NodeJS.Timeout | null = null;

  constructor(options: { db: Database; storage: RunStorage; log: JobLogger; intervalMs: number }) {
    this.db = options.db;
    this.storage = options.storage;
    this.log = options.log;
    this.intervalMs = options.intervalMs;
  }

  start(): void {
    this.timer ??= setInterval(() => {
      this.sweep().catch((error: unknown) => this.log.warn({ err: error }, 'storage sweep failed'));
    }, this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One pass; returns the ids of the simulations whose folders were removed. */
  async sweep(): Promise<string[]> {
    const root = join(this.storage.root, 'simulations');
    let names: string[];
    try {
      names = (await readdir(root)).filter((n) => UUID.test(n));
    } catch {
      return [];
    }
    const removed: string[] = [];
    for (let i = 0; i < names.length; i += BATCH) {
      const batch = names.slice(i, i + BATCH);
      const existing = new Set((await this.db.select({ id: simulations.id }).from(simulations).where(inArray(simulations.id, batch))).map((r) => r.id));
      for (const id of batch) {
        if (existing.has(id)) continue;
        await rm(this.storage.simulationDir(id), { recursive: true, force: true });
        removed.push(id);
      }
    }
    if (removed.length > 0) this.log.info({ simulations: removed.length }, 'removed the files of deleted simulations');
    return removed;
  }
}
