// The geometry of assembly jobs, run on a worker thread (assemblyWorker.ts) because occt-import-js and the
// boolean union hold a thread for seconds: reading the structure tree of a STEP file, and tessellating parts
// (each a set of assembly nodes with its meshing parameters) into binary STL in metres. A part of several
// bodies is one watertight surface: the closed bodies are united with manifold-3d; open ones stay apart and
// are reported.
import { readFile } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import { ASSEMBLY_MESSAGES, bodiesOf, indexAssembly, type AssemblyNode, type TessellationWarning } from '../../domain/assembly.ts';
import { MESSAGES } from '../../domain/messages.ts';
import type { MeshingParameters } from '../../domain/meshing.ts';
import type { ShapeInfo } from '../../domain/shape.ts';
import { GeometryError, GeometryErrorCode } from '../../../wasm/surgeGeometry.ts';
import { tessellateStepFile, uniteBodies, type IndexedMesh } from '../../../workers/serverGeometry.ts';
import { BASE_LINEAR_DEFLECTION_RATIO } from '../../../workers/geometry/stepImport.ts';
import { checkStlBytes } from '../uploads/shapeInfo.ts';
import { binaryStl } from '../uploads/stepTessellation.ts';

export interface PartRequest {
  id: string;
  name: string;
  assemblyNodeIds: string[];
  meshingParameters: MeshingParameters;
}

export interface TessellatedAssemblyPart {
  id: string;
  stl: Uint8Array;
  shapeInfo: ShapeInfo;
  hasIssues: boolean;
  /** Bodies (leaf nodes) the part is made of. */
  bodies: number;
  /** Names of bodies kept apart from the union (not closed). */
  notUnited: string[];
}

export interface StructureRead {
  tree: AssemblyNode[];
  warnings: TessellationWarning[];
}

export interface PartsTessellated {
  parts: TessellatedAssemblyPart[];
  warnings: TessellationWarning[];
}

/** The structure tree of a STEP file, read (and meshed once at the default parameters to tell solids from
 * shells). Throws GeometryError when the file holds nothing to mesh. */
export async function readStructure(bytes: Uint8Array): Promise<StructureRead> {
  const imported = await tessellateStepFile(bytes);
  if (imported.meshes.length === 0) throw new GeometryError(GeometryErrorCode.invalidInput, 'the STEP file holds no solid or surface to mesh');
  return { tree: imported.assemblyMetadata, warnings: imported.warnings.map((w) => ({ message: w.message, errorCode: w.errorCode, ...(w.parts ? { parts: w.parts } : {}) })) };
}

/** The union is simplified within this share of the meshing deviation: the surface stays as close to the CAD
 * as the tessellation put it, without the needle triangles that the cuts between bodies leave. */
const UNION_SIMPLIFY_SHARE = 0.1;

/** The reader's linear deviation for these bodies (metres): a ratio of the mean edge of their bounding box. */
function linearDeflection(meshes: readonly IndexedMesh[], parameters: MeshingParameters): number {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (const m of meshes) {
    for (let i = 0; i < m.positions.length; i++) {
      const v = m.positions[i];
      if (v < min[i % 3]) min[i % 3] = v;
      if (v > max[i % 3]) max[i % 3] = v;
    }
  }
  const meanEdge = (max[0] - min[0] + max[1] - min[1] + max[2] - min[2]) / 3;
  return BASE_LINEAR_DEFLECTION_RATIO * parameters.linearDeflectionFactor * meanEdge;
}

const parametersKey = (p: MeshingParameters) => `${p.linearDeflectionFactor}|${p.angularDeflection}|${p.useDelabellaAlgorithm}`;

/**
 * Tessellates `parts`: the file is meshed once per distinct set of meshing parameters, then each part's
 * bodies are united (or taken alone) and written as binary STL. `onProgress` gets the fraction done.
 */
export async function tessellateParts(bytes: Uint8Array, parts: readonly PartRequest[], onProgress: (fraction: number) => void = () => undefined): Promise<PartsTessellated> {
  const groups = new Map<string, PartRequest[]>();
  for (const part of parts) {
    const key = parametersKey(part.meshingParameters);
    groups.set(key, [...(groups.get(key) ?? []), part]);
  }
  // Meshing the file is the long step; each part's union and check come after.
  const steps = 2 * groups.size + parts.length;
  let done = 0;
  const step = (n = 1) => {
    done += n;
    onProgress(Math.min(1, done / steps));
  };
  const results = new Map<string, TessellatedAssemblyPart>();
  const notUnitedNames = new Set<string>();
  const unhealthy: string[] = [];
  for (const group of groups.values()) {
    const imported = await tessellateStepFile(bytes, group[0].meshingParameters);
    step(2);
    const index = indexAssembly(imported.assemblyMetadata);
    const meshes = new Map(imported.meshes.map((m) => [m.entryId, m]));
    for (const part of group) {
      const bodies = bodiesOf(index, part.assemblyNodeIds).filter((b) => meshes.has(b.entryId));
      if (bodies.length === 0) throw new GeometryError(GeometryErrorCode.invalidInput, `the part ${part.name} has no body to mesh`);
      const inputs: IndexedMesh[] = bodies.map((b) => {
        const m = meshes.get(b.entryId)!;
        return { positions: m.positions, indices: m.indices };
      });
      let surface: IndexedMesh;
      let notUnited: string[] = [];
      if (inputs.length === 1) {
        surface = inputs[0];
      } else {
        const union = await uniteBodies(inputs, { simplifyTolerance: UNION_SIMPLIFY_SHARE * linearDeflection(inputs, part.meshingParameters) });
        surface = union.mesh;
        notUnited = union.notUnited.map((i) => bodies[i].labelName || bodies[i].entryId);
        for (const name of notUnited) notUnitedNames.add(name);
      }
      const stl = binaryStl([surface], `Surge assembly part ${part.name}`.slice(0, 80));
      const check = await checkStlBytes(stl, 'm');
      if (check.hasIssues) unhealthy.push(part.name);
      results.set(part.id, { id: part.id, stl, shapeInfo: check.shapeInfo, hasIssues: check.hasIssues, bodies: bodies.length, notUnited });
      step();
    }
  }
  const warnings: TessellationWarning[] = [];
  if (notUnitedNames.size > 0) warnings.push({ message: ASSEMBLY_MESSAGES.notUnited([...notUnitedNames]), errorCode: 'not_united', parts: [...notUnitedNames] });
  if (unhealthy.length > 0) warnings.push({ message: MESSAGES.partIssues, errorCode: 'mesh_health', parts: unhealthy });
  return { parts: parts.map((p) => results.get(p.id)!), warnings };
}

// ---------------------------------------------------------------- the worker thread

export type AssemblyWorkerInput =
  | { mode: 'structure'; path: string }
  | { mode: 'parts'; path: string; parts: PartRequest[] };

export type AssemblyWorkerMessage =
  | { type: 'progress'; fraction: number }
  | { type: 'structure'; result: StructureRead }
  | { type: 'parts'; result: PartsTessellated }
  | { type: 'error'; code: GeometryErrorCode | null; message: string };

/** For the worker thread: does the work of `input` and reports through `post`. */
export async function runAssemblyWork(input: AssemblyWorkerInput, post: (message: AssemblyWorkerMessage, transfer?: ArrayBuffer[]) => void): Promise<void> {
  try {
    const bytes = new Uint8Array(await readFile(input.path));
    if (input.mode === 'structure') {
      post({ type: 'structure', result: await readStructure(bytes) });
      return;
    }
    let last = 0;
    const result = await tessellateParts(bytes, input.parts, (fraction) => {
      // Progress messages at most every 1 %.
      if (fraction - last >= 0.01 || fraction === 1) {
        last = fraction;
        post({ type: 'progress', fraction });
      }
    });
    post({ type: 'parts', result }, result.parts.map((p) => p.stl.buffer as ArrayBuffer));
  } catch (error) {
    post({ type: 'error', code: error instanceof GeometryError ? error.code : null, message: error instanceof Error ? error.message : String(error) });
  }
}

/** A job's work longer than this is stopped: the parameters ask for more than is sensible. */
export const ASSEMBLY_WORK_TIME_LIMIT_MS = 15 * 60 * 1000;

export class AssemblyWorkAborted extends Error {
  constructor() {
    super('The assembly work was stopped.');
    this.name = 'AssemblyWorkAborted';
  }
}

/**
 * Runs `input` on a worker thread. Aborting `signal` terminates the thread at once (occt cannot be
 * interrupted otherwise) and rejects with AssemblyWorkAborted; failures reject with GeometryError or Error.
 */
export function runOnWorker<M extends AssemblyWorkerInput['mode']>(
  input: Extract<AssemblyWorkerInput, { mode: M }>,
  options: { signal: AbortSignal; onProgress?: (fraction: number) => void; timeLimitMs?: number },
): Promise<M extends 'structure' ? StructureRead : PartsTessellated> {
  type Result = M extends 'structure' ? StructureRead : PartsTessellated;
  return new Promise<Result>((resolve, reject) => {
    if (options.signal.aborted) {
      reject(new AssemblyWorkAborted());
      return;
    }
    const worker = new Worker(new URL('./assemblyWorker.ts', import.meta.url), { workerData: input });
    let settled = false;
    const finish = (action: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal.removeEventListener('abort', onAbort);
      void worker.terminate();
      action();
    };
    const onAbort = () => finish(() => reject(new AssemblyWorkAborted()));
    const limit = options.timeLimitMs ?? ASSEMBLY_WORK_TIME_LIMIT_MS;
    const timer = setTimeout(
      () => finish(() => reject(new GeometryError(GeometryErrorCode.limitExceeded, `meshing took longer than ${Math.round(limit / 60_000)} minutes; increase the deviation factor or the angle`))),
      limit,
    );
    options.signal.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (message: AssemblyWorkerMessage) => {
      if (message.type === 'progress') options.onProgress?.(message.fraction);
      else if (message.type === 'error') finish(() => reject(message.code ? new GeometryError(message.code, message.message) : new Error(message.message)));
      else finish(() => resolve(message.result as Result));
    });
    worker.once('error', (error) => finish(() => reject(error)));
    worker.once('exit', (code) => finish(() => reject(new Error(`the assembly worker ended unexpectedly (exit code ${code})`))));
  });
}
