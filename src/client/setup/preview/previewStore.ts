// What the Setup screen shows about a preview run: its phase, simulated time, particle counts and the
// numbers of the last drawn frame. Plain values only; the particles themselves go straight to the viewer.
import { create } from 'zustand';

export type PreviewStatus = 'idle' | 'starting' | 'running' | 'stopping' | 'finished' | 'stopped' | 'failed';

export interface PreviewState {
  status: PreviewStatus;
  message: string | null;
  timeS: number;
  endTimeS: number;
  /** All particles the engine moves (fluid, walls, buffers). */
  particles: number;
  fluid: number;
  diameterM: number | null;
  userDiameterM: number | null;
  /** Frames drawn so far. */
  frames: number;
  meanHeightM: number | null;
  maxSpeed: number | null;
  /** Speed drawn in the top colour of the scale, m/s. */
  speedScale: number | null;
  warnings: string[];
  device: string | null;
}

export const IDLE_PREVIEW: PreviewState = {
  status: 'idle', message: null, timeS: 0, endTimeS: 0, particles: 0, fluid: 0, diameterM: null, userDiameterM: null,
  frames: 0, meanHeightM: null, maxSpeed: null, speedScale: null, warnings: [], device: null,
};

export const usePreviewStore = create<PreviewState>(() => IDLE_PREVIEW);

/** Whether the preview's particles stand in for the fluid parts (running, or its last frame shown). */
export function previewDrawsFluid(status: PreviewStatus): boolean {
  return status === 'running' || status === 'stopping' || status === 'finished' || status === 'stopped';
}

export function previewBusy(status: PreviewStatus): boolean {
  return status === 'starting' || status === 'running' || status === 'stopping';
}
