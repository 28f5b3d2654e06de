// Moving machinery of a case (spec 1 §3 'Movement', rigid velocityKind 'moving', settings accelerationFile):
// which walls move and how, their pose and velocity field at a time from the domain's kinematics, the
// update of the moving walls before every rate evaluation, and the frame's effective gravity g − a(t).
// The rotating frame's forces act in the pair loops (rates.ts). Equations: src/solver/README.md, 'Moving walls'.
import type { SetupDocument } from '../../domain/setup.ts';
import type { Movement } from '../../domain/movement.ts';
import type { Vec3 } from '../../domain/vector.ts';
import {
  chainMotionAt, geometryMovementsOfPart, motionField, movementChain, partChain, type PoseMotion,
} from '../../domain/kinematics.ts';
import { accelerationAt, type AccelerationSamples } from '../../domain/accelerationFile.ts';
import { ParticleKind, type ParticleStore } from '../particles.ts';
import { BODY_FIELDS, FIELD_A, FIELD_B, FIELD_R, FIELD_T, FIELD_U, FIELD_W } from './bodyFieldLayout.ts';

/** How one body (a part) moves. Movement chains are indices into MotionPlan.movements, outermost first. */
export interface BodyMotionPlan {
  /** The chain that moves the geometry (partPoseAt); empty when the geometry stays where it is. */
  geometry: number[];
  /**
   * Velocity conditions (virtual movements of the part, rigid velocityKind 'moving'): in each chain the
   * last movement's own motion, carried by its leaders, is a surface velocity added to the wall's.
   */
  conditions: number[][];
}

/**
 * A movement without an end keeps moving through the run's last instant: its chains are evaluated as if
 * the run never ended (the domain's open end, the simulation's end time, would stop it right there).
 */
export const OPEN_END = Number.POSITIVE_INFINITY;

/** Plain data: travels to the GPU tables and into checkpoints unchanged. */
export interface MotionPlan {
  /** End time of the run. */
  endTime: number;
  movements: Movement[];
  /** Indexed by body (part index). */
  bodies: BodyMotionPlan[];
  gravity: [number, number, number];
  /** Frame acceleration samples of the acceleration file; null without one. */
  acceleration: AccelerationSamples | null;
}

/**
 * Setup positions and normals of the walls of moving bodies, by particle id (id − idBase): walls are
 * placed from them at every evaluation, so their pose never drifts and is a pure function of time.
 */
export interface WallReference {
  idBase: number;
  count: number;
  x: Float64Array;
  y: Float64Array;
  z: Float64Array;
  nx: Float64Array;
  ny: Float64Array;
  nz: Float64Array;
}

export interface CaseMotion {
  plan: MotionPlan;
  reference: WallReference;
}


export function bodyMoves(b: BodyMotionPlan): boolean {
  return b.geometry.length > 0 || b.conditions.length > 0;
}

export function planMoves(plan: MotionPlan): boolean {
  return plan.bodies.some(bodyMoves);
}

export function stillPlan(bodies: number, gravity: readonly [number, number, number], endTime: number): MotionPlan {
  return {
    endTime, movements: [], bodies: Array.from({ length: bodies }, () => ({ geometry: [], conditions: [] })),
    gravity: [...gravity], acceleration: null,
  };
}

/** The motion plan of a setup (movements already checked by checkCaseSupport). */
export function motionPlanOf(setup: SetupDocument, acceleration: AccelerationSamples | null): MotionPlan {
  const movements = setup.movements.map((m) => structuredClone(m));
  const index = new Map(movements.map((m, k) => [m.id, k]));
  const indices = (chain: readonly Movement[]) => chain.map((m) => index.get(m.id) as number);
  const bodies = setup.parts.map((part): BodyMotionPlan => {
    const c = part.component;
    if (c.type !== 'rigid') return { geometry: [], conditions: [] };
    const geometryIds = new Set(geometryMovementsOfPart(movements, part.id).map((m) => m.id));
    const conditionIds: string[] = movements.filter((m) => m.partId === part.id && m.virtualMovement).map((m) => m.id);
    const named = c.velocityKind === 'moving' ? c.velocityConditionMovementId : null;
    // A movement that already moves the geometry gives the wall its velocity; adding it again would count it twice.
    if (named !== null && !geometryIds.has(named) && !conditionIds.includes(named)) conditionIds.push(named);
    return {
      geometry: indices(partChain(movements, part.id)),
      conditions: conditionIds.map((id) => indices(movementChain(movements, id))),
    };
  });
  return { endTime: setup.settings.endTime, movements, bodies, gravity: [...setup.settings.gravity], acceleration };
}

function chainOf(plan: MotionPlan, chain: readonly number[]): Movement[] {
  return chain.map((k) => plan.movements[k]);
}

/** Pose of a body's geometry at time t (identity for bodies that stay). */
export function bodyMotionAt(plan: MotionPlan, body: number, t: number): PoseMotion {
  return chainMotionAt(chainOf(plan, plan.bodies[body].geometry), t, OPEN_END);
}

/** Writes the fields of every body at time t into `out` (BODY_FIELDS per body). */
export function evaluateBodyFields(plan: MotionPlan, t: number, out: Float64Array): void {
  plan.bodies.forEach((b, body) => {
    const o = body * BODY_FIELDS;
    const geometry = chainMotionAt(chainOf(plan, b.geometry), t, OPEN_END);
    const field = motionField(geometry);
    out.set(geometry.pose.rotation, o + FIELD_R);
    out.set(geometry.pose.translation, o + FIELD_T);
    out.set(field.velocityMatrix, o + FIELD_W);
    out.set(field.velocityOffset, o + FIELD_U);
    out.set(field.accelerationMatrix, o + FIELD_A);
    out.set(field.accelerationOffset, o + FIELD_B);
    for (const chain of b.conditions) {
      // The condition's own motion as seen from its leaders: the field of the whole chain less the leaders'.
      const whole = motionField(chainMotionAt(chainOf(plan, chain), t, OPEN_END));
      const leaders = motionField(chainMotionAt(chainOf(plan, chain.slice(0, -1)), t, OPEN_END));
      for (let k = 0; k < 9; k++) out[o + FIELD_W + k] += whole.velocityMatrix[k] - leaders.velocityMatrix[k];
      for (let k = 0; k < 3; k++) out[o + FIELD_U + k] += whole.velocityOffset[k] - leaders.velocityOffset[k];
    }
  });
}

/** Gravity less the frame acceleration at time t: the body force of an accelerated frame. */
export function effectiveGravity(plan: MotionPlan, t: number): [number, number, number] {
  const g = plan.gravity;
  if (plan.acceleration === null) return [g[0], g[1], g[2]];
  const a = accelerationAt(plan.acceleration, t);
  return [g[0] - a[0], g[1] - a[1], g[2] - a[2]];
}

/**
 * Places the walls of moving bodies in [start, end) at the fields' time: position R x0 + T, normal R n0,
 * velocity W x + u, acceleration A x + b (into ax..az, which walls do not otherwise use). Walls of bodies
 * that only carry a surface velocity keep their place (R = I, T = 0, A = 0). Returns the largest |v|².
 */
export function placeMovingWalls(
  s: ParticleStore, start: number, end: number, fields: Float64Array, ref: WallReference,
): number {
  const { x, y, z, nx, ny, nz, vx, vy, vz, ax, ay, az } = s.f;
  const body = s.body, id = s.id, kind = s.kind;
  let maxV2 = 0;
  for (let i = start; i < end; i++) {
    if (kind[i] !== ParticleKind.wall) continue;
    const o = body[i] * BODY_FIELDS;
    const k = id[i] - ref.idBase;
    const rx = ref.x[k], ry = ref.y[k], rz = ref.z[k];
    const px = fields[o] * rx + fields[o + 1] * ry + fields[o + 2] * rz + fields[o + 9];
    const py = fields[o + 3] * rx + fields[o + 4] * ry + fields[o + 5] * rz + fields[o + 10];
    const pz = fields[o + 6] * rx + fields[o + 7] * ry + fields[o + 8] * rz + fields[o + 11];
    const qx = ref.nx[k], qy = ref.ny[k], qz = ref.nz[k];
    x[i] = px;
    y[i] = py;
    z[i] = pz;
    nx[i] = fields[o] * qx + fields[o + 1] * qy + fields[o + 2] * qz;
    ny[i] = fields[o + 3] * qx + fields[o + 4] * qy + fields[o + 5] * qz;
    nz[i] = fields[o + 6] * qx + fields[o + 7] * qy + fields[o + 8] * qz;
    const wx = fields[o + 12] * px + fields[o + 13] * py + fields[o + 14] * pz + fields[o + 21];
    const wy = fields[o + 15] * px + fields[o + 16] * py + fields[o + 17] * pz + fields[o + 22];
    const wz = fields[o + 18] * px + fields[o + 19] * py + fields[o + 20] * pz + fields[o + 23];
    vx[i] = wx;
    vy[i] = wy;
    vz[i] = wz;
    ax[i] = fields[o + 24] * px + fields[o + 25] * py + fields[o + 26] * pz + fields[o + 33];
    ay[i] = fields[o + 27] * px + fields[o + 28] * py + fields[o + 29] * pz + fields[o + 34];
    az[i] = fields[o + 30] * px + fields[o + 31] * py + fields[o + 32] * pz + fields[o + 35];
    const v2 = wx * wx + wy * wy + wz * wz;
    if (v2 > maxV2) maxV2 = v2;
  }
  return maxV2;
}

/** Setup positions and normals of the walls of moving bodies in an initial particle set (ids = indices). */
export function wallReferenceOf(
  plan: MotionPlan,
  parts: { count: number; x: Float64Array; y: Float64Array; z: Float64Array; nx: Float64Array; ny: Float64Array; nz: Float64Array; kind: Uint8Array; body: Uint32Array },
): WallReference {
  let lo = Infinity, hi = -1;
  const moving = (i: number) => parts.kind[i] === ParticleKind.wall && bodyMoves(plan.bodies[parts.body[i]]);
  for (let i = 0; i < parts.count; i++) {
    if (!moving(i)) continue;
    if (i < lo) lo = i;
    hi = i;
  }
  const count = hi < 0 ? 0 : hi - lo + 1;
  const idBase = hi < 0 ? 0 : lo;
  const ref: WallReference = {
    idBase, count, x: new Float64Array(count), y: new Float64Array(count), z: new Float64Array(count),
    nx: new Float64Array(count), ny: new Float64Array(count), nz: new Float64Array(count),
  };
  for (let i = idBase; i < idBase + count; i++) {
    if (!moving(i)) continue;
    const k = i - idBase;
    ref.x[k] = parts.x[i];
    ref.y[k] = parts.y[i];
    ref.z[k] = parts.z[i];
    ref.nx[k] = parts.nx[i];
    ref.ny[k] = parts.ny[i];
    ref.nz[k] = parts.nz[i];
  }
  return ref;
}

/**
 * Bounds of the space the moving walls sweep over the run: each moving body's wall box placed by its pose
 * at enough times that no rotation advances more than about 3° between two of them. Null when no
 * geometry moves.
 */
export function sweptWallBounds(plan: MotionPlan, ref: WallReference, body: Uint32Array, kind: Uint8Array): { min: Vec3; max: Vec3 } | null {
  const boxes = new Map<number, { min: Vec3; max: Vec3 }>();
  for (let k = 0; k < ref.count; k++) {
    const i = ref.idBase + k;
    const b = body[i];
    if (kind[i] !== ParticleKind.wall || plan.bodies[b].geometry.length === 0) continue;
    let box = boxes.get(b);
    if (box === undefined) {
      box = { min: [Infinity, Infinity, Infinity], max: [-Infinity, -Infinity, -Infinity] };
      boxes.set(b, box);
    }
    const p = [ref.x[k], ref.y[k], ref.z[k]];
    for (let a = 0; a < 3; a++) {
      box.min[a] = Math.min(box.min[a], p[a]);
      box.max[a] = Math.max(box.max[a], p[a]);
    }
  }
  if (boxes.size === 0) return null;
  let turn = 0;
  for (const m of plan.movements) {
    if (m.type.type !== 'rotatory') continue;
    const span = Math.max(0, Math.min(m.end ?? plan.endTime, plan.endTime) - m.start);
    turn = Math.max(turn, Math.abs(m.type.vel) * span + 0.5 * Math.abs(m.type.acc) * span * span);
  }
  const samples = Math.min(4096, Math.max(64, Math.ceil(turn / (Math.PI / 60))));
  const min: Vec3 = [Infinity, Infinity, Infinity];
  const max: Vec3 = [-Infinity, -Infinity, -Infinity];
  for (const [b, box] of boxes) {
    for (let s = 0; s <= samples; s++) {
      const pose = bodyMotionAt(plan, b, (s / samples) * plan.endTime).pose;
      const R = pose.rotation, T = pose.translation;
      for (let c = 0; c < 8; c++) {
        const p = [(c & 1) ? box.max[0] : box.min[0], (c & 2) ? box.max[1] : box.min[1], (c & 4) ? box.max[2] : box.min[2]];
        for (let a = 0; a < 3; a++) {
          const v = R[3 * a] * p[0] + R[3 * a + 1] * p[1] + R[3 * a + 2] * p[2] + T[a];
          if (v < min[a]) min[a] = v;
          if (v > max[a]) max[a] = v;
        }
      }
    }
  }
  return { min, max };
}
