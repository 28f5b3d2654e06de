// Frame-time statistics and the rule that offers the low-resolution fallback.
import { describe, expect, it } from 'vitest';
import { FrameStats, lowResolutionStride, percentile, shouldOfferLowResolution } from '../../../src/client/viewer/frameStats.ts';
import { floatToOrderedKey, orderedKeyToFloat } from '../../../src/client/viewer/gpu/orderedFloatKey.ts';

describe('frame statistics', () => {
  it('computes nearest-rank percentiles', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 95)).toBe(95);
    expect(Number.isNaN(percentile([], 50))).toBe(true);
  });

  it('keeps a rolling window', () => {
    const stats = new FrameStats(3);
    [100, 100, 100, 1, 2, 3].forEach((v) => stats.add(v));
    expect(stats.summary()).toEqual({ p50: 2, p95: 3, count: 3 });
  });

  it('offers the fallback only for a million visible particles and slow measured frames', () => {
    const slow = { p50: 80, count: 20 };
    const fast = { p50: 12, count: 20 };
    expect(shouldOfferLowResolution(999_999, slow)).toBe(false);
    expect(shouldOfferLowResolution(1_000_000, slow)).toBe(true);
    expect(shouldOfferLowResolution(5_000_000, fast)).toBe(false);
    expect(shouldOfferLowResolution(5_000_000, { p50: 80, count: 3 })).toBe(false);
  });

  it('draws about 100,000 particles in the fallback', () => {
    expect(lowResolutionStride(1_000_000)).toBe(10);
    expect(lowResolutionStride(10_000_000)).toBe(100);
    expect(Math.ceil(10_000_000 / lowResolutionStride(10_000_000))).toBeLessThanOrEqual(100_000);
  });
});

describe('range reduction keys', () => {
  it('orders float keys like the floats and decodes them exactly', () => {
    const values = [-3.5e38, -1000, -1, -1e-20, -0, 0, 1e-20, 0.5, 1, 123.25, 3.4e38].map(Math.fround);
    const keys = values.map(floatToOrderedKey);
    for (let i = 1; i < keys.length; i++) expect(keys[i]).toBeGreaterThanOrEqual(keys[i - 1]);
    values.forEach((v, i) => expect(orderedKeyToFloat(keys[i])).toBe(v));
    expect(orderedKeyToFloat(floatToOrderedKey(-2.75))).toBe(-2.75);
  });
});
