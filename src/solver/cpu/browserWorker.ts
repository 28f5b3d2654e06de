// Web Worker entry of a solver thread in the browser (see workerLoop.ts). The page must be
// cross-origin isolated for SharedArrayBuffer; the solver itself runs in a worker, not on the page.
import { workerLoop, contextFromInit, type WorkerInit, type WorkerRebind } from './workerLoop.ts';

interface WorkerScope {
  onmessage: ((e: MessageEvent) => void) | null;
}
const scope = globalThis as unknown as WorkerScope;

function start(init: WorkerInit, memory: WorkerRebind, generation: number): void {
  const r = workerLoop(init, contextFromInit(init, memory.particles, memory.capacity, memory.lists), generation);
  if (r.reason === 'exit') return;
  scope.onmessage = (e: MessageEvent) => {
    start(init, e.data as WorkerRebind, r.generation);
  };
}

scope.onmessage = (e: MessageEvent) => {
  const init = e.data as WorkerInit;
  start(init, init, 0);
};
