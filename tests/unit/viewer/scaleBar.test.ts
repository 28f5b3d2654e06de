// Scale bar: 1-2-5 steps within 300 px or 30 % of the width, and the unit choice.
import { describe, expect, it } from 'vitest';
import { computeScaleBar, formatLength, niceStepBelow } from '../../../src/client/viewer/scaleBar.ts';

describe('scale bar', () => {
  it('snaps to the largest 1, 2 or 5 step below a length', () => {
    expect(niceStepBelow(0.37)).toBeCloseTo(0.2);
    expect(niceStepBelow(7.9)).toBe(5);
    expect(niceStepBelow(1000)).toBe(1000);
    expect(niceStepBelow(19.99)).toBe(10);
    expect(niceStepBelow(2)).toBe(2);
    expect(niceStepBelow(0)).toBe(0);
  });

  it('labels lengths in nm, μm, mm, cm, m and km', () => {
    expect(formatLength(2e-9)).toBe('2 nm');
    expect(formatLength(5e-6)).toBe('5 μm');
    expect(formatLength(0.002)).toBe('2 mm');
    expect(formatLength(0.05)).toBe('5 cm');
    expect(formatLength(1)).toBe('1 m');
    expect(formatLength(500)).toBe('500 m');
    expect(formatLength(2000)).toBe('2 km');
  });

  it('is at most 300 px wide on wide canvases', () => {
    const bar = computeScaleBar(0.01, 2000);
    expect(bar).not.toBeNull();
    expect(bar!.widthPx).toBeLessThanOrEqual(300);
    expect(bar!.lengthM).toBe(2);
    expect(bar!.label).toBe('2 m');
  });

  it('is at most 30 % of narrow canvases', () => {
    const bar = computeScaleBar(0.001, 500);
    expect(bar!.widthPx).toBeLessThanOrEqual(150);
    expect(bar!.lengthM).toBeCloseTo(0.1);
    expect(bar!.label).toBe('10 cm');
  });

  it('has no bar without a valid scale', () => {
    expect(computeScaleBar(0, 800)).toBeNull();
    expect(computeScaleBar(0.01, 0)).toBeNull();
  });
});
