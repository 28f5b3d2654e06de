// Picking particle objects along a ray without a GPU: the nearest drawn sphere wins, spheres below the
// spec's threshold are picked as if that large, particles clipped (plane or volume clip) and undrawn ones
// (stride) do not count, a ray that misses the object's box costs no particle loop, and an object over
// the budget is tested on an even subset with grown spheres.
import { describe, expect, it } from 'vitest';
import { RAY_PICK_POINT_THRESHOLD } from '../../../src/domain/constants.ts';
import { volumeClipCuts } from '../../../src/client/measure/volumeClipCuts.ts';
import { removedByVolumeCuts } from '../../../src/client/viewer/gpu/volumeCut.ts';
import { createVolumeClip } from '../../../src/domain/volumeClip.ts';
import { cloudBounds, pickNearestParticle, PICK_PARTICLE_BUDGET, rayEntersBox, type PickCloud, type PickRay } from '../../../src/client/viewer/interaction/pickParticles.ts';

function cloud(points: number[][], radius = 0.05, stride = 1): PickCloud {
  const positions = Float32Array.from(points.flat());
  return { positions, stride, radius, bounds: cloudBounds(positions) };
}

/** Looking down -z from z = 10 at (x, y). */
const down = (x: number, y: number): PickRay => ({ origin: [x, y, 10], direction: [0, 0, -1] });

describe('pickNearestParticle', () => {
  it('returns the nearest sphere the ray enters, at the distance it enters', () => {
    const c = cloud([[0, 0, 0], [0, 0, 1], [0, 0, 2]]);
    const hit = pickNearestParticle(c, down(0, 0), null, 0);
    expect(hit?.index).toBe(2);
    expect(hit?.distance).toBeCloseTo(10 - 2 - 0.05, 6);
    // A ray grazing the sphere's edge still hits, one just outside misses.
    expect(pickNearestParticle(c, down(0.049, 0), null, 0)?.index).toBe(2);
    expect(pickNearestParticle(c, down(0.051, 0), null, 0)).toBeNull();
  });

  it('picks spheres smaller than the threshold as if that large (spec 2 §9: 0.02)', () => {
    const c = cloud([[0, 0, 0]], 0.001);
    expect(pickNearestParticle(c, down(0.015, 0), null, RAY_PICK_POINT_THRESHOLD)?.index).toBe(0);
    expect(pickNearestParticle(c, down(0.025, 0), null, RAY_PICK_POINT_THRESHOLD)).toBeNull();
  });

  it('skips particles on the clipped side, and particles the stride does not draw', () => {
    const c = cloud([[0, 0, 0], [0, 0, 1], [0, 0, 2]]);
    // Keep z <= 1.5: -z + 1.5 >= 0.
    expect(pickNearestParticle(c, down(0, 0), [0, 0, -1, 1.5], 0)?.index).toBe(1);
    // A volume clip that keeps z <= 0.5 (a unit box around the origin) leaves particle 0 only.
    const [box] = volumeClipCuts([createVolumeClip('box', { kind: 'cube', translation: [0, 0, 0], rotation: [0, 0, 0], scale: [1, 1, 1], flipNormals: false, dimensions: [1, 1, 1] })], new Map());
    const removed = (x: number, y: number, z: number) => removedByVolumeCuts([box], 1, x, y, z);
    expect(pickNearestParticle(c, down(0, 0), null, 0, removed)?.index).toBe(0);
    const inverted = (x: number, y: number, z: number) => removedByVolumeCuts([{ ...box, inverted: true }], 1, x, y, z);
    expect(pickNearestParticle(c, down(0, 0), null, 0, inverted)?.index).toBe(2);
    // Stride 2 draws particles 0 and 2 only.
    const strided = cloud([[0, 0, 0], [1, 0, 0], [2, 0, 0]], 0.05, 2);
    expect(pickNearestParticle(strided, down(1, 0), null, 0)).toBeNull();
    expect(pickNearestParticle(strided, down(2, 0), null, 0)?.index).toBe(2);
  });

  it('ignores particles behind the ray origin', () => {
    const c = cloud([[0, 0, 20]]);
    expect(pickNearestParticle(c, down(0, 0), null, 0)).toBeNull();
  });

  it('tests an object over the budget on an even subset with spheres grown by the cube root of the step', () => {
    const n = PICK_PARTICLE_BUDGET * 2 + 10;
    const positions = new Float32Array(n * 3);
    for (let i = 0; i < n; i++) positions[i * 3] = i * 0.01;
    const c: PickCloud = { positions, stride: 1, radius: 0.004, bounds: cloudBounds(positions) };
    // Three times the budget's step: every 3rd particle, spheres grown by 3^(1/3) (0.00577 m).
    const hitOnSubset = pickNearestParticle(c, down(0.03 + 0.005, 0), null, 0);
    expect(hitOnSubset?.index).toBe(3);
    expect(pickNearestParticle(c, down(0.01, 0), null, 0)).toBeNull();
  });
});

describe('rayEntersBox', () => {
  it('finds where the ray enters the grown box, 0 from inside, null when it misses', () => {
    expect(rayEntersBox(down(0, 0), [-1, -1, -1], [1, 1, 1], 0)).toBeCloseTo(9, 9);
    expect(rayEntersBox(down(1.05, 0), [-1, -1, -1], [1, 1, 1], 0)).toBeNull();
    expect(rayEntersBox(down(1.05, 0), [-1, -1, -1], [1, 1, 1], 0.1)).toBeCloseTo(8.9, 9);
    expect(rayEntersBox({ origin: [0, 0, 0], direction: [1, 0, 0] }, [-1, -1, -1], [1, 1, 1], 0)).toBe(0);
    expect(rayEntersBox({ origin: [5, 0, 0], direction: [1, 0, 0] }, [-1, -1, -1], [1, 1, 1], 0)).toBeNull();
  });
});
