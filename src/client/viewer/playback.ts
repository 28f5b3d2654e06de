// Playback of outputs (postprocessor) or of the movement timeline (preprocessor): playing flag, speed
// multiplier that halves or doubles within bounds, looping, and the output frame clock (3 frames per
// second divided by speed). Time is passed in, so the logic is testable without timers.
import { VIEWER_LIMITS, VIEWER_MESSAGES } from './defaults.ts';
import { outputFrameIntervalMs, spaceTogglesPlayback, stepPlaybackSpeed } from '../../domain/viewerState.ts';

export { outputFrameIntervalMs };

export interface PlaybackState {
  playing: boolean;
  speed: number;
  looping: boolean;
  /** Index into the list of outputs. */
  outputIndex: number;
  outputCount: number;
}

export const DEFAULT_PLAYBACK: PlaybackState = {
  playing: false,
  speed: 1,
  looping: true,
  outputIndex: 0,
  outputCount: 0,
};

export function clampSpeed(speed: number): number {
  return Math.min(VIEWER_LIMITS.playbackSpeedMax, Math.max(VIEWER_LIMITS.playbackSpeedMin, speed));
}

export function doubleSpeed(speed: number): number {
  return stepPlaybackSpeed(speed, 'faster');
}

export function halveSpeed(speed: number): number {
  return stepPlaybackSpeed(speed, 'slower');
}

/** Next output index after one frame; null when playback stops at the end (no looping). */
export function nextOutputIndex(index: number, count: number, looping: boolean): number | null {
  if (count <= 0) return null;
  if (index + 1 < count) return index + 1;
  return looping ? 0 : null;
}

/** Advances output frames from elapsed wall time; keeps the remainder so that the rate stays exact. */
export class OutputClock {
  private accumulatedMs = 0;
  private lastMs: number | null = null;

  reset(): void {
    this.accumulatedMs = 0;
    this.lastMs = null;
  }

  /**
   * Returns how many output frames to step at time `nowMs`. Call every animation frame while playing.
   */
  tick(nowMs: number, speed: number): number {
    if (this.lastMs === null) {
      this.lastMs = nowMs;
      return 0;
    }
    this.accumulatedMs += Math.max(0, nowMs - this.lastMs);
    this.lastMs = nowMs;
    const interval = outputFrameIntervalMs(speed);
    const steps = Math.floor(this.accumulatedMs / interval);
    this.accumulatedMs -= steps * interval;
    return steps;
  }
}

/** Applies one tick to a playback state: returns the state to show next. */
export function advancePlayback(state: PlaybackState, steps: number): PlaybackState {
  let next: PlaybackState = state;
  for (let i = 0; i < steps && next.playing; i++) {
    const index = nextOutputIndex(next.outputIndex, next.outputCount, next.looping);
    next = index === null ? { ...next, playing: false } : { ...next, outputIndex: index };
  }
  return next;
}

/** True when a Space key press belongs to a text field and must not toggle playback. */
export function isTypingTarget(target: EventTarget | null): boolean {
  const el = target as { tagName?: string; isContentEditable?: boolean } | null;
  if (!el || typeof el.tagName !== 'string') return false;
  return !spaceTogglesPlayback(el.tagName, el.isContentEditable === true);
}

/** The output loading chip: 'n/m outputs loaded', or 'Creating first outputs...' before the first one. */
export function outputChipText(loaded: number, total: number): string {
  return loaded === 0 ? VIEWER_MESSAGES.creatingFirstOutputs : VIEWER_MESSAGES.outputsLoaded(loaded, total);
}
