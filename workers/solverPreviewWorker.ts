// Starting the Setup preview worker from the page (browser only: Node runs previews through previewRun.ts
// directly).
import { wrapBrowserWorker, type WorkerHandle } from './workerRuntime.ts';
import type { SolverPreviewWorkerApi } from './solverPreview.worker.ts';

export interface SolverPreviewWorkerHandle extends WorkerHandle<SolverPreviewWorkerApi> {
  /** Called when the worker's script fails to load or throws outside a call (comlink would wait forever). */
  onFailure(listener: (message: string) => void): void;
}

export function spawnSolverPreviewWorker(): SolverPreviewWorkerHandle {
  const worker = new Worker(new URL('./solverPreview.worker.ts', import.meta.url), { type: 'module', name: 'surge-solver-preview' });
  const handle = wrapBrowserWorker<SolverPreviewWorkerApi>(worker);
  return {
    ...handle,
    onFailure: (listener) => {
      worker.addEventListener('error', (event) => listener(event.message || 'the worker failed'));
      worker.addEventListener('messageerror', () => listener('a message from the worker could not be read'));
    },
  };
}
