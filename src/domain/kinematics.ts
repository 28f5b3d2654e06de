// Rigid-body kinematics of prescribed movements (spec 1 §3 'Movement', spec 2 §4 movement playback): the
// pose of a movement at time t, composed with its leaders' poses (a follower moves in its leaders' moving
// frame), the pose of a part, and the keyframes the viewer plays back. One definition for Setup's
// playback, the keyframes route and the solver's moving walls.
import type { Vec3 } from './vector.ts';
import type { Movement } from './movement.ts';
import { movementProgressAt } from './movement.ts';
import { KEYFRAME_CAP_PER_PART } from './constants.ts';

/** x ↦ R x + t, R a rotation matrix stored row by row. */
export interface Pose {
  rotation: [number, number, number, number, number, number, number, number, number];
  translation: Vec3;
}

export function identityPose(): Pose {
  return { rotation: [1, 0, 0, 0, 1, 0, 0, 0, 1], translation: [0, 0, 0] };
}

/** a ∘ b: first b, then a. */
export function composePoses(a: Pose, b: Pose): Pose {
  const A = a.rotation, B = b.rotation;
  const r: Pose['rotation'] = [0, 0, 0, 0, 0, 0, 0, 0, 0];
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) r[3 * i + j] = A[3 * i] * B[j] + A[3 * i + 1] * B[3 + j] + A[3 * i + 2] * B[6 + j];
  }
  const t = applyPose(a, b.translation);
  return { rotation: r, translation: t };
}

export function applyPose(pose: Pose, p: Readonly<Vec3>): Vec3 {
  const R = pose.rotation;
  return [
    R[0] * p[0] + R[1] * p[1] + R[2] * p[2] + pose.translation[0],
    R[3] * p[0] + R[4] * p[1] + R[5] * p[2] + pose.translation[1],
    R[6] * p[0] + R[7] * p[1] + R[8] * p[2] + pose.translation[2],
  ];
}

/** Rotation by `angle` (rad, right-handed) about the unit vector along `axis` (Rodrigues' formula). */
export function axisRotation(axis: Readonly<Vec3>, angle: number): Pose['rotation'] {
  const len = Math.hypot(axis[0], axis[1], axis[2]);
  if (!(len > 0)) throw new Error('a rotation axis must have a length');
  const x = axis[0] / len, y = axis[1] / len, z = axis[2] / len;
  const c = Math.cos(angle), s = Math.sin(angle), k = 1 - c;
  return [
    c + x * x * k, x * y * k - z * s, x * z * k + y * s,
    y * x * k + z * s, c + y * y * k, y * z * k - x * s,
    z * x * k - y * s, z * y * k + x * s, c + z * z * k,
  ];
}

/** The movement's own displacement at time t, without its leaders. */
export function ownPoseAt(movement: Pick<Movement, 'type' | 'start' | 'end'>, t: number, simulationEndTime: number): Pose {
  const { distance } = movementProgressAt(movement, t, simulationEndTime);
  const m = movement.type;
  if (m.type === 'translatory') {
    const len = Math.hypot(m.direction[0], m.direction[1], m.direction[2]);
    const f = len > 0 ? distance / len : 0;
    return { rotation: [1, 0, 0, 0, 1, 0, 0, 0, 1], translation: [m.direction[0] * f, m.direction[1] * f, m.direction[2] * f] };
  }
  const rotation = axisRotation(m.axis, distance);
  const about: Pose = { rotation, translation: [0, 0, 0] };
  const rc = applyPose(about, m.center);
  return { rotation, translation: [m.center[0] - rc[0], m.center[1] - rc[1], m.center[2] - rc[2]] };
}

/**
 * Pose of a movement at time t: its own displacement carried by its leaders, L_k ∘ … ∘ L_1 ∘ own for
 * parents [L_1 … L_k], each leader with its own leaders. A follower on a rotating leader thus turns with
 * the leader about the leader's axis while doing its own motion in the leader's frame. Cycles (which the
 * leader choice forbids) are refused.
 */
export function movementPoseAt(movements: readonly Movement[], movementId: string, t: number, simulationEndTime: number): Pose {
  const byId = new Map(movements.map((m) => [m.id, m]));
  const visit = (id: string, path: Set<string>): Pose => {
    const m = byId.get(id);
    if (m === undefined) throw new Error(`movement ${id} does not exist`);
    if (path.has(id)) throw new Error('movements lead each other in a cycle');
    path.add(id);
    let pose = ownPoseAt(m, t, simulationEndTime);
    for (const parent of m.parents) pose = composePoses(visit(parent, path), pose);
    path.delete(id);
    return pose;
  };
  return visit(movementId, new Set());
}

/** Movements that move a part's geometry (virtual movements move only the wall velocity). */
export function geometryMovementsOfPart(movements: readonly Movement[], partId: string): Movement[] {
  return movements.filter((m) => m.partId === partId && !m.virtualMovement);
}

/** Pose of a part at time t: its movements applied in their order. */
export function partPoseAt(movements: readonly Movement[], partId: string, t: number, simulationEndTime: number): Pose {
  let pose = identityPose();
  for (const m of geometryMovementsOfPart(movements, partId)) pose = composePoses(movementPoseAt(movements, m.id, t, simulationEndTime), pose);
  return pose;
}

export interface Keyframe {
  time: number;
  pose: Pose;
}

export interface PartKeyframes {
  keyframes: Keyframe[];
  /** True when the cap cut the keyframes short (the viewer then warns). */
  capped: boolean;
}

/** Largest rotation (rad) between two interpolated keyframes: about 2°, so that linear blending looks right. */
const MAX_KEYFRAME_ANGLE = Math.PI / 90;

/**
 * Keyframes of a part over [0, endTime]. Stepped: one per output time (the pose holds until the next).
 * Interpolated: the movements' start and end times, plus enough steps between that no rotation advances
 * more than about 2° and no accelerated translation departs visibly from a straight blend; at most
 * KEYFRAME_CAP_PER_PART keyframes.
 */
export function partKeyframes(
  movements: readonly Movement[], partId: string, endTime: number, outputTimeInterval: number, interpolate: boolean,
): PartKeyframes {
  const own = geometryMovementsOfPart(movements, partId);
  const involved = new Map<string, Movement>();
  const byId = new Map(movements.map((m) => [m.id, m]));
  const collect = (m: Movement) => {
    if (involved.has(m.id)) return;
    involved.set(m.id, m);
    for (const p of m.parents) {
      const leader = byId.get(p);
      if (leader !== undefined) collect(leader);
    }
  };
  for (const m of own) collect(m);
  const times = new Set<number>([0, endTime]);
  let needed = 0;
  if (!interpolate || involved.size === 0) {
    if (involved.size > 0) for (let k = 1; k * outputTimeInterval < endTime; k++) times.add(k * outputTimeInterval);
  } else {
    let steps = 1;
    for (const m of involved.values()) {
      const start = Math.min(m.start, endTime);
      const end = Math.min(m.end ?? endTime, endTime);
      times.add(start);
      times.add(end);
      if (end <= start) continue;
      const span = end - start;
      const { vel, acc } = m.type;
      const total = Math.abs(vel) * span + 0.5 * Math.abs(acc) * span * span;
      if (m.type.type === 'rotatory') steps = Math.max(steps, Math.ceil(total / MAX_KEYFRAME_ANGLE) * (endTime / span));
      else if (acc !== 0) steps = Math.max(steps, 64 * (endTime / span));
    }
    needed = Math.ceil(steps);
    const n = Math.min(needed, KEYFRAME_CAP_PER_PART);
    for (let k = 1; k < n; k++) times.add((k * endTime) / n);
  }
  const sorted = [...times].filter((t) => t >= 0 && t <= endTime).sort((a, b) => a - b);
  const capped = needed > KEYFRAME_CAP_PER_PART || sorted.length > KEYFRAME_CAP_PER_PART;
  const kept = capped ? sorted.slice(0, KEYFRAME_CAP_PER_PART) : sorted;
  return { capped, keyframes: kept.map((time) => ({ time, pose: partPoseAt(movements, partId, time, endTime) })) };
}
