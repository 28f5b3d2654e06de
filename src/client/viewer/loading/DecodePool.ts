// A small pool of decoding workers (at most 12, never more than the machine's cores): each output file
// is fetched and decoded off the main thread and arrives as a transferred ArrayBuffer.
import { wrap, type Remote } from 'comlink';
import { VIEWER_LIMITS } from '../defaults.ts';
import type { DecodeRequest, DecodeWorkerApi } from './decodeWorker.ts';

interface PoolWorker {
  worker: Worker;
  api: Remote<DecodeWorkerApi>;
  busy: number;
}

export function decodePoolSize(hardwareConcurrency: number | undefined): number {
  return Math.max(1, Math.min(VIEWER_LIMITS.decodeWorkerPoolSize, hardwareConcurrency ?? 4));
}

export class DecodePool {
  private readonly workers: PoolWorker[] = [];
  private readonly size: number;

  constructor(size = decodePoolSize(typeof navigator === 'undefined' ? undefined : navigator.hardwareConcurrency)) {
    this.size = size;
  }

  private pick(): PoolWorker {
    const idle = this.workers.find((w) => w.busy === 0);
    if (idle) return idle;
    if (this.workers.length < this.size) {
      const worker = new Worker(new URL('./decodeWorker.ts', import.meta.url), { type: 'module', name: 'surge-output-decoder' });
      const entry = { worker, api: wrap<DecodeWorkerApi>(worker), busy: 0 };
      this.workers.push(entry);
      return entry;
    }
    return this.workers.reduce((a, b) => (b.busy < a.busy ? b : a));
  }

  async decode(request: DecodeRequest): Promise<ArrayBuffer> {
    const w = this.pick();
    w.busy += 1;
    try {
      const { buffer } = await w.api.decode(request);
      return buffer;
    } finally {
      w.busy -= 1;
    }
  }

  dispose(): void {
    for (const w of this.workers) w.worker.terminate();
    this.workers.length = 0;
  }
}
