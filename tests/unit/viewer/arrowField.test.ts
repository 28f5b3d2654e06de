// Vector arrows without a GPU: at most 5000 arrows spread evenly over every shown object in proportion
// to its particles, each with its particle's position and vector; the colour value is the colormap's
// attribute (or component) at that particle and maps to the same LUT texel as the particles, or the
// arrow's own magnitude on [0, largest] when the colormap shows no attribute; the length rule.
import { describe, expect, it } from 'vitest';
import { VECTOR_ARROWS_MAX, VECTOR_ARROW_UNIT_PX } from '../../../src/domain/constants.ts';
import { arrowColorRange, arrowLengthPx, colormapScalar, evenSample, sampleArrowField, type ArrowLayer } from '../../../src/client/viewer/arrowField.ts';
import { buildColormapLut, mapValueToColor } from '../../../src/client/viewer/colormap.ts';

/** n particles along x at 0, 1, 2 …; velocity (i, 0, 0); pressure 10·i. */
function line(n: number, offset = 0): ArrowLayer & { pressure: Float32Array } {
  const positions = new Float32Array(n * 3);
  const vectors = new Float32Array(n * 3);
  const pressure = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    positions[i * 3] = offset + i;
    vectors[i * 3] = i;
    vectors[i * 3 + 1] = offset;
    pressure[i] = 10 * i;
  }
  return { positions, vectors, pressure, colorValues: { array: pressure, components: 1 } };
}

describe('evenSample', () => {
  it('takes every item when there are at most max, and exactly max evenly spread items otherwise', () => {
    expect([...evenSample(4, 5000)]).toEqual([0, 1, 2, 3]);
    const picks = evenSample(12_345, 5000);
    expect(picks.length).toBe(5000);
    for (let k = 1; k < picks.length; k++) expect(picks[k]).toBeGreaterThan(picks[k - 1]);
    // Gaps differ by at most one particle: the sample is even, with no cluster and no hole.
    const gaps = [...picks.slice(1)].map((p, k) => p - picks[k]);
    expect(Math.max(...gaps) - Math.min(...gaps)).toBeLessThanOrEqual(1);
    expect(picks[0]).toBeLessThanOrEqual(2);
    expect(picks[picks.length - 1]).toBeGreaterThanOrEqual(12_345 - 3);
    expect(evenSample(0, 5000).length).toBe(0);
  });
});

describe('sampleArrowField', () => {
  it('draws every particle below the cap, with its position, vector and colormap value', () => {
    const a = line(3);
    const field = sampleArrowField([a], VECTOR_ARROWS_MAX, 'magnitude', true);
    expect(field.count).toBe(3);
    expect([...field.origins]).toEqual([0, 0, 0, 1, 0, 0, 2, 0, 0]);
    expect([...field.vectors]).toEqual([0, 0, 0, 1, 0, 0, 2, 0, 0]);
    expect([...field.values]).toEqual([0, 10, 20]);
    expect(field.maxMagnitude).toBe(2);
    expect(field.ownMagnitude).toBe(false);
  });

  it('caps at 5000 arrows over several objects, shared in proportion to their particles', () => {
    const big = line(30_000);
    const small = line(10_000, 100_000);
    const field = sampleArrowField([big, small], VECTOR_ARROWS_MAX, 'magnitude', true);
    expect(field.count).toBe(VECTOR_ARROWS_MAX);
    let fromSmall = 0;
    for (let k = 0; k < field.count; k++) {
      const x = field.origins[k * 3];
      const fromSecond = x >= 100_000;
      if (fromSecond) fromSmall++;
      // Each arrow carries its own particle's vector and value.
      const i = fromSecond ? x - 100_000 : x;
      expect(field.vectors[k * 3]).toBe(i);
      expect(field.vectors[k * 3 + 1]).toBe(fromSecond ? 100_000 : 0);
      expect(field.values[k]).toBe(10 * i);
    }
    expect(fromSmall).toBe(1250);
  });

  it('reads a vector colormap attribute by the chosen component, and NaN where an object lacks the attribute', () => {
    const a = line(2);
    a.colorValues = { array: new Float32Array([3, 4, 0, -1, 2, 2]), components: 3 };
    const b = line(1, 5);
    b.colorValues = null;
    expect([...sampleArrowField([a, b], 10, 'magnitude', true).values]).toEqual([5, 3, Number.NaN]);
    expect([...sampleArrowField([a], 10, 'x', true).values]).toEqual([3, -1]);
    expect([...sampleArrowField([a], 10, 'y', true).values]).toEqual([4, 2]);
    expect([...sampleArrowField([a], 10, 'z', true).values]).toEqual([0, 2]);
  });

  it('colours by the own magnitude over [0, largest] when the colormap shows no attribute', () => {
    const field = sampleArrowField([line(5)], 10, 'magnitude', false);
    expect(field.ownMagnitude).toBe(true);
    expect([...field.values]).toEqual([0, 1, 2, 3, 4]);
    expect(arrowColorRange(field, { min: -7, max: 7 })).toEqual({ min: 0, max: 4 });
    expect(arrowColorRange({ ownMagnitude: false, maxMagnitude: 4 }, { min: -7, max: 7 })).toEqual({ min: -7, max: 7 });
    expect(arrowColorRange({ ownMagnitude: true, maxMagnitude: 0 }, { min: 0, max: 1 })).toEqual({ min: 0, max: 1 });
  });

  it('maps arrow values to the same colours as the particles of the same value', () => {
    const lut = buildColormapLut('rainbow');
    const range = { min: 0, max: 40 };
    const a = line(5);
    const field = sampleArrowField([a], 10, 'magnitude', true);
    for (let k = 0; k < field.count; k++) {
      expect(mapValueToColor(field.values[k], arrowColorRange(field, range), lut)).toEqual(mapValueToColor(a.pressure[k], range, lut));
    }
    // The ends of the range are the ends of the scheme.
    expect(mapValueToColor(field.values[0], range, lut)).toEqual([lut[0], lut[1], lut[2]]);
    const last = lut.length - 4;
    expect(mapValueToColor(field.values[4], range, lut)).toEqual([lut[last], lut[last + 1], lut[last + 2]]);
  });
});

describe('colormapScalar and arrow length', () => {
  it('reads scalars and vector components', () => {
    const v = { array: new Float32Array([1, 2, 2]), components: 3 as const };
    expect(colormapScalar(v, 0, 'magnitude')).toBe(3);
    expect(colormapScalar({ array: new Float32Array([7]), components: 1 }, 0, 'x')).toBe(7);
  });

  it('draws the largest arrow 25 px long at scale 1, in proportion below it, and scales linearly', () => {
    expect(arrowLengthPx(4, 4, 1, VECTOR_ARROW_UNIT_PX)).toBe(25);
    expect(arrowLengthPx(1, 4, 1, VECTOR_ARROW_UNIT_PX)).toBe(6.25);
    expect(arrowLengthPx(4, 4, 2.5, VECTOR_ARROW_UNIT_PX)).toBe(62.5);
    expect(arrowLengthPx(0, 4, 1, VECTOR_ARROW_UNIT_PX)).toBe(0);
    expect(arrowLengthPx(1, 0, 1, VECTOR_ARROW_UNIT_PX)).toBe(0);
  });
});
