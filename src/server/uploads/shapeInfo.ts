// Shape info of an uploaded STL (the spec's Shape.info plus whether the mesh has defects) from the
// geometry module. Large files are parsed on a worker thread so that the API keeps answering meanwhile.
import { readFile } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import type { ShapeInfo, StlUnit } from '../../domain/shape.ts';
import { GeometryError, hasMeshIssues, SurgeGeometry, toShapeInfo, type GeometryErrorCode } from '../../../wasm/surgeGeometry.ts';

/** Files up to this size are checked on the calling thread (a few milliseconds). */
const INLINE_BYTES = 8 * 1024 * 1024;

export type StlCheck = { shapeInfo: ShapeInfo; hasIssues: boolean };
export type StlCheckReply = { ok: true; check: StlCheck } | { ok: false; code: GeometryErrorCode | null; message: string };

let geometry: Promise<SurgeGeometry> | null = null;

/** The geometry module, loaded once per thread. */
export function geometryModule(): Promise<SurgeGeometry> {
  geometry ??= SurgeGeometry.load().catch((error: unknown) => {
    geometry = null;
    throw error;
  });
  return geometry;
}

export async function checkStlBytes(bytes: Uint8Array, unit: StlUnit): Promise<StlCheck> {
  const g = await geometryModule();
  const soup = g.parseStl(bytes, unit);
  const health = g.meshHealth(g.weld(soup.positions));
  return { shapeInfo: toShapeInfo(health), hasIssues: hasMeshIssues(health) };
}

/** Throws GeometryError for bytes the module cannot read as a mesh. */
export async function checkStlFile(path: string, size: number, unit: StlUnit, inlineBytes = INLINE_BYTES): Promise<StlCheck> {
  if (size <= inlineBytes) return checkStlBytes(new Uint8Array(await readFile(path)), unit);
  const worker = new Worker(new URL('./shapeInfoWorker.ts', import.meta.url), { workerData: { path, unit } });
  const reply = await new Promise<StlCheckReply>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the mesh check ended unexpectedly (exit code ${code})`)));
  }).finally(() => void worker.terminate());
  if (reply.ok) return reply.check;
  if (reply.code) throw new GeometryError(reply.code, reply.message);
  throw new Error(reply.message);
}
