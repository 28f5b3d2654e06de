// Movement keyframes of parts: parsing of 3x3 / 4x4 matrices (flat or nested), the 5000-keyframe cap,
// and the transform of a part at a time, interpolated (translation lerp, rotation slerp, scale lerp) or
// stepped (hold the last keyframe).
import { Matrix4, Quaternion, Vector3 } from 'three';
import { VIEWER_LIMITS, VIEWER_MESSAGES, type PartMovementInput } from './defaults.ts';
import { clampProgress } from '../../domain/viewerState.ts';

export type MovementMode = 'interpolate' | 'stepped';

export interface Keyframe {
  time: number;
  position: Vector3;
  quaternion: Quaternion;
  scale: Vector3;
}

export interface PartMovement {
  partId: string;
  name: string;
  keyframes: Keyframe[];
}

/** Column-major Matrix4 from a row-major 3x3 (rotation/scale, no translation) or 4x4 matrix. */
export function matrixFromInput(matrix: number[] | number[][]): Matrix4 {
  const flat = (Array.isArray(matrix[0]) ? (matrix as number[][]).flat() : (matrix as number[])).map(Number);
  if (flat.some((v) => !Number.isFinite(v))) throw new Error(VIEWER_MESSAGES.rotationMatrixElements);
  const m = new Matrix4();
  if (flat.length === 9) {
    m.set(flat[0], flat[1], flat[2], 0, flat[3], flat[4], flat[5], 0, flat[6], flat[7], flat[8], 0, 0, 0, 0, 1);
  } else if (flat.length === 16) {
    m.set(...(flat as [number, number, number, number, number, number, number, number, number, number, number, number, number, number, number, number]));
  } else {
    throw new Error(VIEWER_MESSAGES.rotationMatrixElements);
  }
  return m;
}

export interface ParsedMovements {
  movements: PartMovement[];
  warnings: string[];
}

/** Validates and decomposes keyframes; keyframes are sorted by time and capped per part. */
export function parseMovements(input: unknown): ParsedMovements {
  if (typeof input !== 'object' || input === null || !Array.isArray(input)) {
    throw new Error(VIEWER_MESSAGES.movementsNotInterpreted);
  }
  const warnings: string[] = [];
  const movements = (input as PartMovementInput[]).map((part) => {
    if (typeof part !== 'object' || part === null || !Array.isArray(part.keyframes)) {
      throw new Error(VIEWER_MESSAGES.movementsNotInterpreted);
    }
    let frames = [...part.keyframes].sort((a, b) => a.time - b.time);
    if (frames.length >= VIEWER_LIMITS.keyframeCapPerPart) {
      warnings.push(VIEWER_MESSAGES.keyframeCapReached(part.name));
      frames = frames.slice(0, VIEWER_LIMITS.keyframeCapPerPart);
    }
    const keyframes = frames.map((f) => {
      const position = new Vector3();
      const quaternion = new Quaternion();
      const scale = new Vector3();
      matrixFromInput(f.matrix).decompose(position, quaternion, scale);
      return { time: f.time, position, quaternion, scale };
    });
    return { partId: part.partId, name: part.name, keyframes };
  });
  return { movements, warnings };
}

/** Index of the last keyframe with time <= t (binary search); -1 before the first. */
export function keyframeIndexAt(keyframes: Keyframe[], t: number): number {
  let lo = 0;
  let hi = keyframes.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (keyframes[mid].time <= t) {
      found = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return found;
}

/** Transform of a part at time t. Before the first keyframe the first one holds. */
export function transformAt(movement: PartMovement, t: number, mode: MovementMode, target = new Matrix4()): Matrix4 {
  const frames = movement.keyframes;
  if (frames.length === 0) return target.identity();
  const i = keyframeIndexAt(frames, t);
  if (i < 0) return target.compose(frames[0].position, frames[0].quaternion, frames[0].scale);
  const a = frames[i];
  const b = frames[i + 1];
  if (mode === 'stepped' || !b || b.time <= a.time) return target.compose(a.position, a.quaternion, a.scale);
  const f = (t - a.time) / (b.time - a.time);
  const position = a.position.clone().lerp(b.position, f);
  const quaternion = a.quaternion.clone().slerp(b.quaternion, f);
  const scale = a.scale.clone().lerp(b.scale, f);
  return target.compose(position, quaternion, scale);
}

/** Timeline progress is clamped to 0..1 (the domain rule); at 0 every part returns to its rest transform. */
export { clampProgress };
