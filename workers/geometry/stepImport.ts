// STEP import with occt-import-js: reads the assembly structure, tessellates every solid with the
// part's meshing parameters, welds and health-checks each mesh. Runs in the geometry worker and, for
// tessellation jobs, directly in Node.
import occtimportjs, { type OcctMesh, type OcctModule, type OcctNode } from 'occt-import-js';
import { z } from 'zod';
import type { AssemblyNode } from '../../src/domain/assembly.ts';
import { STEP_UPLOAD_WARNING_BYTES } from '../../src/domain/constants.ts';
import { MESSAGES } from '../../src/domain/messages.ts';
import {
  defaultMeshingParameters,
  meshingFormSchema,
  meshingParametersSchema,
  meshingParametersToForm,
  type MeshingParameters,
} from '../../src/domain/meshing.ts';
import { GeometryError, GeometryErrorCode, MAX_TRIANGLES, type SurgeGeometry } from '../../wasm/surgeGeometry.ts';
import { checkPartMesh, type CheckOptions, type PartMesh } from './partMesh.ts';

/** occt-import-js's linear deflection as a fraction of the mean bounding-box edge; the meshing
 * parameter `linearDeflectionFactor` scales it (factor 1 = the reader's default resolution). */
export const BASE_LINEAR_DEFLECTION_RATIO = 0.001;

/** OpenCascade shape types reported in the structure tree. occt-import-js does not expose the B-rep
 * type, so a tessellated body is a SOLID when its welded mesh is closed and a SHELL otherwise, and
 * every grouping node is a COMPOUND. */
export const STEP_SHAPE_TYPES = { compound: 'COMPOUND', solid: 'SOLID', shell: 'SHELL' } as const;

/** Entry of the top-level label in an OCAF document; children append ":n". */
const ROOT_ENTRY = '0:1:1';

export interface StepMesh extends PartMesh {
  /** Assembly node this mesh belongs to. */
  entryId: string;
  labelName: string;
  color: [number, number, number] | null;
}

export interface StepWarning {
  errorCode: string;
  message: string;
  /** Labels of the nodes concerned. */
  parts?: string[];
}

export interface StepImport {
  assemblyMetadata: AssemblyNode[];
  meshes: StepMesh[];
  triangleCount: number;
  warnings: StepWarning[];
  /** Milliseconds spent reading and tessellating (occt) and welding and checking (wasm). */
  timings: { tessellationMs: number; checkMs: number };
}

export interface StepImportOptions extends CheckOptions {
  maxTriangles?: number;
}

let occtPromise: Promise<OcctModule> | null = null;
let occtWasmUrl: string | undefined;

/** Where browsers fetch occt-import-js.wasm from (Node finds it next to the package's script). */
export function setOcctWasmUrl(url: string | undefined): void {
  if (url !== occtWasmUrl) occtPromise = null;
  occtWasmUrl = url;
}

/** Browsers fetch occt-import-js.wasm; unless configured, from the package (bundlers emit the file
 * for this URL pattern). Node reads it from the package directory itself. */
function occtWasmLocation(): string | undefined {
  if (occtWasmUrl) return occtWasmUrl;
  if (typeof process !== 'undefined' && typeof process.versions?.node === 'string') return undefined;
  return new URL('../../node_modules/occt-import-js/dist/occt-import-js.wasm', import.meta.url).href;
}

export function loadOcct(): Promise<OcctModule> {
  const wasm = occtWasmLocation();
  occtPromise ??= occtimportjs(wasm ? { locateFile: () => wasm } : undefined).catch((e: unknown) => {
    occtPromise = null;
    throw new GeometryError(GeometryErrorCode.internal, `the STEP reader could not start: ${(e as Error).message}`);
  });
  return occtPromise;
}

/** Validates wire-format meshing parameters (angle in radians) against the spec's ranges, which the
 * domain states in the form's units (degrees). */
export function validateMeshingParameters(input: unknown): MeshingParameters {
  const parsed = meshingParametersSchema.safeParse(input ?? defaultMeshingParameters());
  if (!parsed.success) {
    throw new GeometryError(GeometryErrorCode.invalidInput, `invalid meshing parameters: ${z.prettifyError(parsed.error)}`);
  }
  const form = meshingFormSchema.safeParse(meshingParametersToForm(parsed.data));
  if (!form.success) {
    const issues = form.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new GeometryError(GeometryErrorCode.invalidInput, `invalid meshing parameters: ${issues}`);
  }
  return parsed.data;
}

/** Warnings that do not stop an import: a very large file. */
export function stepFileWarnings(byteLength: number): StepWarning[] {
  return byteLength > STEP_UPLOAD_WARNING_BYTES ? [{ errorCode: 'step_file_large', message: MESSAGES.stepUploadLarge }] : [];
}

/** Reads, tessellates and checks a STEP file. Positions are in metres. */
export function tessellateStep(
  occt: OcctModule,
  g: SurgeGeometry,
  bytes: Uint8Array,
  parameters?: MeshingParameters,
  options: StepImportOptions = {},
): StepImport {
  if (!(bytes instanceof Uint8Array) || bytes.length === 0) {
    throw new GeometryError(GeometryErrorCode.invalidInput, 'the STEP file is empty');
  }
  const params = validateMeshingParameters(parameters);
  const maxTriangles = options.maxTriangles ?? MAX_TRIANGLES;
  const t0 = performance.now();
  let result;
  try {
    result = occt.ReadStepFile(bytes, {
      linearUnit: 'meter',
      linearDeflectionType: 'bounding_box_ratio',
      linearDeflection: BASE_LINEAR_DEFLECTION_RATIO * params.linearDeflectionFactor,
      angularDeflection: params.angularDeflection,
    });
  } catch (e) {
    // The reader aborts when its memory runs out; it must be started afresh after that.
    occtPromise = null;
    const message = (e as Error).message ?? String(e);
    if (/memory|OOM|Aborted/i.test(message)) {
      throw new GeometryError(GeometryErrorCode.outOfMemory, `out of memory while reading the STEP file (${bytes.length} bytes)`);
    }
    throw new GeometryError(GeometryErrorCode.internal, `the STEP reader failed: ${message}`);
  }
  const t1 = performance.now();
  if (!result.success) {
    throw new GeometryError(GeometryErrorCode.invalidInput, 'the file could not be read as STEP (AP203/AP214/AP242)');
  }
  const triangleCount = result.meshes.reduce((n, m) => n + m.index.array.length / 3, 0);
  if (triangleCount > maxTriangles) {
    throw new GeometryError(
      GeometryErrorCode.limitExceeded,
      `the tessellation has ${triangleCount} triangles, more than the limit of ${maxTriangles}; increase the deviation factor or the angle`,
    );
  }

  const meshes: StepMesh[] = [];
  const unhealthy: string[] = [];
  const leaf = (entryId: string, labelName: string, mesh: OcctMesh): AssemblyNode => {
    const checked = checkPartMesh(g, new Float32Array(mesh.attributes.position.array), new Uint32Array(mesh.index.array), options);
    meshes.push({ ...checked, entryId, labelName, color: mesh.color ?? null });
    if (checked.hasWarnings) unhealthy.push(labelName);
    return { entryId, labelName, shapeType: checked.health.closed ? STEP_SHAPE_TYPES.solid : STEP_SHAPE_TYPES.shell, children: [] };
  };
  const convert = (node: OcctNode, entryId: string): AssemblyNode => {
    if (node.children.length === 0 && node.meshes.length === 1) {
      const mesh = result.meshes[node.meshes[0]];
      return leaf(entryId, node.name || mesh.name, mesh);
    }
    const children = node.children.map((c, i) => convert(c, `${entryId}:${i + 1}`));
    node.meshes.forEach((m, k) => {
      const mesh = result.meshes[m];
      children.push(leaf(`${entryId}:${children.length + 1}`, mesh.name || `${node.name} ${k + 1}`, mesh));
    });
    return { entryId, labelName: node.name, shapeType: STEP_SHAPE_TYPES.compound, children };
  };
  // The reader's root is an unnamed document node; its children are the file's top-level shapes.
  const root = result.root;
  const top: OcctNode[] = root.meshes.length > 0 ? [root] : root.children;
  const assemblyMetadata = top.map((n, i) => convert(n, `${ROOT_ENTRY}:${i + 1}`));
  const t2 = performance.now();

  const warnings = stepFileWarnings(bytes.length);
  if (unhealthy.length > 0) warnings.push({ errorCode: 'mesh_health', message: MESSAGES.partIssues, parts: unhealthy });
  return { assemblyMetadata, meshes, triangleCount, warnings, timings: { tessellationMs: t1 - t0, checkMs: t2 - t1 } };
}
