// Reading and amending one output folder (meta.json plus little-endian typed arrays, domain output.ts):
// the arrays of an object's dataset, new array files, and changes to meta.json made under a lock file so
// that the reduction step and the sensor computation (possibly on other machines of a cluster) never
// lose each other's additions. meta.json is always replaced by rename, so readers see it whole. Array
// files are found with the domain's resolveOutputFile: in the folder itself or in the run's static folder.
import { open, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  outputFolderPath, outputMetaSchema, resolveOutputFile, type ArrayFile, type DatasetName, type OutputDataset, type OutputMeta, type OutputObject,
} from '../../domain/output.ts';
import type { RunStorage } from '../platform/storage/storage.ts';

const META = 'meta.json';
const LOCK = 'meta.json.lock';
/** A lock older than this was left by a process that died while holding it. */
const STALE_LOCK_MS = 60_000;
const LOCK_RETRY_MS = 15;
const LOCK_TIMEOUT_MS = 120_000;

export function outputDir(storage: RunStorage, simulationId: string, runId: string, outputNo: number): string {
  return join(storage.runDir(simulationId, runId), outputFolderPath(outputNo));
}

export async function readMeta(folder: string): Promise<OutputMeta> {
  return outputMetaSchema.parse(JSON.parse(await readFile(join(folder, META), 'utf8')));
}

/** meta.json, or null when the folder has none (yet) or it does not parse. */
export async function tryReadMeta(folder: string): Promise<OutputMeta | null> {
  try {
    return await readMeta(folder);
  } catch {
    return null;
  }
}

export type OutputEntity = Pick<OutputObject, 'id' | 'name' | 'datasets'> & { kind: OutputObject['kind'] | 'sensor' };

/** An object or sensor of the output by id. */
export function findEntity(meta: OutputMeta, id: string): OutputEntity | undefined {
  return meta.objects.find((o) => o.id === id) ?? meta.sensors.find((s) => s.id === id);
}

export function findDataset(entity: Pick<OutputObject, 'datasets'>, name: DatasetName): OutputDataset | undefined {
  return entity.datasets.find((d) => d.name === name);
}

/** The path of a file meta.json of the output in `folder` names (`x.bin` or `../static/x.bin`). */
export function arrayPath(folder: string, file: string): string {
  return resolveOutputFile(folder, file);
}

/** A typed array file of the folder, checked against the item count meta.json gives for it. */
export async function readArray(folder: string, file: ArrayFile, count: number): Promise<Float32Array | Uint32Array> {
  const bytes = await readFile(arrayPath(folder, file.file));
  const expected = count * file.components * 4;
  if (bytes.byteLength !== expected) throw new Error(`${file.file} holds ${bytes.byteLength} bytes, expected ${expected}`);
  // A copy into an aligned buffer of its own (Buffer may share a pool with an unaligned offset).
  const buffer = new ArrayBuffer(bytes.byteLength);
  new Uint8Array(buffer).set(bytes);
  if (new Uint8Array(new Uint16Array([1]).buffer)[0] !== 1) {
    const view = new DataView(buffer);
    for (let i = 0; i < buffer.byteLength; i += 4) view.setUint32(i, view.getUint32(i, true), false);
  }
  return file.dtype === 'uint32' ? new Uint32Array(buffer) : new Float32Array(buffer);
}

export async function readFloatArray(folder: string, file: ArrayFile, count: number): Promise<Float32Array> {
  const array = await readArray(folder, file, count);
  return array instanceof Float32Array ? array : Float32Array.from(array);
}

function littleEndian(data: Float32Array | Uint32Array): Uint8Array {
  let bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  if (new Uint8Array(new Uint16Array([1]).buffer)[0] !== 1) {
    const copy = new Uint8Array(bytes.length);
    const view = new DataView(copy.buffer);
    for (let i = 0; i < data.length; i++) {
      if (data instanceof Float32Array) view.setFloat32(i * 4, data[i], true);
      else view.setUint32(i * 4, data[i], true);
    }
    bytes = copy;
  }
  return bytes;
}

/**
 * Writes a little-endian typed array file (through a temporary name, so no reader sees half of it). `name`
 * is as meta.json gives it: `../static/<name>` writes into the static folder.
 */
export async function writeArray(folder: string, name: string, data: Float32Array | Uint32Array): Promise<number> {
  return replaceFile(arrayPath(folder, name), littleEndian(data));
}

async function replaceFile(path: string, bytes: Uint8Array): Promise<number> {
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, bytes);
  await rename(temporary, path);
  return bytes.byteLength;
}

/**
 * A file of the static folder that other outputs may already name: written when it is missing, left as it
 * is when it holds these values; returns the bytes written (0 when it was there), or null when it holds
 * other values, which the caller then writes into the output's own folder (a static file is never
 * replaced: outputs name it). Two processes that write the same missing file at once write equal bytes,
 * each whole through its own temporary name.
 */
export async function writeSharedArray(folder: string, name: string, data: Float32Array | Uint32Array): Promise<number | null> {
  const bytes = littleEndian(data);
  const path = arrayPath(folder, name);
  const existing = await readFile(path).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  });
  if (existing === null) return replaceFile(path, bytes);
  return Buffer.compare(existing, bytes) === 0 ? 0 : null;
}

export async function writeJson(folder: string, name: string, value: unknown): Promise<void> {
  const path = join(folder, name);
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, JSON.stringify(value, null, 1));
  await rename(temporary, path);
}

async function acquireLock(folder: string): Promise<() => Promise<void>> {
  const path = join(folder, LOCK);
  const deadline = Date.now() + LOCK_TIMEOUT_MS;
  for (;;) {
    try {
      const handle = await open(path, 'wx');
      await handle.writeFile(`${process.pid}\n`);
      await handle.close();
      return async () => {
        await unlink(path).catch(() => undefined);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const info = await stat(path).catch(() => null);
      if (info && Date.now() - info.mtimeMs > STALE_LOCK_MS) await rm(path, { force: true });
      if (Date.now() > deadline) throw new Error(`meta.json of ${folder} stayed locked`, { cause: error });
      await new Promise((r) => setTimeout(r, LOCK_RETRY_MS));
    }
  }
}

/**
 * Reads meta.json, lets `change` amend it and writes it back, holding the folder's lock so that two
 * writers (reduction, sensors) apply their changes one after the other. Returns the written meta.
 */
export async function updateMeta(folder: string, change: (meta: OutputMeta) => OutputMeta): Promise<OutputMeta> {
  const release = await acquireLock(folder);
  try {
    const next = outputMetaSchema.parse(change(await readMeta(folder)));
    await writeJson(folder, META, next);
    return next;
  } finally {
    await release();
  }
}

/** Replaces the datasets named like those in `datasets` of object `objectId` (others stay). */
export function withDatasets<T extends Pick<OutputObject, 'datasets'>>(entity: T, datasets: readonly OutputDataset[]): T {
  const names = new Set(datasets.map((d) => d.name));
  return { ...entity, datasets: [...entity.datasets.filter((d) => !names.has(d.name)), ...datasets] };
}
