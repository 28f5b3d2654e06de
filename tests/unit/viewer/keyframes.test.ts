// Movement keyframes: 3x3 / 4x4 parsing, the 5000 cap warning, interpolated and stepped transforms.
import { describe, expect, it } from 'vitest';
import { Quaternion, Vector3 } from 'three';
import {
  clampProgress,
  keyframeIndexAt,
  matrixFromInput,
  parseMovements,
  transformAt,
} from '../../../src/client/viewer/keyframes.ts';

const rotZ = (deg: number, tx = 0, ty = 0, tz = 0) => {
  const a = (deg * Math.PI) / 180;
  return [Math.cos(a), -Math.sin(a), 0, tx, Math.sin(a), Math.cos(a), 0, ty, 0, 0, 1, tz, 0, 0, 0, 1];
};

describe('keyframe matrices', () => {
  it('reads row-major 4x4 flat and nested, and 3x3 without translation', () => {
    const flat = matrixFromInput(rotZ(0, 1, 2, 3));
    expect(new Vector3().setFromMatrixPosition(flat).toArray()).toEqual([1, 2, 3]);
    const nested = matrixFromInput([
      [1, 0, 0, 4],
      [0, 1, 0, 5],
      [0, 0, 1, 6],
      [0, 0, 0, 1],
    ]);
    expect(new Vector3().setFromMatrixPosition(nested).toArray()).toEqual([4, 5, 6]);
    const m3 = matrixFromInput([0, -1, 0, 1, 0, 0, 0, 0, 1]);
    expect(new Vector3(1, 0, 0).applyMatrix4(m3).toArray().map((v) => Math.round(v))).toEqual([0, 1, 0]);
  });

  it('rejects matrices of the wrong size or with non-numbers', () => {
    expect(() => matrixFromInput([1, 2, 3])).toThrow('Rotation matrix must have 9 numeric elements');
    expect(() => matrixFromInput([1, 0, 0, 0, 1, 0, 0, 0, Number.NaN])).toThrow();
  });
});

describe('movements', () => {
  const movement = parseMovements([
    { partId: 'p', name: 'Paddle', keyframes: [
      { time: 2, matrix: rotZ(90, 2, 0, 0) },
      { time: 0, matrix: rotZ(0) },
    ] },
  ]).movements[0];

  it('sorts keyframes by time', () => {
    expect(movement.keyframes.map((k) => k.time)).toEqual([0, 2]);
    expect(keyframeIndexAt(movement.keyframes, -1)).toBe(-1);
    expect(keyframeIndexAt(movement.keyframes, 1)).toBe(0);
    expect(keyframeIndexAt(movement.keyframes, 5)).toBe(1);
  });

  it('interpolates translation linearly and rotation along the shortest arc', () => {
    const m = transformAt(movement, 1, 'interpolate');
    const p = new Vector3();
    const q = new Quaternion();
    m.decompose(p, q, new Vector3());
    expect(p.x).toBeCloseTo(1);
    const angle = 2 * Math.acos(Math.abs(q.w));
    expect((angle * 180) / Math.PI).toBeCloseTo(45);
  });

  it('holds the last keyframe in stepped mode', () => {
    const p = new Vector3().setFromMatrixPosition(transformAt(movement, 1.9, 'stepped'));
    expect(p.x).toBe(0);
    const end = new Vector3().setFromMatrixPosition(transformAt(movement, 3, 'stepped'));
    expect(end.x).toBeCloseTo(2);
  });

  it('holds the first keyframe before it starts', () => {
    const p = new Vector3().setFromMatrixPosition(transformAt(movement, -1, 'interpolate'));
    expect(p.x).toBe(0);
  });

  it('warns with the spec text when a part reaches 5000 keyframes and caps it', () => {
    const keyframes = Array.from({ length: 5001 }, (_, i) => ({ time: i, matrix: rotZ(0) }));
    const parsed = parseMovements([{ partId: 'w', name: 'Wheel', keyframes }]);
    expect(parsed.movements[0].keyframes.length).toBe(5000);
    expect(parsed.warnings).toEqual([
      'Maximum number of keyframes reached for part "Wheel"! Movement visualization might look odd in some cases, but simulation results are unaffected.',
    ]);
  });

  it('refuses a result that is not an object', () => {
    expect(() => parseMovements('nope')).toThrow('Movements could not be interpreted.');
    expect(() => parseMovements(null)).toThrow('Movements could not be interpreted.');
    expect(() => parseMovements([{ partId: 'x' }])).toThrow('Movements could not be interpreted.');
  });

  it('clamps timeline progress to 0..1', () => {
    expect(clampProgress(-0.5)).toBe(0);
    expect(clampProgress(1.5)).toBe(1);
    expect(clampProgress(Number.NaN)).toBe(0);
    expect(clampProgress(0.25)).toBe(0.25);
  });
});
