// Preview on the user's own GPU: runs the current setup, coarsened, in the solver preview worker and draws
// its fluid particles in the Setup viewer as they move. Nothing reaches the server except the fetches of
// part files, so a preview costs no credits. React starts and stops it; frames never pass through React.
import * as Comlink from 'comlink';
import type { SetupDocument } from '../../../domain/setup.ts';
import type { TokenSource } from '../../api/ApiClient.ts';
import type { Viewer } from '../../viewer/ViewerEngine.ts';
import { getFileBytes } from '../setupApi.ts';
import { PREVIEW_MESSAGES } from '../../../../workers/solverPreview/previewMessages.ts';
import type { PreviewCase, PreviewFrame, PreviewHost, PreviewOutcome, PreviewProgress } from '../../../../workers/solverPreview/previewRun.ts';
import { spawnSolverPreviewWorker, type SolverPreviewWorkerHandle } from '../../../../workers/solverPreviewWorker.ts';
import { IDLE_PREVIEW, usePreviewStore } from './previewStore.ts';

/** Id of the preview's particle object in the viewer. */
export const PREVIEW_PARTICLES_ID = 'setup-preview-fluid';
const PREVIEW_FLUID_COLOR = '#2D69B2';
/** Smallest top of the speed colour scale, so that fluid at rest draws in the scale's low colour. */
const MIN_SPEED_SCALE = 0.1;
/** How long a stopped run may take to finish its step before its worker is ended. */
const STOP_GRACE_MS = 3000;

/** Why WebGPU cannot run a preview here, or null when it can (checked on the page before any worker). */
export async function webGpuProblem(nav: Navigator = navigator): Promise<string | null> {
  const gpu = (nav as Navigator & { gpu?: GPU }).gpu;
  if (!gpu) return PREVIEW_MESSAGES.noWebGpu;
  const adapter = await gpu.requestAdapter().catch(() => null);
  return adapter === null ? PREVIEW_MESSAGES.noAdapter : null;
}

interface ActiveRun {
  handle: SolverPreviewWorkerHandle;
  viewer: Viewer;
  finished: Promise<unknown>;
  /** Top of the speed colour scale so far (0 when the colour map is not set up yet). */
  speedScale: number;
}

export class SetupPreview {
  private readonly tokens: TokenSource;
  private active: ActiveRun | null = null;
  /** The viewer that shows the preview's particles, also after its run ended. */
  private shownOn: Viewer | null = null;
  /** Incremented by every start and close, so that late messages of an earlier run are ignored. */
  private generation = 0;

  constructor(tokens: TokenSource) {
    this.tokens = tokens;
  }

  /** Starts a preview of `document` drawn into `viewer`, ending any preview before it. */
  async start(document: SetupDocument, viewer: Viewer): Promise<void> {
    this.end();
    const generation = ++this.generation;
    const current = () => generation === this.generation;
    usePreviewStore.setState({ ...IDLE_PREVIEW, status: 'starting', userDiameterM: document.settings.particleDiameter });
    const problem = await webGpuProblem();
    if (!current()) return;
    if (problem !== null) {
      usePreviewStore.setState({ status: 'failed', message: problem });
      return;
    }
    let handle: SolverPreviewWorkerHandle;
    try {
      handle = spawnSolverPreviewWorker();
    } catch {
      usePreviewStore.setState({ status: 'failed', message: PREVIEW_MESSAGES.workerFailed });
      return;
    }
    let failWorker: (message: string) => void = () => undefined;
    const workerFailed = new Promise<PreviewOutcome>((resolve) => {
      failWorker = (message) => resolve({ status: 'failed', message: `${PREVIEW_MESSAGES.workerFailed} (${message})` });
    });
    handle.onFailure(failWorker);
    const host: PreviewHost = {
      resolveFile: async (fileId) => {
        const buffer = await getFileBytes(this.tokens, fileId);
        return Comlink.transfer(new Uint8Array(buffer), [buffer]);
      },
      prepared: (preview: PreviewCase) => {
        if (!current()) return;
        usePreviewStore.setState({
          status: 'running', endTimeS: preview.endTimeS, particles: preview.total, fluid: preview.fluid,
          diameterM: preview.diameterM, userDiameterM: preview.userDiameterM, warnings: preview.warnings,
        });
      },
      progress: (progress: PreviewProgress) => {
        if (!current()) return;
        usePreviewStore.setState({ timeS: progress.timeS, particles: progress.particles });
      },
      frame: (frame: PreviewFrame) => {
        if (current()) this.draw(frame);
      },
    };
    const run = handle.api.run(document, Comlink.proxy(host)).catch(
      (error: unknown): PreviewOutcome => ({ status: 'failed', message: `The preview stopped: ${error instanceof Error ? error.message : String(error)}` }),
    );
    const finished = Promise.race([run, workerFailed]);
    this.active = { handle, viewer, finished, speedScale: 0 };
    this.shownOn = viewer;
    const outcome = await finished;
    if (!current()) return;
    this.active = null;
    handle.terminate();
    if (outcome.status === 'failed') {
      this.clearParticles();
      usePreviewStore.setState({ status: 'failed', message: outcome.message });
    } else {
      usePreviewStore.setState({ status: outcome.status === 'stopped' ? 'stopped' : 'finished', timeS: outcome.timeS, device: outcome.device || null });
    }
  }

  /** Stops the run after its current step; the last frame stays on screen. */
  stop(): void {
    if (this.active === null) return;
    usePreviewStore.setState({ status: 'stopping' });
    void this.active.handle.api.stop().catch(() => undefined);
    const { handle, finished } = this.active;
    // A step on a slow GPU may outlast the user's patience; end the worker if the stop takes too long.
    const timer = setTimeout(() => {
      handle.terminate();
      if (this.active?.handle === handle) {
        this.active = null;
        usePreviewStore.setState({ status: 'stopped' });
      }
    }, STOP_GRACE_MS);
    void finished.finally(() => clearTimeout(timer));
  }

  /** Stops any run and clears its particles and numbers from the screen. */
  close(): void {
    this.generation++;
    this.end();
    usePreviewStore.setState(IDLE_PREVIEW);
  }

  private clearParticles(): void {
    this.shownOn?.removeParticles(PREVIEW_PARTICLES_ID);
    this.shownOn = null;
  }

  private end(): void {
    this.clearParticles();
    const active = this.active;
    this.active = null;
    if (active === null) return;
    void active.handle.api.stop().catch(() => undefined);
    // The abort lets the run dispose of its GPU buffers; the worker ends either way.
    const timer = setTimeout(() => active.handle.terminate(), STOP_GRACE_MS);
    void active.finished.finally(() => {
      clearTimeout(timer);
      active.handle.terminate();
    });
  }

  private draw(frame: PreviewFrame): void {
    const active = this.active;
    if (active === null) return;
    const state = usePreviewStore.getState();
    if (frame.count === 0) {
      // Every fluid particle has left the domain (or there was none): nothing to draw, no empty buffers.
      active.viewer.removeParticles(PREVIEW_PARTICLES_ID);
      active.speedScale = 0;
      usePreviewStore.setState({ timeS: Math.max(state.timeS, frame.timeS), frames: state.frames + 1, meanHeightM: null, maxSpeed: null });
      return;
    }
    active.viewer.setParticles({
      id: PREVIEW_PARTICLES_ID, name: 'Preview', kind: 'fluid', fluid: true, color: PREVIEW_FLUID_COLOR,
      spacing: state.diameterM ?? undefined,
      arrays: { positions: frame.positions, attributes: { velocity: { array: frame.velocities, components: 3, unit: 'm/s' } } },
    });
    // A scale that only grows keeps colours comparable from frame to frame (an automatic range would
    // paint the still fluid of the first frame mid-scale and rescale every frame).
    const scale = Math.max(MIN_SPEED_SCALE, frame.maxSpeed);
    if (active.speedScale === 0 || scale > active.speedScale * 1.05) {
      active.speedScale = Math.max(scale, active.speedScale);
      void active.viewer.setColormap({ attribute: 'velocity', subOption: 'magnitude', min: 0, max: active.speedScale });
    }
    usePreviewStore.setState({
      speedScale: active.speedScale,
      timeS: Math.max(state.timeS, frame.timeS), frames: state.frames + 1,
      meanHeightM: Number.isFinite(frame.meanHeightM) ? frame.meanHeightM : null, maxSpeed: frame.maxSpeed,
    });
  }
}
