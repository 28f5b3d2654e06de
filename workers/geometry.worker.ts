// Geometry worker: STEP (occt-import-js) and STL import for the assembly import modal and part
// uploads; meshes come back welded and health-checked, their buffers transferred.
import { SurgeGeometry, type LengthUnit } from '../wasm/surgeGeometry.ts';
import type { MeshingParameters } from '../src/domain/meshing.ts';
import { exposeWorker, withTransfer } from './workerRuntime.ts';
import { checkPartMesh, type CheckOptions, type PartMesh } from './geometry/partMesh.ts';
import { loadOcct, setOcctWasmUrl, tessellateStep, type StepImport, type StepImportOptions } from './geometry/stepImport.ts';
import { parseStlFile } from './geometry/stlImport.ts';

export interface GeometryWorkerConfig {
  /** URL of occt-import-js.wasm for browsers (bundlers rename assets). */
  occtWasmUrl?: string;
  /** URL of surge_geometry.wasm; by default next to the loader. */
  geometryWasmUrl?: string;
}

let config: GeometryWorkerConfig = {};
let geometry: Promise<SurgeGeometry> | null = null;

function loadGeometry(): Promise<SurgeGeometry> {
  geometry ??= SurgeGeometry.load(config.geometryWasmUrl).catch((e: unknown) => {
    geometry = null;
    throw e;
  });
  return geometry;
}

const api = {
  configure(next: GeometryWorkerConfig): void {
    if (next.geometryWasmUrl !== config.geometryWasmUrl) geometry = null;
    config = { ...next };
    setOcctWasmUrl(next.occtWasmUrl);
  },

  /** Reads a STEP file (its buffer is transferred here) into the structure tree and one checked
   * mesh per body. `parameters` are on the wire: angularDeflection in radians. */
  async importStep(file: ArrayBuffer, parameters?: MeshingParameters, options?: StepImportOptions): Promise<StepImport> {
    const [occt, g] = await Promise.all([loadOcct(), loadGeometry()]);
    return withTransfer(tessellateStep(occt, g, new Uint8Array(file), parameters, options));
  },

  /** Reads a binary or ASCII STL in the given unit into a checked mesh in metres. */
  async importStl(file: ArrayBuffer, unit: LengthUnit, options?: CheckOptions): Promise<PartMesh> {
    const g = await loadGeometry();
    return withTransfer(parseStlFile(g, new Uint8Array(file), unit, options));
  },

  /** Welds and checks a mesh already in memory (e.g. a generated shape). */
  async checkMesh(positions: Float32Array, indices?: Uint32Array, options?: CheckOptions): Promise<PartMesh> {
    const g = await loadGeometry();
    return withTransfer(checkPartMesh(g, positions, indices, options));
  },
};

export type GeometryWorkerApi = typeof api;

void exposeWorker(api);
