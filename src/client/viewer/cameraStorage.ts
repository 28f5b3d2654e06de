// Saved camera per view (e.g. per simulation): position, target, up and projection mode, kept in local
// storage and validated with the domain's camera schema when read back.
import { cameraStateSchema } from '../../domain/viewerState.ts';
import type { CameraState } from './scene/CameraRig.ts';

const PREFIX = 'surge.viewer.camera.';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function loadCameraState(key: string, from: Storage | null = storage()): CameraState | null {
  const text = from?.getItem(PREFIX + key);
  if (!text) return null;
  try {
    const parsed = cameraStateSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function saveCameraState(key: string, state: CameraState, to: Storage | null = storage()): void {
  const { mode, position, target, up } = state;
  to?.setItem(PREFIX + key, JSON.stringify({ mode, position, target, up }));
}
