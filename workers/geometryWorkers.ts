// Starting the workers from the main thread (browser) or a Node thread (server, tests), each behind a
// small client that transfers input buffers instead of copying them.
import * as Comlink from 'comlink';
import { WORKER_POOL_SIZE } from '../src/domain/constants.ts';
import type { Dtype } from '../src/domain/output.ts';
import type { MeshingParameters } from '../src/domain/meshing.ts';
import type { LengthUnit } from '../wasm/surgeGeometry.ts';
import type { GeometryWorkerApi, GeometryWorkerConfig } from './geometry.worker.ts';
import type { MeshHealthWorkerApi } from './meshHealth.worker.ts';
import type { OutputDecodeWorkerApi } from './outputDecode.worker.ts';
import type { CheckOptions, PartMesh } from './geometry/partMesh.ts';
import type { StepImport, StepImportOptions } from './geometry/stepImport.ts';
import type { StlImportOptions } from './geometry/stlImport.ts';
import type { DecodeRequest, DecodedArray } from './outputDecode/decode.ts';
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

export async function spawnOutputDecodeWorker(): Promise<WorkerHandle<OutputDecodeWorkerApi>> {
  if (isNode()) return spawnNodeWorker(new URL('./outputDecode.worker.ts', import.meta.url));
  return wrapBrowserWorker(new Worker(new URL('./outputDecode.worker.ts', import.meta.url), { type: 'module' }));
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

/** Workers the output-decoding pool starts: at most 12 (spec), no more than the machine's threads. */
export function outputDecodePoolSize(hardwareConcurrency = globalThis.navigator?.hardwareConcurrency): number {
  const threads = Number.isInteger(hardwareConcurrency) && (hardwareConcurrency as number) > 0 ? (hardwareConcurrency as number) : 4;
  return Math.min(WORKER_POOL_SIZE, threads);
}

interface PoolTask {
  run(api: Comlink.Remote<OutputDecodeWorkerApi>): Promise<DecodedArray>;
  resolve(v: DecodedArray): void;
  reject(e: unknown): void;
}

/** Pool of output-decoding workers, started on demand; tasks queue while every worker is busy. */
export class OutputDecodePool {
  readonly size: number;
  private readonly spawn: () => Promise<WorkerHandle<OutputDecodeWorkerApi>>;
  private readonly idle: WorkerHandle<OutputDecodeWorkerApi>[] = [];
  private readonly all: Promise<WorkerHandle<OutputDecodeWorkerApi>>[] = [];
  private readonly queue: PoolTask[] = [];
  private closed = false;

  constructor(options: { size?: number; spawn?: () => Promise<WorkerHandle<OutputDecodeWorkerApi>> } = {}) {
    this.size = Math.max(1, Math.min(WORKER_POOL_SIZE, options.size ?? outputDecodePoolSize()));
    this.spawn = options.spawn ?? spawnOutputDecodeWorker;
  }

  /** Workers started so far. */
  get started(): number {
    return this.all.length;
  }

  /** Fetches and decodes one array file. */
  fetchArray(request: DecodeRequest): Promise<DecodedArray> {
    return this.submit((api) => api.fetchArray(request));
  }

  /** Decodes bytes already fetched; the buffer is transferred. */
  decodeArray(buffer: ArrayBuffer, dtype: Dtype, components: 1 | 3, count?: number): Promise<DecodedArray> {
    return this.submit((api) => api.decodeArray(Comlink.transfer(buffer, [buffer]), dtype, components, count));
  }

  fetchArrays(requests: DecodeRequest[]): Promise<DecodedArray[]> {
    return Promise.all(requests.map((r) => this.fetchArray(r)));
  }

  close(): void {
    this.closed = true;
    for (const t of this.queue.splice(0)) t.reject(new Error('the output decoding pool was closed'));
    for (const w of this.all) w.then((h) => h.terminate(), () => undefined);
    this.idle.length = 0;
  }

  private submit(run: PoolTask['run']): Promise<DecodedArray> {
    if (this.closed) return Promise.reject(new Error('the output decoding pool was closed'));
    return new Promise<DecodedArray>((resolve, reject) => {
      this.queue.push({ run, resolve, reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const worker = this.idle.pop();
      if (worker) {
        this.execute(worker, this.queue.shift() as PoolTask);
      } else if (this.all.length < this.size) {
        const started = this.spawn();
        this.all.push(started);
        const task = this.queue.shift() as PoolTask;
        started.then(
          (w) => this.execute(w, task),
          (e: unknown) => {
            // A worker that failed to start does not count towards the pool.
            void this.all.splice(this.all.indexOf(started), 1);
            task.reject(e);
          },
        );
      } else {
        return;
      }
    }
  }

  private execute(worker: WorkerHandle<OutputDecodeWorkerApi>, task: PoolTask): void {
    task.run(worker.api).then(task.resolve, task.reject).finally(() => {
      if (this.closed) return;
      this.idle.push(worker);
      this.dispatch();
    });
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
