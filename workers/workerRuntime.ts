// Runs the same worker modules as browser Web Workers and as Node worker_threads behind comlink, and
// carries GeometryError codes across the message boundary.
import * as Comlink from 'comlink';
import { GeometryError, type GeometryErrorCode } from '../wasm/surgeGeometry.ts';

export type { Remote } from 'comlink';

/** A spawned worker: its comlink proxy and a way to stop it. */
export interface WorkerHandle<T> {
  api: Comlink.Remote<T>;
  terminate(): void;
}

/** Node-only modules are imported through a variable so that browser bundles never resolve them. */
async function nodeImport<T>(specifier: string): Promise<T> {
  return (await import(/* @vite-ignore */ specifier)) as T;
}

export function isBrowserWorkerScope(): boolean {
  const scope = globalThis as { WorkerGlobalScope?: unknown; importScripts?: unknown };
  return typeof scope.WorkerGlobalScope !== 'undefined' || typeof scope.importScripts === 'function';
}

export function isNode(): boolean {
  return typeof process !== 'undefined' && typeof process.versions?.node === 'string';
}

type NodeWorkerThreads = typeof import('node:worker_threads');
type NodeAdapter = typeof import('comlink/dist/esm/node-adapter.mjs');

/** Exposes `api` to the thread that started this worker. */
export async function exposeWorker(api: object): Promise<void> {
  if (isBrowserWorkerScope()) {
    Comlink.expose(api);
    return;
  }
  const { parentPort } = await nodeImport<NodeWorkerThreads>('node:worker_threads');
  if (!parentPort) throw new Error('this module must run as a worker');
  const { default: nodeEndpoint } = await nodeImport<NodeAdapter>('comlink/dist/esm/node-adapter.mjs');
  Comlink.expose(api, nodeEndpoint(parentPort));
}

/** Wraps a Node worker_threads Worker started from `url` (the browser path constructs its Worker
 * where the bundler can see the URL, see the spawn functions). */
export async function spawnNodeWorker<T>(url: URL): Promise<WorkerHandle<T>> {
  const { Worker } = await nodeImport<NodeWorkerThreads>('node:worker_threads');
  const { default: nodeEndpoint } = await nodeImport<NodeAdapter>('comlink/dist/esm/node-adapter.mjs');
  const worker = new Worker(url);
  // An uncaught error kills the thread; say so instead of leaving the caller with a silent hang.
  worker.on('error', (e: Error) => console.error(`worker ${url.pathname} failed: ${e.message}`));
  const api = Comlink.wrap<T>(nodeEndpoint(worker));
  return {
    api,
    terminate: () => {
      api[Comlink.releaseProxy]();
      void worker.terminate();
    },
  };
}

export function wrapBrowserWorker<T>(worker: Worker): WorkerHandle<T> {
  const api = Comlink.wrap<T>(worker);
  return {
    api,
    terminate: () => {
      api[Comlink.releaseProxy]();
      worker.terminate();
    },
  };
}

/** Every distinct ArrayBuffer under `value` (typed arrays, arrays, plain objects), for transfer. */
export function transferables(value: unknown, out: Set<ArrayBuffer> = new Set()): ArrayBuffer[] {
  if (value instanceof ArrayBuffer) {
    out.add(value);
  } else if (ArrayBuffer.isView(value)) {
    if (value.buffer instanceof ArrayBuffer) out.add(value.buffer);
  } else if (Array.isArray(value)) {
    for (const v of value) transferables(v, out);
  } else if (value !== null && typeof value === 'object') {
    for (const v of Object.values(value)) transferables(v, out);
  }
  return [...out];
}

/** Marks `value` so that comlink moves its buffers instead of copying them. */
export function withTransfer<T>(value: T): T {
  return Comlink.transfer(value, transferables(value));
}

// Comlink sends thrown errors as {message, name, stack}; keep the GeometryError code too, and turn
// it back into a GeometryError on the receiving side.
interface WireError {
  isError: boolean;
  value: unknown;
}
const baseThrow = Comlink.transferHandlers.get('throw') as Comlink.TransferHandler<unknown, WireError>;
if (baseThrow && !(baseThrow as { surge?: boolean }).surge) {
  const handler: Comlink.TransferHandler<unknown, WireError> & { surge: boolean } = {
    surge: true,
    canHandle: baseThrow.canHandle,
    serialize(thrown) {
      const [wire, transfer] = baseThrow.serialize(thrown);
      const error = (thrown as { value?: unknown }).value;
      if (error instanceof GeometryError && wire.isError && wire.value && typeof wire.value === 'object') {
        wire.value = { ...(wire.value as object), code: error.code };
      }
      return [wire, transfer];
    },
    deserialize(wire) {
      const v = wire.value as { code?: GeometryErrorCode; name?: string; message?: string } | undefined;
      if (wire.isError && v?.name === 'GeometryError' && v.code) throw new GeometryError(v.code, v.message ?? '');
      return baseThrow.deserialize(wire);
    },
  };
  Comlink.transferHandlers.set('throw', handler);
}
