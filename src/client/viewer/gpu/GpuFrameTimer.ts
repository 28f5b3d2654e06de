// Measures how long frames take until the GPU has finished them, without stalling the frame loop:
// WebGPU resolves onSubmittedWorkDone; WebGL2 polls a fence. At most one frame is tracked at a time.
import type { WebGPURenderer } from 'three/webgpu';
import type { RendererBackend } from './createRenderer.ts';

const FENCE_POLL_MS = 4;

export class GpuFrameTimer {
  private readonly renderer: WebGPURenderer;
  private readonly backend: RendererBackend;
  private pending = false;

  constructor(renderer: WebGPURenderer, backend: RendererBackend) {
    this.renderer = renderer;
    this.backend = backend;
  }

  /** Call right after a frame was submitted; `onDone` receives the time from `startMs` to GPU completion. */
  track(startMs: number, onDone: (ms: number) => void): void {
    if (this.pending) return;
    const backend = this.renderer.backend as unknown as { device?: GPUDevice; gl?: WebGL2RenderingContext };
    if (this.backend === 'webgpu' && backend.device) {
      this.pending = true;
      void backend.device.queue.onSubmittedWorkDone().then(() => {
        this.pending = false;
        onDone(performance.now() - startMs);
      });
      return;
    }
    const gl = backend.gl;
    if (!gl) return;
    const sync = gl.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0);
    if (!sync) return;
    gl.flush();
    this.pending = true;
    const poll = () => {
      if (gl.isContextLost()) {
        this.pending = false;
        return;
      }
      if (gl.getSyncParameter(sync, gl.SYNC_STATUS) === gl.SIGNALED) {
        gl.deleteSync(sync);
        this.pending = false;
        onDone(performance.now() - startMs);
      } else {
        setTimeout(poll, FENCE_POLL_MS);
      }
    };
    setTimeout(poll, 0);
  }
}
