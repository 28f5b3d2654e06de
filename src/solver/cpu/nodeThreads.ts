// Node adapter of the CPU backend's threads: worker_threads running nodeWorker.ts, from its JavaScript
// bundle when one can be built (no TypeScript stripping in the thread, see nodeBundle.ts).
import { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import { PROJECT_ROOT, bundledEntry } from './nodeBundle.ts';
import type { SpawnWorker } from './threadPool.ts';

/** The solver thread's entry; a process that starts solver processes builds its bundle beforehand. */
export const WORKER_ENTRY = join(PROJECT_ROOT, 'src', 'solver', 'cpu', 'nodeWorker.ts');

/**
 * A solver thread allocates next to nothing per pass (its memory is the shared particle buffers), so a
 * small young generation is enough and keeps its heap from growing to V8's default of tens of MB.
 */
const WORKER_YOUNG_GENERATION_MB = 2;

export const spawnNodeWorker: SpawnWorker = (init) => {
  const worker = new Worker(bundledEntry(WORKER_ENTRY) ?? WORKER_ENTRY, {
    workerData: init,
    resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
  });
  worker.unref();
  return {
    postMessage: (m) => worker.postMessage(m),
    terminate: () => worker.terminate(),
  };
};
