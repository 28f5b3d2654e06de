// The check of a chosen STL file in the browser, before any byte is uploaded: parsed with its unit,
// welded and health-checked by the geometry worker (the wasm kernel off the main thread), so that the tab
// never stalls. A file that is empty, over the upload limit or no STL is refused with a clear message; one
// too big for this browser's memory or the check's limits may still be uploaded (the server checks it
// too). One worker serves the page; it starts with the first check.
import { UPLOAD_MAX_BYTES, UPLOAD_MESSAGES } from '../../domain/uploads.ts';
import type { ShapeInfo, StlUnit } from '../../domain/shape.ts';
import { GeometryWorkerClient } from '../../../workers/geometryWorkers.ts';

export type BrowserMeshCheck =
  | { status: 'checking' }
  | { status: 'checked'; info: ShapeInfo; hasWarnings: boolean; degenerate: number; inconsistentWinding: number }
  | { status: 'refused'; message: string }
  /** Not checked here (memory, limits); the upload stays possible. */
  | { status: 'unchecked'; message: string };

let worker: Promise<GeometryWorkerClient> | null = null;

function geometryWorker(): Promise<GeometryWorkerClient> {
  worker ??= GeometryWorkerClient.start().catch((error: unknown) => {
    worker = null;
    throw error;
  });
  return worker;
}

/** What the worker said went wrong, in the user's words. */
function failedCheck(error: unknown): BrowserMeshCheck {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'invalid_input') return { status: 'refused', message: `${UPLOAD_MESSAGES.notStl} (${message})` };
  if (code === 'out_of_memory' || /memory/i.test(message)) return { status: 'unchecked', message: `The file is too large to check in this browser (${message}); the server checks it after the upload.` };
  if (code === 'limit_exceeded') return { status: 'unchecked', message: `The file is over the limits of the check in this browser (${message}); the server checks it after the upload.` };
  return { status: 'unchecked', message: `The file could not be checked in this browser (${message}); the server checks it after the upload.` };
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
    return failedCheck(error);
  }
}
