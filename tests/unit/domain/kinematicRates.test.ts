// Velocities and accelerations of movement poses: a follower on a turning leader against the composition
// written out by hand, and every rate against central differences of the poses themselves.
import { describe, expect, it } from 'vitest';
import { createMovement, type Movement } from '../../../src/domain/movement.ts';
import type { Vec3 } from '../../../src/domain/vector.ts';
import {
  angularVelocity, applyPose, carriedAcceleration, carriedVelocity, motionField, movementMotionAt, movementPoseAt,
  partMotionAt, partPoseAt, type PoseMotion,
} from '../../../src/domain/kinematics.ts';

const END = 3;

function rotation(id: string, center: Vec3, axis: Vec3, vel: number, acc = 0, parents: string[] = [], start = 0, end: number | null = null): Movement {
  const m = createMovement('rotatory', 'part', [], id);
  return { ...m, type: { type: 'rotatory', center, axis, vel, acc }, parents, start, end };
}

function translation(id: string, direction: Vec3, vel: number, acc = 0, parents: string[] = [], start = 0, end: number | null = null): Movement {
  const m = createMovement('translatory', 'part', [], id);
  return { ...m, type: { type: 'translatory', direction, vel, acc }, parents, start, end };
}

const cross = (a: Vec3, b: Vec3): Vec3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const add = (...vs: Vec3[]): Vec3 => vs.reduce((s, v) => [s[0] + v[0], s[1] + v[1], s[2] + v[2]], [0, 0, 0] as Vec3);
const scale = (v: Vec3, f: number): Vec3 => [v[0] * f, v[1] * f, v[2] * f];
const distance = (a: Vec3, b: Vec3) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/** Rotation about the z axis by angle. */
function rotZ(v: Vec3, angle: number): Vec3 {
  const c = Math.cos(angle), s = Math.sin(angle);
  return [c * v[0] - s * v[1], s * v[0] + c * v[1], v[2]];
}

describe('movement rates', () => {
  it('moves a follower sliding on a turning, spinning-up leader as the composition written out by hand, to 1e-9', () => {
    // Leader: turns about the vertical axis through c at ω(t) = ω0 + α t. Follower: slides along the
    // leader's x axis at v(t) = v0 + a t. A point p0 of the part is at c + Rz(θ) (p0 − c + s e_x).
    const c: Vec3 = [0.4, -0.2, 0.1];
    const w0 = 1.7, alpha = 0.6, v0 = 0.3, acc = -0.25;
    const movements = [
      rotation('leader', c, [0, 0, 2], w0, alpha),
      translation('follower', [3, 0, 0], v0, acc, ['leader']),
    ];
    const p0: Vec3 = [0.9, 0.35, -0.4];
    for (const t of [0.2, 1.1, 2.6]) {
      const theta = w0 * t + 0.5 * alpha * t * t, omega = w0 + alpha * t;
      const s = v0 * t + 0.5 * acc * t * t, speed = v0 + acc * t;
      const local: Vec3 = [p0[0] - c[0] + s, p0[1] - c[1], p0[2] - c[2]];
      const r = rotZ(local, theta);
      const x = add(c, r);
      // v = ω × r + Rz(θ) (ṡ e_x); a = α × r + ω × (ω × r) + 2 ω × Rz(θ) ṡ e_x + Rz(θ) s̈ e_x.
      const w: Vec3 = [0, 0, omega];
      const slideVel = rotZ([speed, 0, 0], theta);
      const v = add(cross(w, r), slideVel);
      const a = add(cross([0, 0, alpha], r), cross(w, cross(w, r)), scale(cross(w, slideVel), 2), rotZ([acc, 0, 0], theta));

      const motion = movementMotionAt(movements, 'follower', t, END);
      const errX = distance(applyPose(motion.pose, p0), x);
      const errV = distance(carriedVelocity(motion, p0), v);
      const errA = distance(carriedAcceleration(motion, p0), a);
      console.log(`t = ${t}: |Δx| ${errX.toExponential(1)} m, |Δv| ${errV.toExponential(1)} m/s, |Δa| ${errA.toExponential(1)} m/s² (tolerance 1e-9)`);
      expect(errX).toBeLessThan(1e-9);
      expect(errV).toBeLessThan(1e-9);
      expect(errA).toBeLessThan(1e-9);
      // The field form: the point now at x moves with W x + u = v, and turns at the leader's ω.
      const f = motionField(motion);
      const W = f.velocityMatrix;
      const fieldV = add([W[0] * x[0] + W[1] * x[1] + W[2] * x[2], W[3] * x[0] + W[4] * x[1] + W[5] * x[2], W[6] * x[0] + W[7] * x[1] + W[8] * x[2]], f.velocityOffset);
      expect(distance(fieldV, v)).toBeLessThan(1e-9);
      expect(distance(angularVelocity(motion), w)).toBeLessThan(1e-9);
    }
  });

  it('has rates that are the time derivatives of the poses, for parts with chains of leaders, starts and ends', () => {
    const movements = [
      rotation('a', [0.1, 0.2, 0], [1, 1, 0], 2, 0.5, [], 0.3, 2.2),
      translation('b', [0, 1, 1], -0.4, 1.2, ['a'], 0.1, 2.5),
      rotation('c', [0, 0, 0.5], [0, 1, 0], -1.1, 0.3, ['b', 'a'], 0, null),
      translation('d', [1, 0, 0], 0.2, 0, [], 0.5, 1.5),
    ];
    movements[3] = { ...movements[3], partId: 'part' };
    const p0: Vec3 = [0.3, -0.7, 0.25];
    // Five-point differences (fourth order) with a step of 1 ms: truncation and round-off stay below 1e-7.
    const h = 1e-3;
    const at = (t: number) => applyPose(partPoseAt(movements, 'part', t, END), p0);
    let worstV = 0, worstA = 0;
    for (const t of [0.7, 1.3, 1.9, 2.4]) {
      const m: PoseMotion = partMotionAt(movements, 'part', t, END);
      const x0 = at(t);
      const [m2, m1, p1, p2] = [at(t - 2 * h), at(t - h), at(t + h), at(t + 2 * h)];
      const v: Vec3 = [0, 1, 2].map((k) => (m2[k] - 8 * m1[k] + 8 * p1[k] - p2[k]) / (12 * h)) as Vec3;
      const a: Vec3 = [0, 1, 2].map((k) => (-m2[k] + 16 * m1[k] - 30 * x0[k] + 16 * p1[k] - p2[k]) / (12 * h * h)) as Vec3;
      expect(distance(applyPose(m.pose, p0), x0)).toBeLessThan(1e-12);
      worstV = Math.max(worstV, distance(carriedVelocity(m, p0), v));
      worstA = Math.max(worstA, distance(carriedAcceleration(m, p0), a));
    }
    console.log(`rates against central differences: |Δv| ≤ ${worstV.toExponential(1)} m/s (tolerance 1e-7), |Δa| ≤ ${worstA.toExponential(1)} m/s² (tolerance 1e-6; accelerations up to 90 m/s²)`);
    expect(worstV).toBeLessThan(1e-7);
    expect(worstA).toBeLessThan(1e-6);
    // The chain of a movement is its pose too.
    const pose = movementMotionAt(movements, 'c', 1.3, END).pose;
    expect(distance(applyPose(pose, p0), applyPose(movementPoseAt(movements, 'c', 1.3, END), p0))).toBeLessThan(1e-12);
  });

  it('rests before the start and after the end, holding the pose reached', () => {
    const movements = [rotation('r', [0, 0, 0], [0, 0, 1], 3, 1, [], 0.5, 1)];
    const p0: Vec3 = [1, 0, 0];
    expect(carriedVelocity(partMotionAt(movements, 'part', 0.2, END), p0)).toEqual([0, 0, 0]);
    const after = partMotionAt(movements, 'part', 2, END);
    expect(Math.hypot(...carriedVelocity(after, p0))).toBeLessThan(1e-15);
    expect(Math.hypot(...carriedAcceleration(after, p0))).toBeLessThan(1e-15);
    const angle = 3 * 0.5 + 0.5 * 1 * 0.25;
    expect(distance(applyPose(after.pose, p0), [Math.cos(angle), Math.sin(angle), 0])).toBeLessThan(1e-12);
  });
});
