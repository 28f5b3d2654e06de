// Removes files whose rows are gone: the run folders of deleted simulations (a deleted simulation takes
// its rows with it; its outputs, logs and checkpoints stay on disk until this pass finds them), the zips
// of uploaded setups whose simulation was deleted, and saved images whose record was deleted.
// Organisation files and images are removed only once older than `graceMs`: an upload is written to
// its final path a moment before its row is committed.
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { inArray } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { images, simulations, uploadedFiles, uploadedSetups } from '../db/schema.ts';
import type { JobLogger } from '../jobs/logger.ts';
import type { RunStorage } from './storage.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const BATCH = 500;
const DEFAULT_GRACE_MS = 60 * 60 * 1000;

export interface SweepResult {
  /** Simulations whose folders were removed. */
  simulations: string[];
  /** Organisation files (uploads, setup zips) and images removed, as `<organisation>/<kind>/<id>`. */
  files: string[];
}

async function listIds(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).filter((n) => UUID.test(n));
  } catch {
    return [];
  }
}

export class StorageJanitor {
  private readonly db: Database;
  private readonly storage: RunStorage;
  private readonly log: JobLogger;
  private readonly intervalMs: number;
  private readonly graceMs: number;
  private timer: NodeJS.Timeout | null = null;

  constructor(options: { db: Database; storage: RunStorage; log: JobLogger; intervalMs: number; graceMs?: number }) {
    this.db = options.db;
    this.storage = options.storage;
    this.log = options.log;
    this.intervalMs = options.intervalMs;
    this.graceMs = options.graceMs ?? DEFAULT_GRACE_MS;
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

  /** One pass over the simulation folders and the organisations' files. */
  async sweep(now = Date.now()): Promise<SweepResult> {
    const result = { simulations: await this.sweepSimulations(), files: await this.sweepOrganizationFiles(now) };
    if (result.simulations.length > 0 || result.files.length > 0) {
      this.log.info({ simulations: result.simulations.length, files: result.files.length }, 'removed the files of deleted records');
    }
    return result;
  }

  private async sweepSimulations(): Promise<string[]> {
    const names = await listIds(join(this.storage.root, 'simulations'));
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
    return removed;
  }

  private async sweepOrganizationFiles(now: number): Promise<string[]> {
    const removed: string[] = [];
    for (const organizationId of await listIds(join(this.storage.root, 'organizations'))) {
      const files = await this.orphans(now, join(this.storage.root, 'organizations', organizationId, 'files'), async (batch) => {
        const rows = await this.db.select({ id: uploadedFiles.id }).from(uploadedFiles).where(inArray(uploadedFiles.id, batch));
        const zips = await this.db.select({ id: uploadedSetups.zipFileId }).from(uploadedSetups).where(inArray(uploadedSetups.zipFileId, batch));
        return [...rows, ...zips].map((r) => r.id);
      });
      const pictures = await this.orphans(now, join(this.storage.root, 'organizations', organizationId, 'images'), async (batch) =>
        (await this.db.select({ id: images.id }).from(images).where(inArray(images.id, batch))).map((r) => r.id),
      );
      for (const id of files) {
        await rm(this.storage.uploadPath(organizationId, id), { force: true });
        removed.push(`${organizationId}/files/${id}`);
      }
      for (const id of pictures) {
        await rm(this.storage.imagePath(organizationId, id), { force: true });
        removed.push(`${organizationId}/images/${id}`);
      }
    }
    return removed;
  }

  /** Ids of the files in `dir` older than the grace period that no row names. */
  private async orphans(now: number, dir: string, known: (batch: string[]) => Promise<string[]>): Promise<string[]> {
    const names = await listIds(dir);
    const found: string[] = [];
    for (let i = 0; i < names.length; i += BATCH) {
      const batch = names.slice(i, i + BATCH);
      const existing = new Set((await known(batch)).map((id) => id.toLowerCase()));
      for (const id of batch) {
        if (existing.has(id.toLowerCase())) continue;
        const info = await stat(join(dir, id)).catch(() => null);
        if (info && now - info.mtimeMs >= this.graceMs) found.push(id);
      }
    }
    return found;
  }
}
