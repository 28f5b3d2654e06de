// The check of a chosen STL file in the browser, before any byte is uploaded: parsed with its unit,
// welded and health-checked by the geometry worker (the wasm kernel off the main thread), so that the tab
// never stalls. A file that is empty, over the upload limit or no STL is refused with a clear message; one
// too big for this browser's memory or the check's limits may still be uploaded (the server checks it
// too). One worker serves the page; it starts with the first check.
import { UPLOAD_MAX_BYTES, UPLOAD_MESSAGES } from '../../domain/uploads.ts';
import type { ShapeInfo, StlUnit } from '../../domain/shape.ts';
import type { AssemblyNode } from '../../domain/assembly.ts';
import type { MeshingParameters } from '../../domain/meshing.ts';
import { GeometryWorkerClient, startedOnce } from '../../../workers/geometryWorkers.ts';

export type BrowserMeshCheck =
  | { status: 'checking' }
  | { status: 'checked'; info: ShapeInfo; hasWarnings: boolean; degenerate: number; inconsistentWinding: number }
  | { status: 'refused'; message: string }
  /** Not checked here (memory, limits); the upload stays possible. */
  | { status: 'unchecked'; message: string };

const geometryWorker = startedOnce(() => GeometryWorkerClient.start());

type NotChecked = { status: 'refused'; message: string } | { status: 'unchecked'; message: string };

/** What the worker said went wrong, in the user's words; `notKind` says the file is not what it should be. */
function failedCheck(error: unknown, notKind: string): NotChecked {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'invalid_input') return { status: 'refused', message: `${notKind} (${message})` };
  if (code === 'out_of_memory' || /memory/i.test(message)) return { status: 'unchecked', message: `The file is too large to check in this browser (${message}); the server checks it after the upload.` };
  if (code === 'limit_exceeded') return { status: 'unchecked', message: `The file is over the limits of the check in this browser (${message}); the server checks it after the upload.` };
  return { status: 'unchecked', message: `The file could not be checked in this browser (${message}); the server checks it after the upload.` };
}

/** An empty file, or one over the upload limit of its kind, is refused before it is read. */
function refusedBySize(file: Blob, kind: 'stl' | 'step'): NotChecked | null {
  if (file.size === 0) return { status: 'refused', message: UPLOAD_MESSAGES.empty };
  if (file.size > UPLOAD_MAX_BYTES[kind]) return { status: 'refused', message: UPLOAD_MESSAGES.tooLarge(kind) };
  return null;
}

export async function checkStlInBrowser(file: Blob, unit: StlUnit): Promise<BrowserMeshCheck> {
  const refused = refusedBySize(file, 'stl');
  if (refused) return refused;
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
    return failedCheck(error, UPLOAD_MESSAGES.notStl);
  }
}

export interface BrowserStepBody {
  entryId: string;
  labelName: string;
  shapeType: string;
  /** Names of the assembly nodes above it, outermost first. */
  path: string[];
  triangles: number;
  holes: number;
  nonManifold: number;
}

export type BrowserStepPreview =
  | { status: 'checking' }
  | { status: 'checked'; bodies: BrowserStepBody[]; triangleCount: number; warnings: string[] }
  | { status: 'refused'; message: string }
  | { status: 'unchecked'; message: string };

/** Reads and meshes a chosen STEP file in the geometry worker (occt-import-js and the wasm checks) with
 * the form's meshing parameters: its bodies with their triangle counts and defects, before any upload. */
export async function previewStepInBrowser(file: Blob, parameters: MeshingParameters): Promise<BrowserStepPreview> {
  const refused = refusedBySize(file, 'step');
  if (refused) return refused;
  try {
    const client = await geometryWorker();
    const imported = await client.importStep(await file.arrayBuffer(), parameters);
    const meshes = new Map(imported.meshes.map((m) => [m.entryId, m]));
    const bodies: BrowserStepBody[] = [];
    const walk = (node: AssemblyNode, path: string[]) => {
      const mesh = meshes.get(node.entryId);
      if (mesh) {
        bodies.push({
          entryId: node.entryId,
          labelName: node.labelName,
          shapeType: node.shapeType,
          path,
          triangles: mesh.indices.length / 3,
          holes: mesh.shapeInfo.holes,
          nonManifold: mesh.shapeInfo.nonManifold,
        });
      }
      for (const child of node.children) walk(child, [...path, node.labelName]);
    };
    for (const node of imported.assemblyMetadata) walk(node, []);
    const warnings = imported.warnings.map((w) => (w.parts?.length ? `${w.message} (${w.parts.join(', ')})` : w.message));
    return { status: 'checked', bodies, triangleCount: imported.triangleCount, warnings };
  } catch (error) {
    return failedCheck(error, UPLOAD_MESSAGES.notStep);
  }
}
