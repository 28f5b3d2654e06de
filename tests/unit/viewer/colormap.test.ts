// Colormap rules as the shaders apply them: lookup tables, range swap, clamping, NaN and ticks.
import { describe, expect, it } from 'vitest';
import {
  LUT_SIZE,
  NAN_COLOR,
  buildColormapLut,
  colorbarTicks,
  colormapCssGradient,
  defaultRangeFor,
  formatRangeValue,
  isColorSchemeId,
  lutIndex,
  mapValueToColor,
  normalizeRange,
  normalizedValue,
} from '../../../src/client/viewer/colormap.ts';
import { COLOR_SCHEMES, DEFAULT_COLOR_SCHEME } from '../../../src/client/viewer/defaults.ts';
import { colorTable } from '../../../src/domain/colormap.ts';

describe('colour schemes', () => {
  it('offers the seven schemes of the spec with rainbow as default', () => {
    expect(COLOR_SCHEMES.map((s) => s.id).sort()).toEqual(
      ['binary', 'blueBrightness', 'blueGreenYellow', 'blueRedYellow', 'discrete', 'diverging', 'rainbow'],
    );
    expect(DEFAULT_COLOR_SCHEME).toBe('rainbow');
    expect(isColorSchemeId('rainbow')).toBe(true);
    expect(isColorSchemeId('jet')).toBe(false);
  });

  it('builds a 256-texel RGBA table equal to the domain table', () => {
    for (const { id } of COLOR_SCHEMES) {
      const lut = buildColormapLut(id);
      expect(lut.length).toBe(LUT_SIZE * 4);
      expect(Array.from(lut)).toEqual(Array.from(colorTable(id, LUT_SIZE)));
      for (let i = 3; i < lut.length; i += 4) expect(lut[i]).toBe(255);
    }
  });

  it('runs rainbow from blue to red', () => {
    const lut = buildColormapLut('rainbow');
    expect(Array.from(lut.slice(0, 3))).toEqual([0, 0, 255]);
    expect(Array.from(lut.slice((LUT_SIZE - 1) * 4, (LUT_SIZE - 1) * 4 + 3))).toEqual([255, 0, 0]);
  });

  it('keeps binary to exactly two colours, split at the middle', () => {
    const lut = buildColormapLut('binary');
    const colours = new Set<string>();
    for (let i = 0; i < LUT_SIZE; i++) colours.add(Array.from(lut.slice(i * 4, i * 4 + 3)).join(','));
    expect(colours.size).toBe(2);
    expect(lut.slice(0, 3)).not.toEqual(lut.slice((LUT_SIZE - 1) * 4, (LUT_SIZE - 1) * 4 + 3));
  });

  it('draws banded schemes as hard stops in the colorbar gradient', () => {
    expect(colormapCssGradient('binary')).toMatch(/0\.00% 50\.00%/);
    expect(colormapCssGradient('rainbow')).toMatch(/^linear-gradient\(to right, rgb\(0,0,255\) 0\.00%/);
  });
});

describe('range rules', () => {
  it('swaps an edited range so that min <= max', () => {
    expect(normalizeRange(5, -2)).toEqual({ min: -2, max: 5 });
    expect(normalizeRange(1, 3)).toEqual({ min: 1, max: 3 });
    expect(() => normalizeRange(Number.NaN, 1)).toThrow();
    expect(() => normalizeRange(0, Infinity)).toThrow();
  });

  it('clamps values outside the range to the ends of the scheme', () => {
    const range = { min: 10, max: 20 };
    expect(normalizedValue(5, range)).toBe(0);
    expect(normalizedValue(25, range)).toBe(1);
    expect(normalizedValue(15, range)).toBe(0.5);
    const lut = buildColormapLut('rainbow');
    expect(mapValueToColor(-1e9, range, lut)).toEqual([0, 0, 255]);
    expect(mapValueToColor(1e9, range, lut)).toEqual([255, 0, 0]);
  });

  it('gives NaN no colour: it is drawn in the neutral grey', () => {
    const lut = buildColormapLut('rainbow');
    expect(Number.isNaN(normalizedValue(Number.NaN, { min: 0, max: 1 }))).toBe(true);
    expect(mapValueToColor(Number.NaN, { min: 0, max: 1 }, lut)).toEqual([...NAN_COLOR]);
  });

  it('maps an empty range to the middle of the scheme', () => {
    expect(normalizedValue(3, { min: 3, max: 3 })).toBe(0.5);
  });

  it('samples the nearest texel as the shader does', () => {
    expect(lutIndex(0)).toBe(0);
    expect(lutIndex(1)).toBe(255);
    expect(lutIndex(0.5)).toBe(128);
    expect(lutIndex(-0.2)).toBe(0);
  });

  it('puts colorbar ticks at 25, 50 and 75 %', () => {
    expect(colorbarTicks({ min: 0, max: 200 })).toEqual([
      { fraction: 0.25, value: 50 },
      { fraction: 0.5, value: 100 },
      { fraction: 0.75, value: 150 },
    ]);
  });

  it('uses the visible min/max with the spec fixed bounds', () => {
    expect(defaultRangeFor('velocity', { min: 0.2, max: 3 })).toEqual({ min: 0.2, max: 3 });
    expect(defaultRangeFor('pressure', { min: -50, max: 900 })).toEqual({ min: 0, max: 900 });
    expect(defaultRangeFor('wetting', { min: 0.3, max: 0.4 })).toEqual({ min: 0, max: 1 });
    expect(defaultRangeFor('power_density', null)).toEqual({ min: -100, max: 100 });
    expect(defaultRangeFor('particle_packing', { min: 0.5, max: 2 })).toEqual({ min: 0.9, max: 1.1 });
    // A fixed min above all data still gives an ordered range.
    expect(defaultRangeFor('pressure', { min: -90, max: -10 })).toEqual({ min: -10, max: 0 });
  });

  it('formats bounds with 6 significant digits', () => {
    expect(formatRangeValue(1234567)).toBe('1.23457e+6');
    expect(formatRangeValue(0.1 + 0.2)).toBe('0.3');
    expect(formatRangeValue(-2.5)).toBe('-2.5');
    expect(formatRangeValue(0)).toBe('0');
  });
});
