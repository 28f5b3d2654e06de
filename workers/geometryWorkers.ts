// Starting the workers from the main thread (browser) or a Node thread (server, tests), each behind a
// small client that transfers input buffers instead of copying them.
import * as Comlink from 'comlink';
import type { MeshingParameters } from '../src/domain/meshing.ts';
import type { LengthUnit } from '../wasm/surgeGeometry.ts';
import type { GeometryWorkerApi, GeometryWorkerConfig } from './geometry.worker.ts';
import type { MeshHealthWorkerApi } from './meshHealth.worker.ts';
import type { CheckOptions, PartMesh } from './geometry/partMesh.ts';
import type { StepImport, StepImportOptions } from './geometry/stepImport.ts';
import type { StlImportOptions } from './geometry/stlImport.ts';
import { isNode, spawnNodeWorker, wrapBrowserWorker, type WorkerHandle } from './workerRuntime.ts';

// Each `new Worker(new URL(...), { type: 'module' })` is spelled out so that bundlers find and emit
// the worker entry; Node starts the same file as a worker thread.
export async function spawnGeometryWorker(): Promise<WorkerHandle<GeometryWorkerApi>> {
  if (isNode()) return spawnNodeWorker(new URL('./geometry.worker.ts', import.meta.url));
  return wrapBrowserWorker(new Worker(new URL('./geometry.worker.ts', import.meta.url), { type: 'module' }));
}

export async function spawnMeshHealthWorker(): Promise<WorkerHandle<MeshHealthWorkerApi>> {
  if (isNode()) return spawnNodeWorker(new URL('./meshHealth.worker.ts', import.meta.url));
  return wrapBrowserWorker(new Worker(new URL('./meshHealth.worker.ts', import.meta.url), { type: 'module' }));
}

/** Bytes to hand to a worker: an ArrayBuffer is moved (the caller's copy is detached). */
function owned(bytes: ArrayBuffer | Uint8Array): ArrayBuffer {
  if (bytes instanceof ArrayBuffer) return bytes;
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
  return whole ? (bytes.buffer as ArrayBuffer) : (bytes.slice().buffer as ArrayBuffer);
}

export class GeometryWorkerClient {
  private readonly handle: WorkerHandle<GeometryWorkerApi>;
  private constructor(handle: WorkerHandle<GeometryWorkerApi>) {
    this.handle = handle;
  }

  static async start(config: GeometryWorkerConfig = {}): Promise<GeometryWorkerClient> {
    const handle = await spawnGeometryWorker();
    await handle.api.configure(config);
    return new GeometryWorkerClient(handle);
  }

  /** STEP file to structure tree and checked meshes; `parameters` with the angle in radians. The
   * file's buffer is transferred to the worker. */
  importStep(file: ArrayBuffer | Uint8Array, parameters?: MeshingParameters, options?: StepImportOptions): Promise<StepImport> {
    const buffer = owned(file);
    return this.handle.api.importStep(Comlink.transfer(buffer, [buffer]), parameters, options);
  }

  importStl(file: ArrayBuffer | Uint8Array, unit: LengthUnit, options?: CheckOptions): Promise<PartMesh> {
    const buffer = owned(file);
    return this.handle.api.importStl(Comlink.transfer(buffer, [buffer]), unit, options);
  }

  checkMesh(positions: Float32Array, indices?: Uint32Array, options?: CheckOptions): Promise<PartMesh> {
    const buffers = [positions.buffer, ...(indices ? [indices.buffer] : [])] as ArrayBuffer[];
    return this.handle.api.checkMesh(Comlink.transfer(positions, buffers), indices, options);
  }

  terminate(): void {
    this.handle.terminate();
  }
}

export class MeshHealthWorkerClient {
  private readonly handle: WorkerHandle<MeshHealthWorkerApi>;
  private constructor(handle: WorkerHandle<MeshHealthWorkerApi>) {
    this.handle = handle;
  }

  static async start(options: { geometryWasmUrl?: string } = {}): Promise<MeshHealthWorkerClient> {
    const handle = await spawnMeshHealthWorker();
    await handle.api.configure(options);
    return new MeshHealthWorkerClient(handle);
  }

  checkMesh(positions: Float32Array, indices?: Uint32Array, options?: CheckOptions): Promise<PartMesh> {
    const buffers = [positions.buffer, ...(indices ? [indices.buffer] : [])] as ArrayBuffer[];
    return this.handle.api.checkMesh(Comlink.transfer(positions, buffers), indices, options);
  }

  checkStl(file: ArrayBuffer | Uint8Array, unit: LengthUnit, options?: StlImportOptions): Promise<PartMesh> {
    const buffer = owned(file);
    return this.handle.api.checkStl(Comlink.transfer(buffer, [buffer]), unit, options);
  }

  terminate(): void {
    this.handle.terminate();
  }
}

/** A client started on first use and kept for the page; a start that failed is tried again next time. */
export function startedOnce<T>(start: () => Promise<T>): () => Promise<T> {
  let started: Promise<T> | null = null;
  return () =>
    (started ??= start().catch((error: unknown) => {
      started = null;
      throw error;
    }));
}
