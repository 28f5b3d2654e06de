// The check of a chosen STL file in the browser, before any byte is uploaded: parsed with its unit,
// welded and health-checked by the geometry worker (the wasm kernel off the main thread), so that a file
// that is no STL, is over the limits or runs the worker out of memory is refused with a clear message and
// never stalls or crashes the tab. One worker serves the page; it starts with the first check.
import { UPLOAD_MAX_BYTES, UPLOAD_MESSAGES } from '../../domain/uploads.ts';
import type { ShapeInfo, StlUnit } from '../../domain/shape.ts';
import { GeometryWorkerClient } from '../../../workers/geometryWorkers.ts';

export type BrowserMeshCheck =
  | { status: 'checking' }
  | { status: 'checked'; info: ShapeInfo; hasWarnings: boolean; degenerate: number; inconsistentWinding: number }
  | { status: 'refused'; message: string };

let worker: Promise<GeometryWorkerClient> | null = null;

function geometryWorker(): Promise<GeometryWorkerClient> {
  worker ??= GeometryWorkerClient.start().catch((error: unknown) => {
    worker = null;
    throw error;
  });
  return worker;
}

/** What the worker said went wrong, in the user's words. */
function refusal(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'out_of_memory' || /memory/i.test(message)) return `The file is too large to check in this browser (${message}).`;
  if (code === 'limit_exceeded') return `The file is over the limits of the mesh check: ${message}`;
  if (code === 'invalid_input') return `${UPLOAD_MESSAGES.notStl} (${message})`;
  return `The file could not be checked: ${message}`;
}

export async function checkStlInBrowser(file: Blob, unit: StlUnit): Promise<BrowserMeshCheck> {
  if (file.size === 0) return { status: 'refused', message: UPLOAD_MESSAGES.empty };
  if (file.size > UPLOAD_MAX_BYTES.stl) return { status: 'refused', message: UPLOAD_MESSAGES.tooLarge('stl') };
  try {
    const client = await geometryWorker();
    const mesh = await client.importStl(await file.arrayBuffer(), unit);
    return {
      status: 'checked',
      info: mesh.shapeInfo,
      hasWarnings: mesh.hasWarnings,
      degenerate: mesh.health.degenerateFaces.elements,
      inconsistentWinding: mesh.health.inconsistentWinding.elements,
    };
  } catch (error) {
    return { status: 'refused', message: refusal(error) };
  }
}
