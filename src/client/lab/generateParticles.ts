// Runs the dam-break generator in a worker so that the page stays responsive for millions of particles.
import type { DamBreakData } from './damBreak.ts';

export function generateParticlesInWorker(count: number): Promise<DamBreakData> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./generateWorker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (e: MessageEvent<DamBreakData>) => {
      worker.terminate();
      resolve(e.data);
    };
    worker.onerror = (e) => {
      worker.terminate();
      reject(new Error(e.message));
    };
    worker.postMessage({ count });
  });
}
