// Movement kinematics: own poses, leader–follower composition against the analytic transform, parts,
// keyframes and their cap.
import { describe, expect, it } from 'vitest';
import { createMovement, type Movement } from '../../../src/domain/movement.ts';
import type { Vec3 } from '../../../src/domain/vector.ts';
import {
  applyPose, axisRotation, movementPoseAt, ownPoseAt, partKeyframes, partPoseAt,
} from '../../../src/domain/kinematics.ts';
import { KEYFRAME_CAP_PER_PART } from '../../../src/domain/constants.ts';

const END = 2;

function rotation(id: string, center: Vec3, axis: Vec3, vel: number, acc = 0, parents: string[] = [], partId: string | null = 'part'): Movement {
  const m = createMovement('rotatory', partId, [], id);
  return { ...m, type: { type: 'rotatory', center, axis, vel, acc }, parents };
}

function translation(id: string, direction: Vec3, vel: number, acc = 0, parents: string[] = [], partId: string | null = 'part'): Movement {
  const m = createMovement('translatory', partId, [], id);
  return { ...m, type: { type: 'translatory', direction, vel, acc }, parents };
}

/** Rotation of p by angle about the axis through c, written out with Rodrigues' formula on the vector. */
function rotateAbout(p: Vec3, c: Vec3, axis: Vec3, angle: number): Vec3 {
  const len = Math.hypot(...axis);
  const k: Vec3 = [axis[0] / len, axis[1] / len, axis[2] / len];
  const v: Vec3 = [p[0] - c[0], p[1] - c[1], p[2] - c[2]];
  const kxv: Vec3 = [k[1] * v[2] - k[2] * v[1], k[2] * v[0] - k[0] * v[2], k[0] * v[1] - k[1] * v[0]];
  const kv = k[0] * v[0] + k[1] * v[1] + k[2] * v[2];
  const cos = Math.cos(angle), sin = Math.sin(angle);
  return [0, 1, 2].map((i) => c[i] + v[i] * cos + kxv[i] * sin + k[i] * kv * (1 - cos)) as Vec3;
}

function expectClose(a: Vec3, b: Vec3, tol: number): number {
  const err = Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
  expect(err).toBeLessThan(tol);
  return err;
}

describe('movement kinematics', () => {
  it('rotates about the axis through the centre and translates along the unit direction', () => {
    const r = rotation('r', [1, 2, 0], [0, 0, 2], 0.5, 0.2);
    const t = 1.3;
    const angle = 0.5 * t + 0.5 * 0.2 * t * t;
    expectClose(applyPose(ownPoseAt(r, t, END), [2, 2, 5]), rotateAbout([2, 2, 5], [1, 2, 0], [0, 0, 1], angle), 1e-12);
    const tr = translation('t', [0, 3, 4], 2, 1);
    expectClose(applyPose(ownPoseAt(tr, 1, END), [1, 1, 1]), [1, 1 + 0.6 * 2.5, 1 + 0.8 * 2.5], 1e-12);
    // Before the start nothing has moved; after the end the pose holds.
    const late = { ...tr, start: 0.5, end: 1 };
    expectClose(applyPose(ownPoseAt(late, 0.2, END), [0, 0, 0]), [0, 0, 0], 1e-15);
    expectClose(applyPose(ownPoseAt(late, 1.8, END), [0, 0, 0]), applyPose(ownPoseAt(late, 1, END), [0, 0, 0]), 1e-15);
    expect(() => axisRotation([0, 0, 0], 1)).toThrow();
  });

  it('moves a follower on a rotating leader as the composed analytic transform, to 1e-9', () => {
    // A gear (follower) spinning about its own shaft, mounted on a carrier (leader) turning about z.
    const c1: Vec3 = [0.1, -0.2, 0], a1: Vec3 = [0, 0, 1], w1 = 3, e1 = 0.7;
    const c2: Vec3 = [0.5, 0.1, 0.2], a2: Vec3 = [1, 1, 0], w2 = -11, e2 = 2;
    const leader = rotation('carrier', c1, a1, w1, e1, [], 'carrier-part');
    const follower = { ...rotation('gear', c2, a2, w2, e2, ['carrier'], 'gear-part'), start: 0.25 };
    const movements = [leader, follower];
    let worst = 0;
    for (const t of [0, 0.1, 0.25, 0.6, 1.37, 2]) {
      const angle1 = w1 * t + 0.5 * e1 * t * t;
      const tf = Math.max(0, t - 0.25);
      const angle2 = w2 * tf + 0.5 * e2 * tf * tf;
      for (const p of [[0.5, 0.1, 0.2], [0.7, -0.3, 1.1], [-2, 5, 0.3]] as Vec3[]) {
        const expected = rotateAbout(rotateAbout(p, c2, a2, angle2), c1, a1, angle1);
        worst = Math.max(worst, expectClose(applyPose(partPoseAt(movements, 'gear-part', t, END), p), expected, 1e-9));
      }
    }
    console.log(`follower on a rotating leader: largest deviation from the analytic transform ${worst.toExponential(2)} m`);
  });

  it('carries a follower with an accelerating translatory leader and refuses cycles', () => {
    const lead = translation('slide', [1, 0, 0], 0.5, 2, [], null);
    const spin = rotation('spin', [0, 0, 0], [0, 1, 0], 1, 0, ['slide']);
    const t = 0.8;
    const x = 0.5 * t + 0.5 * 2 * t * t;
    const expected = rotateAbout([1, 0, 0], [0, 0, 0], [0, 1, 0], t);
    expectClose(applyPose(movementPoseAt([lead, spin], 'spin', t, END), [1, 0, 0]), [expected[0] + x, expected[1], expected[2]], 1e-12);
    const a = translation('a', [1, 0, 0], 1, 0, ['b']);
    const b = translation('b', [0, 1, 0], 1, 0, ['a']);
    expect(() => movementPoseAt([a, b], 'a', 1, END)).toThrow(/cycle/);
  });

  it('leaves out virtual movements from the geometry and composes a part’s movements in order', () => {
    const spin = { ...rotation('spin', [0, 0, 0], [0, 0, 1], 2), virtualMovement: true };
    const slide = translation('slide', [0, 0, 1], 1);
    expectClose(applyPose(partPoseAt([spin, slide], 'part', 1, END), [1, 0, 0]), [1, 0, 1], 1e-12);
  });

  it('gives stepped keyframes per output and interpolated ones fine enough, capped at 5000', () => {
    const spin = rotation('spin', [0, 0, 0], [0, 0, 1], 1);
    const stepped = partKeyframes([spin], 'part', END, 0.1, false);
    expect(stepped.keyframes.map((k) => k.time)).toHaveLength(21);
    expect(stepped.capped).toBe(false);
    const smooth = partKeyframes([spin], 'part', END, 0.1, true);
    for (let k = 1; k < smooth.keyframes.length; k++) {
      expect(smooth.keyframes[k].time - smooth.keyframes[k - 1].time).toBeLessThanOrEqual(Math.PI / 90 + 1e-12);
    }
    const fast = partKeyframes([rotation('fast', [0, 0, 0], [0, 0, 1], 400)], 'part', END, 0.1, true);
    expect(fast.keyframes).toHaveLength(KEYFRAME_CAP_PER_PART);
    expect(fast.capped).toBe(true);
    expect(partKeyframes([], 'part', END, 0.1, true).keyframes).toHaveLength(2);
  });
});
