// Small state models of the viewer and upload widgets (spec 2 §2, §4): camera, clipping plane,
// playback, movement loading, part uploads and the realtime connection indicator.
import { z } from 'zod';
import { numberSchema } from './number.ts';
import { vec3Schema } from './vector.ts';
import {
  CLIP_DEFAULTS, OUTPUT_PLAYBACK_FPS, PLAYBACK_DEFAULTS, PLAYBACK_SPEED_MAX, PLAYBACK_SPEED_MIN, RECONNECTED_NOTICE_MS,
} from './constants.ts';
import { MESSAGES, templates } from './messages.ts';

/** Saved and restored per simulation. */
export const cameraStateSchema = z.object({
  position: vec3Schema,
  target: vec3Schema,
  up: vec3Schema,
  mode: z.enum(['perspective', 'orthographic']),
});
export type CameraState = z.infer<typeof cameraStateSchema>;

export const clipAxes = ['x', 'y', 'z'] as const;
export const clipPlaneSchema = z.object({
  enabled: z.boolean(),
  axis: z.enum(clipAxes),
  flipped: z.boolean(),
  /** Offset in metres along the axis, and the plane position. */
  position: vec3Schema,
  gizmoMode: z.enum(['translate', 'rotate']),
});
export type ClipPlane = z.infer<typeof clipPlaneSchema>;

export function defaultClipPlane(): ClipPlane {
  return {
    enabled: CLIP_DEFAULTS.enabled, axis: CLIP_DEFAULTS.axis, flipped: CLIP_DEFAULTS.flipped,
    position: [...CLIP_DEFAULTS.position], gizmoMode: 'translate',
  };
}

/** Keyboard shortcuts of the clip gizmo: r rotates, t translates. */
export function gizmoModeForKey(key: string): ClipPlane['gizmoMode'] | null {
  if (key === 'r') return 'rotate';
  if (key === 't') return 'translate';
  return null;
}

export const playbackStateSchema = z.object({
  playing: z.boolean(),
  speed: numberSchema,
  looping: z.boolean(),
  outputTarget: numberSchema,
  movementMode: z.enum(['interpolate', 'stepped']),
  reduction: z.enum(['fast', 'full']),
});
export type PlaybackState = z.infer<typeof playbackStateSchema>;

export function defaultPlaybackState(): PlaybackState {
  return {
    playing: PLAYBACK_DEFAULTS.playing, speed: PLAYBACK_DEFAULTS.speed, looping: PLAYBACK_DEFAULTS.looping,
    outputTarget: PLAYBACK_DEFAULTS.outputTarget, movementMode: 'interpolate', reduction: PLAYBACK_DEFAULTS.reduction,
  };
}

/** Each step halves or doubles the speed, within the bounds. */
export function stepPlaybackSpeed(speed: number, direction: 'faster' | 'slower'): number {
  const next = direction === 'faster' ? speed * 2 : speed / 2;
  return Math.min(PLAYBACK_SPEED_MAX, Math.max(PLAYBACK_SPEED_MIN, next));
}

/** Milliseconds per output frame: 3 frames per second divided by the speed. */
export function outputFrameIntervalMs(speed: number): number {
  return 1000 / (OUTPUT_PLAYBACK_FPS / speed);
}

/** Movement playback progress is clamped to 0..1. */
export function clampProgress(progress: number): number {
  return Number.isNaN(progress) ? 0 : Math.min(1, Math.max(0, progress));
}

/** Status line while movements load: before counting, during, and when done. */
export function movementLoadingMessage(loaded: number, total: number | null): string {
  if (total === null) return MESSAGES.loadingMovements;
  if (loaded >= total) return MESSAGES.loadedAllMovements;
  return templates.loadingMovementsProgress(loaded, total);
}

/** Space toggles playback unless focus is in a text input. */
export function spaceTogglesPlayback(focusedTag: string | null, editable: boolean): boolean {
  if (editable) return false;
  return !(focusedTag !== null && ['INPUT', 'TEXTAREA', 'SELECT'].includes(focusedTag.toUpperCase()));
}

export const partUploadStates = ['idle', 'pending', 'error', 'success'] as const;
export type PartUploadState = (typeof partUploadStates)[number];

export const storageUploadStates = ['waiting', 'uploading', 'success', 'failed'] as const;
export type StorageUploadState = (typeof storageUploadStates)[number];

export const connectionStates = ['connected', 'reconnecting', 'reconnected'] as const;
export type ConnectionState = (typeof connectionStates)[number];

/** Connection indicator text; 'reconnected' shows for 3 s, then the indicator returns to connected. */
export function connectionIndicator(state: ConnectionState, sinceMs: number, nowMs: number): { state: ConnectionState; message: string | null } {
  if (state === 'reconnecting') return { state, message: MESSAGES.connectionLost };
  if (state === 'reconnected' && nowMs - sinceMs < RECONNECTED_NOTICE_MS) return { state, message: MESSAGES.connectionRestored };
  return { state: 'connected', message: null };
}

/** Canvas initialisation flags in the order they are set. */
export const canvasInitSteps = ['canvasInitStarted', 'meshes', 'refinements', 'volumeClips', 'movements', 'canvas'] as const;

/** The VM screen's window states. */
export const vmWindowStates = ['loading', 'connected', 'stopping', 'notFound', 'error'] as const;
