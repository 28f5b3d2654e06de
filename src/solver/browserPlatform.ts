// Browser side of the engine: Web Workers for the CPU backend, navigator.gpu for the GPU backend and the
// geometry module fetched from its bundled URL. Threads need SharedArrayBuffer (a cross-origin isolated
// page) and a solver that itself runs in a worker, since the main thread of a page may not block in
// Atomics.wait; otherwise the CPU backend runs on one thread.
import { spawnBrowserWorker } from './cpu/browserThreads.ts';
import type { SolverPlatform } from './run.ts';
import type { GeometryKernel } from './geometry/geometryKernel.ts';
import { loadGeometryKernel } from './geometry/wasmGeometryKernel.ts';

const inWorker = typeof (globalThis as { WorkerGlobalScope?: unknown }).WorkerGlobalScope !== 'undefined';
const threadsPossible = inWorker && typeof SharedArrayBuffer !== 'undefined' && globalThis.crossOriginIsolated === true;

let geometry: Promise<GeometryKernel> | null = null;

/** The page's (or worker's) geometry kernel, fetched once; the bundler emits the file for this URL. */
function browserGeometryKernel(): Promise<GeometryKernel> {
  geometry ??= loadGeometryKernel(new URL('../../wasm/pkg/surge_geometry.wasm', import.meta.url)).catch((e: unknown) => {
    geometry = null;
    throw e;
  });
  return geometry;
}

export const browserPlatform: SolverPlatform = {
  spawnWorker: threadsPossible ? spawnBrowserWorker : null,
  createGpuBackend: async (setup) => {
    const { createBrowserGpuBackend } = await import('./gpu/browserGpu.ts');
    return createBrowserGpuBackend(setup);
  },
  loadGeometry: browserGeometryKernel,
  defaultThreads: Math.max(1, (globalThis.navigator?.hardwareConcurrency ?? 2) - 1),
};
