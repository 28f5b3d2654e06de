// Mesh-health worker: welds and checks meshes off the main thread (uploads, generated shapes, the
// mesh-health view mode).
import { SurgeGeometry, type LengthUnit } from '../wasm/surgeGeometry.ts';
import { exposeWorker, withTransfer } from './workerRuntime.ts';
import { checkPartMesh, type CheckOptions, type PartMesh } from './geometry/partMesh.ts';
import { parseStlFile, type StlImportOptions } from './geometry/stlImport.ts';

let geometry: Promise<SurgeGeometry> | null = null;
let geometryWasmUrl: string | undefined;

function loadGeometry(): Promise<SurgeGeometry> {
  geometry ??= SurgeGeometry.load(geometryWasmUrl).catch((e: unknown) => {
    geometry = null;
    throw e;
  });
  return geometry;
}

const api = {
  configure(options: { geometryWasmUrl?: string }): void {
    if (options.geometryWasmUrl !== geometryWasmUrl) geometry = null;
    geometryWasmUrl = options.geometryWasmUrl;
  },

  async checkMesh(positions: Float32Array, indices?: Uint32Array, options?: CheckOptions): Promise<PartMesh> {
    const g = await loadGeometry();
    return withTransfer(checkPartMesh(g, positions, indices, options));
  },

  async checkStl(file: ArrayBuffer, unit: LengthUnit, options?: StlImportOptions): Promise<PartMesh> {
    const g = await loadGeometry();
    return withTransfer(parseStlFile(g, new Uint8Array(file), unit, options));
  },
};

export type MeshHealthWorkerApi = typeof api;

void exposeWorker(api);
