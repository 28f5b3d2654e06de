// Rigid-body kinematics of prescribed movements (spec 1 §3 'Movement', spec 2 §4 movement playback): the
// pose of a movement at time t, composed with its leaders' poses (a follower moves in its leaders' moving
// frame), the pose of a part, and the keyframes the viewer plays back. One definition for Setup's
// playback, the keyframes route and the solver's moving walls.
import type { Vec3 } from './vector.ts';
import type { Movement } from './movement.ts';
import { movementProgressAt } from './movementProgress.ts';
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

// --- Rates of the poses: velocities and accelerations of moving walls (the solver's moving boundaries) ---

type Mat3 = Pose['rotation'];

/**
 * A pose with its first and second time derivatives: a reference point x0 is at R x0 + T, moves with
 * Ṙ x0 + Ṫ and accelerates with R̈ x0 + T̈. Matrices row by row, like Pose.rotation.
 */
export interface PoseMotion {
  pose: Pose;
  rotationRate: Mat3;
  translationRate: Vec3;
  rotationAcceleration: Mat3;
  translationAcceleration: Vec3;
}

const ZERO_MAT3 = (): Mat3 => [0, 0, 0, 0, 0, 0, 0, 0, 0];

function mat3Product(a: Readonly<Mat3>, b: Readonly<Mat3>): Mat3 {
  const r = ZERO_MAT3();
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) r[3 * i + j] = a[3 * i] * b[j] + a[3 * i + 1] * b[3 + j] + a[3 * i + 2] * b[6 + j];
  }
  return r;
}

function mat3Vector(m: Readonly<Mat3>, v: Readonly<Vec3>): Vec3 {
  return [
    m[0] * v[0] + m[1] * v[1] + m[2] * v[2],
    m[3] * v[0] + m[4] * v[1] + m[5] * v[2],
    m[6] * v[0] + m[7] * v[1] + m[8] * v[2],
  ];
}

function mat3Sum(...ms: Readonly<Mat3>[]): Mat3 {
  const r = ZERO_MAT3();
  for (const m of ms) for (let k = 0; k < 9; k++) r[k] += m[k];
  return r;
}

function mat3Scaled(m: Readonly<Mat3>, f: number): Mat3 {
  return m.map((v) => v * f) as Mat3;
}

function vecSum(...vs: Readonly<Vec3>[]): Vec3 {
  const r: Vec3 = [0, 0, 0];
  for (const v of vs) for (let k = 0; k < 3; k++) r[k] += v[k];
  return r;
}

export function restMotion(): PoseMotion {
  return {
    pose: identityPose(), rotationRate: ZERO_MAT3(), translationRate: [0, 0, 0],
    rotationAcceleration: ZERO_MAT3(), translationAcceleration: [0, 0, 0],
  };
}

/**
 * The movement's own motion at time t, without its leaders: the pose of ownPoseAt and its derivatives.
 * The acceleration acts only while the movement runs (start < t < end); before and after it the
 * movement rests.
 */
export function ownMotionAt(movement: Pick<Movement, 'type' | 'start' | 'end'>, t: number, simulationEndTime: number): PoseMotion {
  const { speed } = movementProgressAt(movement, t, simulationEndTime);
  const end = movement.end ?? simulationEndTime;
  const acceleration = t > movement.start && t < end ? movement.type.acc : 0;
  const m = movement.type;
  if (m.type === 'translatory') {
    const len = Math.hypot(m.direction[0], m.direction[1], m.direction[2]);
    const u: Vec3 = len > 0 ? [m.direction[0] / len, m.direction[1] / len, m.direction[2] / len] : [0, 0, 0];
    return {
      pose: ownPoseAt(movement, t, simulationEndTime), rotationRate: ZERO_MAT3(), translationRate: [u[0] * speed, u[1] * speed, u[2] * speed],
      rotationAcceleration: ZERO_MAT3(), translationAcceleration: [u[0] * acceleration, u[1] * acceleration, u[2] * acceleration],
    };
  }
  // R = exp(θ K): Ṙ = θ̇ K R, R̈ = θ̈ K R + θ̇² K² R, with K the cross-product matrix of the unit axis.
  const len = Math.hypot(m.axis[0], m.axis[1], m.axis[2]);
  if (!(len > 0)) throw new Error('a rotation axis must have a length');
  const k: Vec3 = [m.axis[0] / len, m.axis[1] / len, m.axis[2] / len];
  const K: Mat3 = [0, -k[2], k[1], k[2], 0, -k[0], -k[1], k[0], 0];
  const pose = ownPoseAt(movement, t, simulationEndTime);
  const KR = mat3Product(K, pose.rotation);
  const KKR = mat3Product(K, KR);
  const rotationRate = mat3Scaled(KR, speed);
  const rotationAcceleration = mat3Sum(mat3Scaled(KR, acceleration), mat3Scaled(KKR, speed * speed));
  // T = c − R c, so Ṫ = −Ṙ c and T̈ = −R̈ c.
  const rc = mat3Vector(rotationRate, m.center);
  const ac = mat3Vector(rotationAcceleration, m.center);
  return {
    pose, rotationRate, translationRate: [-rc[0], -rc[1], -rc[2]], rotationAcceleration, translationAcceleration: [-ac[0], -ac[1], -ac[2]],
  };
}

/** a ∘ b (first b, then a) with its derivatives, by the product rule. */
export function composeMotions(a: PoseMotion, b: PoseMotion): PoseMotion {
  const Ra = a.pose.rotation, Rb = b.pose.rotation;
  const dRa = a.rotationRate, dRb = b.rotationRate;
  const Tb = b.pose.translation;
  return {
    pose: composePoses(a.pose, b.pose),
    rotationRate: mat3Sum(mat3Product(dRa, Rb), mat3Product(Ra, dRb)),
    translationRate: vecSum(mat3Vector(dRa, Tb), mat3Vector(Ra, b.translationRate), a.translationRate),
    rotationAcceleration: mat3Sum(
      mat3Product(a.rotationAcceleration, Rb), mat3Scaled(mat3Product(dRa, dRb), 2), mat3Product(Ra, b.rotationAcceleration),
    ),
    translationAcceleration: vecSum(
      mat3Vector(a.rotationAcceleration, Tb), mat3Vector(mat3Scaled(dRa, 2), b.translationRate),
      mat3Vector(Ra, b.translationAcceleration), a.translationAcceleration,
    ),
  };
}

/**
 * The movements whose own motions make up a movement's pose, outermost first: the chains of its
 * leaders (last parent first) and then the movement itself, so that movementPoseAt = F_1 ∘ … ∘ F_n.
 */
export function movementChain(movements: readonly Movement[], movementId: string): Movement[] {
  const byId = new Map(movements.map((m) => [m.id, m]));
  const chain: Movement[] = [];
  const visit = (id: string, path: Set<string>) => {
    const m = byId.get(id);
    if (m === undefined) throw new Error(`movement ${id} does not exist`);
    if (path.has(id)) throw new Error('movements lead each other in a cycle');
    path.add(id);
    for (let k = m.parents.length - 1; k >= 0; k--) visit(m.parents[k], path);
    chain.push(m);
    path.delete(id);
  };
  visit(movementId, new Set());
  return chain;
}

/** The chain of a part's pose (partPoseAt): the chains of its geometry movements, last movement first. */
export function partChain(movements: readonly Movement[], partId: string): Movement[] {
  const own = geometryMovementsOfPart(movements, partId);
  const chain: Movement[] = [];
  for (let k = own.length - 1; k >= 0; k--) chain.push(...movementChain(movements, own[k].id));
  return chain;
}

/** F_1 ∘ … ∘ F_n of a chain at time t, with derivatives. */
export function chainMotionAt(chain: readonly Movement[], t: number, simulationEndTime: number): PoseMotion {
  let motion = restMotion();
  for (let k = chain.length - 1; k >= 0; k--) motion = composeMotions(ownMotionAt(chain[k], t, simulationEndTime), motion);
  return motion;
}

/** Motion of a movement with its leaders: movementPoseAt and its derivatives. */
export function movementMotionAt(movements: readonly Movement[], movementId: string, t: number, simulationEndTime: number): PoseMotion {
  return chainMotionAt(movementChain(movements, movementId), t, simulationEndTime);
}

/** Motion of a part: partPoseAt and its derivatives. */
export function partMotionAt(movements: readonly Movement[], partId: string, t: number, simulationEndTime: number): PoseMotion {
  return chainMotionAt(partChain(movements, partId), t, simulationEndTime);
}

/** Velocity of the reference point x0 carried by the motion: Ṙ x0 + Ṫ. */
export function carriedVelocity(motion: PoseMotion, x0: Readonly<Vec3>): Vec3 {
  return vecSum(mat3Vector(motion.rotationRate, x0), motion.translationRate);
}

/** Acceleration of the reference point x0 carried by the motion: R̈ x0 + T̈. */
export function carriedAcceleration(motion: PoseMotion, x0: Readonly<Vec3>): Vec3 {
  return vecSum(mat3Vector(motion.rotationAcceleration, x0), motion.translationAcceleration);
}

/**
 * The motion as fields over space at this instant: the point now at x moves with W x + u and accelerates
 * with A x + b (W = Ṙ Rᵀ, u = Ṫ − W T, A = R̈ Rᵀ, b = T̈ − A T). W is the cross-product matrix of the
 * angular velocity: W x + u = v + ω × r.
 */
export interface MotionField {
  velocityMatrix: Mat3;
  velocityOffset: Vec3;
  accelerationMatrix: Mat3;
  accelerationOffset: Vec3;
}

export function motionField(motion: PoseMotion): MotionField {
  const R = motion.pose.rotation;
  const Rt: Mat3 = [R[0], R[3], R[6], R[1], R[4], R[7], R[2], R[5], R[8]];
  const T = motion.pose.translation;
  const W = mat3Product(motion.rotationRate, Rt);
  const A = mat3Product(motion.rotationAcceleration, Rt);
  const WT = mat3Vector(W, T);
  const AT = mat3Vector(A, T);
  const u = motion.translationRate, b = motion.translationAcceleration;
  return {
    velocityMatrix: W, velocityOffset: [u[0] - WT[0], u[1] - WT[1], u[2] - WT[2]],
    accelerationMatrix: A, accelerationOffset: [b[0] - AT[0], b[1] - AT[1], b[2] - AT[2]],
  };
}

/** Angular velocity ω of a motion: the axial vector of W = Ṙ Rᵀ. */
export function angularVelocity(motion: PoseMotion): Vec3 {
  const W = motionField(motion).velocityMatrix;
  return [0.5 * (W[7] - W[5]), 0.5 * (W[2] - W[6]), 0.5 * (W[3] - W[1])];
}
