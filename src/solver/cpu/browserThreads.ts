// Browser adapter of the CPU backend's threads: module Web Workers running browserWorker.ts.
import type { SpawnWorker } from './threadPool.ts';

export const spawnBrowserWorker: SpawnWorker = (init) => {
  const worker = new Worker(new URL('./browserWorker.ts', import.meta.url), { type: 'module' });
  worker.postMessage(init);
  return {
    postMessage: (m) => worker.postMessage(m),
    terminate: () => worker.terminate(),
  };
};
