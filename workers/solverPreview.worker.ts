// Setup preview worker: runs the engine on the browser's GPU (WebGPU is offered to dedicated workers),
// so that discretization, the upload of the particles and the readback of each output never block the
// page. The page gets progress and fluid frames through the host it passes in; part files are fetched by
// the page, which holds the user's token.
import * as Comlink from 'comlink';
import { browserPlatform } from '../src/solver/browserPlatform.ts';
import { exposeWorker } from './workerRuntime.ts';
import { PREVIEW_MESSAGES } from './solverPreview/previewMessages.ts';
import { runPreview, type PreviewFrame, type PreviewHost, type PreviewLimits, type PreviewOutcome } from './solverPreview/previewRun.ts';

let current: AbortController | null = null;

async function webGpuProblem(): Promise<string | null> {
  const gpu = (navigator as Navigator & { gpu?: GPU }).gpu;
  if (!gpu) return PREVIEW_MESSAGES.noWebGpu;
  const adapter = await gpu.requestAdapter({ powerPreference: 'high-performance' }).catch(() => null);
  return adapter === null ? PREVIEW_MESSAGES.noAdapter : null;
}

const api = {
  /**
   * Runs one preview to its end or until stop(); a new run stops the one before. `host` arrives as a
   * comlink proxy (Comlink.proxy on the page): its calls go back to the page and are not awaited here,
   * except the file fetches.
   */
  async run(setup: unknown, host: PreviewHost, limits?: Partial<PreviewLimits>): Promise<PreviewOutcome> {
    current?.abort();
    const controller = new AbortController();
    current = controller;
    const problem = await webGpuProblem();
    if (problem !== null) return { status: 'failed', message: problem };
    try {
      return await runPreview({
        setup, platform: browserPlatform, backend: 'gpu', signal: controller.signal, limits,
        host: {
          resolveFile: (fileId, file) => host.resolveFile(fileId, file),
          prepared: (preview) => host.prepared(preview),
          progress: (progress) => host.progress(progress),
          frame: (frame: PreviewFrame) => host.frame(Comlink.transfer(frame, [frame.positions.buffer as ArrayBuffer, frame.velocities.buffer as ArrayBuffer])),
        },
      });
    } finally {
      if (current === controller) current = null;
    }
  },

  /** Stops the run after its current step. */
  stop(): void {
    current?.abort();
  },
};

export type SolverPreviewWorkerApi = typeof api;

void exposeWorker(api);
