// Node adapter of the CPU backend's threads: worker_threads running nodeWorker.ts.
import { Worker } from 'node:worker_threads';
import type { SpawnWorker } from './threadPool.ts';

export const spawnNodeWorker: SpawnWorker = (init) => {
  const worker = new Worker(new URL('./nodeWorker.ts', import.meta.url), { workerData: init });
  worker.unref();
  return {
    postMessage: (m) => worker.postMessage(m),
    terminate: () => worker.terminate(),
  };
};
