// Colour schemes as small lookup tables for the GPU, plus the range rules (swap, clamp, NaN) that the
// shaders follow. The CPU functions here are the reference the shader mapping is tested against.
import { applyColormapRange, colorAt, colorSchemes, colorSchemeStops, colorTable } from '../../domain/colormap.ts';
import { defaultAttributeRanges } from '../../domain/attributes.ts';
import type { ColorSchemeId } from './defaults.ts';

export const LUT_SIZE = 256;

/** Colour drawn for NaN values: a neutral grey, so that the particle stays visible but carries no colour. */
export const NAN_COLOR: readonly [number, number, number] = [158, 158, 158];

/** RGBA8 lookup table of LUT_SIZE texels (the domain's table); texel i holds the colour at t = i / (size - 1). */
export function buildColormapLut(scheme: ColorSchemeId, size = LUT_SIZE): Uint8Array {
  return colorTable(scheme, size);
}

/** Colour of a scheme at t in [0, 1] (clamped), as sRGB 0..255. */
export function schemeColorAt(scheme: ColorSchemeId, t: number): [number, number, number] {
  const [r, g, b] = colorAt(scheme, t);
  return [Math.round(r * 255), Math.round(g * 255), Math.round(b * 255)];
}

export function isColorSchemeId(value: string): value is ColorSchemeId {
  return (colorSchemes as readonly string[]).includes(value);
}

/** CSS linear-gradient for the colorbar, sampled from the same table as the GPU uses. */
export function colormapCssGradient(scheme: ColorSchemeId, samples = 16): string {
  const { stepped, stops } = colorSchemeStops[scheme];
  if (stepped) {
    const parts = stops.map((rgb, i) => {
      const c = rgb.map((v) => Math.round(v * 255));
      const a = ((i / stops.length) * 100).toFixed(2);
      const b = (((i + 1) / stops.length) * 100).toFixed(2);
      return `rgb(${c[0]},${c[1]},${c[2]}) ${a}% ${b}%`;
    });
    return `linear-gradient(to right, ${parts.join(', ')})`;
  }
  const parts: string[] = [];
  for (let i = 0; i < samples; i++) {
    const t = i / (samples - 1);
    const [r, g, b] = schemeColorAt(scheme, t);
    parts.push(`rgb(${r},${g},${b}) ${(t * 100).toFixed(2)}%`);
  }
  return `linear-gradient(to right, ${parts.join(', ')})`;
}

export interface ColorRange {
  min: number;
  max: number;
}

/** Orders an edited range so that min <= max (the domain rule); non-finite bounds are rejected. */
export function normalizeRange(a: number, b: number): ColorRange {
  const range = applyColormapRange(a, b);
  if (!range) throw new RangeError('colour range bounds must be finite numbers');
  return range;
}

/**
 * Position of a value in the range, clamped to [0, 1]; NaN stays NaN (drawn in NAN_COLOR). An empty
 * range (min == max) maps everything to the middle of the scheme.
 */
export function normalizedValue(value: number, range: ColorRange): number {
  if (Number.isNaN(value)) return Number.NaN;
  const span = range.max - range.min;
  if (!(span > 0)) return 0.5;
  return Math.min(1, Math.max(0, (value - range.min) / span));
}

/** LUT texel the shader samples for t (nearest filtering): the reference for the GPU mapping. */
export function lutIndex(t: number, size = LUT_SIZE): number {
  return Math.min(size - 1, Math.max(0, Math.floor(t * (size - 1) + 0.5)));
}

/** Colour of one value exactly as the shaders draw it (sRGB 0..255). */
export function mapValueToColor(value: number, range: ColorRange, lut: Uint8Array): [number, number, number] {
  const t = normalizedValue(value, range);
  if (Number.isNaN(t)) return [NAN_COLOR[0], NAN_COLOR[1], NAN_COLOR[2]];
  const i = lutIndex(t, lut.length / 4) * 4;
  return [lut[i], lut[i + 1], lut[i + 2]];
}

/** Colorbar ticks at 25, 50 and 75 % of the range. */
export function colorbarTicks(range: ColorRange): { fraction: number; value: number }[] {
  return [0.25, 0.5, 0.75].map((fraction) => ({ fraction, value: range.min + (range.max - range.min) * fraction }));
}

/** Formats a range value with the spec's default 6 significant digits, without trailing zeros. */
export function formatRangeValue(value: number, significantDigits = 6): string {
  if (!Number.isFinite(value)) return String(value);
  if (value === 0) return '0';
  const text = value.toPrecision(significantDigits);
  if (text.includes('e')) {
    const [mantissa, exponent] = text.split('e');
    return `${trimZeros(mantissa)}e${exponent}`;
  }
  return trimZeros(text);
}

function trimZeros(text: string): string {
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/**
 * Default range of an attribute: the min/max of the visible values, with the spec's fixed bounds
 * (e.g. pressure min 0) replacing the data bound where one is defined.
 */
export function defaultRangeFor(attribute: string, dataRange: ColorRange | null): ColorRange {
  const fixed = (defaultAttributeRanges as Record<string, { min?: number; max?: number } | undefined>)[attribute];
  const lo = fixed?.min ?? dataRange?.min ?? 0;
  const hi = fixed?.max ?? dataRange?.max ?? 1;
  return normalizeRange(lo, hi);
}
