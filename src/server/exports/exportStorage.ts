// Where a user export lives under the storage directory: one folder per export job with the written
// files under files/ and the zip of all of them beside it. Paths come only from ids and planned names.
import { rm } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import type { RunStorage } from '../platform/storage/storage.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function exportDir(storage: RunStorage, simulationId: string, exportId: string): string {
  if (!UUID.test(exportId)) throw new Error(`not an export id: ${exportId}`);
  return join(storage.simulationDir(simulationId), 'exports', exportId.toLowerCase());
}

export function exportFilesDir(storage: RunStorage, simulationId: string, exportId: string): string {
  return join(exportDir(storage, simulationId, exportId), 'files');
}

/** A file of the export by its planned name, or null when the name would leave the export's folder. */
export function exportFilePath(storage: RunStorage, simulationId: string, exportId: string, filename: string, archive: boolean): string | null {
  const base = archive ? exportDir(storage, simulationId, exportId) : exportFilesDir(storage, simulationId, exportId);
  const full = resolve(base, filename);
  return full.startsWith(base + sep) ? full : null;
}

export async function removeExport(storage: RunStorage, simulationId: string, exportId: string): Promise<void> {
  await rm(exportDir(storage, simulationId, exportId), { recursive: true, force: true });
}
