// Node side of the engine: worker_threads, Dawn WebGPU, shader files, the geometry module read from
// wasm/pkg and an output folder on disk.
import { availableParallelism } from 'node:os';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { spawnNodeWorker } from './cpu/nodeThreads.ts';
import { PROJECT_ROOT } from './cpu/nodeBundle.ts';
import { nodeFileSink } from './output/nodeFileSink.ts';
import { createPreparedRun, type SolverPlatform, type SolverRun, type SolverRunOptions } from './run.ts';
import type { FileResolver } from './preparedCase.ts';
import type { GeometryKernel } from './geometry/geometryKernel.ts';
import { loadGeometryKernel } from './geometry/wasmGeometryKernel.ts';
import { prepareCaseInProcess } from './nodePrepare.ts';

/** The geometry module as scripts/build-wasm.sh writes it (from the project folder: see nodeBundle.ts). */
export const GEOMETRY_WASM_PATH = join(PROJECT_ROOT, 'wasm', 'pkg', 'surge_geometry.wasm');

let geometry: Promise<GeometryKernel> | null = null;

/** The process's geometry kernel: the module read once with fs (a failed load is retried next time). */
export function nodeGeometryKernel(): Promise<GeometryKernel> {
  geometry ??= (async () => {
    let bytes: Uint8Array;
    try {
      bytes = await readFile(GEOMETRY_WASM_PATH);
    } catch (e) {
      throw new Error(`cannot read the geometry module ${GEOMETRY_WASM_PATH} (${(e as Error).message}); build it with scripts/build-wasm.sh`, { cause: e });
    }
    return loadGeometryKernel(bytes);
  })().catch((e: unknown) => {
    geometry = null;
    throw e;
  });
  return geometry;
}

export const nodePlatform: SolverPlatform = {
  spawnWorker: spawnNodeWorker,
  createGpuBackend: async (setup) => {
    // Named by a computed URL so that a bundle of the engine (nodeBundle.ts) leaves it out: bundled, its
    // import of Dawn would load the native addon at the start of every process, CPU runs included.
    const gpuModule = pathToFileURL(join(PROJECT_ROOT, 'src', 'solver', 'gpu', 'nodeGpu.ts')).href;
    const { createNodeGpuBackend } = await import(gpuModule) as typeof import('./gpu/nodeGpu.ts');
    return createNodeGpuBackend(setup);
  },
  loadGeometry: nodeGeometryKernel,
  prepareCase: prepareCaseInProcess,
  defaultThreads: availableParallelism(),
};

export interface NodeRunOptions extends Omit<SolverRunOptions, 'sink' | 'geometry'> {
  /** Output folder; alternatively a sink. */
  outDir?: string;
  sink?: SolverRunOptions['sink'];
}

/**
 * A run with Node's threads, GPU and file system, its case prepared (and validated) in a process of its
 * own. It prepares through nodePrepare.ts itself, not through createSolverRun (setupRun.ts), so that the
 * process that runs it (the server's solver process) loads none of the domain's schemas and zod.
 */
export function createNodeSolverRun(setup: unknown, options: NodeRunOptions): Promise<SolverRun> {
  const sink = options.sink ?? (options.outDir !== undefined ? nodeFileSink(options.outDir) : null);
  if (sink === null) throw new Error('give an output folder (outDir) or an output sink');
  const runOptions = { ...options, sink };
  return prepareCaseInProcess(setup, options.fileResolver !== undefined ? { fileResolver: options.fileResolver } : {})
    .then((prepared) => createPreparedRun(prepared, nodePlatform, runOptions));
}

/** Resolves uploaded files stored as `<folder>/<fileId>` or `<folder>/<file name>`. */
export function folderFileResolver(folder: string): FileResolver {
  return async (fileId, file) => {
    const candidates = [fileId, ...(file !== null ? [file.name] : [])];
    for (const name of candidates) {
      if (name.includes('/') || name.includes('\\') || name.startsWith('..')) continue;
      try {
        return new Uint8Array(await readFile(`${folder}/${name}`));
      } catch {
        // try the next candidate
      }
    }
    throw new Error(`file ${fileId}${file !== null ? ` (${file.name})` : ''} not found in ${folder}`);
  };
}
