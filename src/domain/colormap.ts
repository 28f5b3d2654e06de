// Colour schemes of the results viewer (spec 2 §3, §9) as data, the value -> colour lookup shared by
// the GPU shader tables and the colour bar, and the colour-range rules of spec 2 §5.
import { z } from 'zod';
import { numberSchema, nonNegativeIntSchema } from './number.ts';
import { resultAttributeKeySchema } from './attributes.ts';
import { COLORBAR_TICKS } from './constants.ts';

export const colorSchemes = ['rainbow', 'blueGreenYellow', 'blueBrightness', 'blueRedYellow', 'diverging', 'discrete', 'binary'] as const;
export const colorSchemeSchema = z.enum(colorSchemes);
export type ColorScheme = z.infer<typeof colorSchemeSchema>;
export const DEFAULT_COLOR_SCHEME: ColorScheme = 'rainbow';

/** Names in the Color Scheme chooser, with the quantity family each suits. */
export const colorSchemeLabels: Readonly<Record<ColorScheme, string>> = {
  rainbow: 'Rainbow',
  blueGreenYellow: 'Kinematics & Force',
  blueBrightness: 'Density',
  blueRedYellow: 'Heat',
  diverging: 'Diverging',
  discrete: 'Qualitative',
  binary: 'Binary',
};

export type Rgb = [number, number, number];

function hex(h: string): Rgb {
  return [parseInt(h.slice(1, 3), 16) / 255, parseInt(h.slice(3, 5), 16) / 255, parseInt(h.slice(5, 7), 16) / 255];
}

/**
 * Evenly spaced colour stops; `stepped` schemes pick the nearest lower stop instead of interpolating.
 * Perceptual schemes use published colour-map samples (viridis, ColorBrewer Blues, plasma, coolwarm).
 */
export const colorSchemeStops: Readonly<Record<ColorScheme, { stops: readonly Rgb[]; stepped: boolean }>> = {
  rainbow: { stops: ['#0000ff', '#00ffff', '#00ff00', '#ffff00', '#ff0000'].map(hex), stepped: false },
  blueGreenYellow: { stops: ['#440154', '#3b528b', '#21918c', '#5ec962', '#fde725'].map(hex), stepped: false },
  blueBrightness: { stops: ['#08306b', '#2171b5', '#6baed6', '#c6dbef', '#f7fbff'].map(hex), stepped: false },
  blueRedYellow: { stops: ['#0d0887', '#7e03a8', '#cc4778', '#f89540', '#f0f921'].map(hex), stepped: false },
  diverging: { stops: ['#3b4cc0', '#dddddd', '#b40426'].map(hex), stepped: false },
  discrete: {
    stops: ['#2D69B2', '#FFB10F', '#25C189', '#D64265', '#444444', '#7E57C2', '#00A3BF', '#F26B38', '#8BC34A', '#795548'].map(hex),
    stepped: true,
  },
  binary: { stops: ['#303030', '#f0f0f0'].map(hex), stepped: true },
};

/** Colour at position t in [0, 1] (clamped). */
export function colorAt(scheme: ColorScheme, t: number): Rgb {
  const { stops, stepped } = colorSchemeStops[scheme];
  const x = Math.min(1, Math.max(0, t));
  if (stepped) return [...stops[Math.min(stops.length - 1, Math.floor(x * stops.length))]] as Rgb;
  const pos = x * (stops.length - 1);
  const i = Math.min(stops.length - 2, Math.floor(pos));
  const f = pos - i;
  const a = stops[i];
  const b = stops[i + 1];
  return [a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f, a[2] + (b[2] - a[2]) * f];
}

/** Colour of a value: nothing for NaN, values outside [min, max] clamp to the ends. */
export function lookupColor(scheme: ColorScheme, value: number, min: number, max: number): Rgb | undefined {
  if (Number.isNaN(value)) return undefined;
  const t = max > min ? (value - min) / (max - min) : 0.5;
  return colorAt(scheme, t);
}

/** RGBA8 lookup table of `size` entries for a GPU texture or buffer. */
export function colorTable(scheme: ColorScheme, size = 256): Uint8Array {
  const out = new Uint8Array(size * 4);
  for (let i = 0; i < size; i++) {
    const [r, g, b] = colorAt(scheme, size === 1 ? 0 : i / (size - 1));
    out.set([Math.round(r * 255), Math.round(g * 255), Math.round(b * 255), 255], i * 4);
  }
  return out;
}

/** Range of a set of values: NaN and infinite values are ignored; fewer than 2 values give no range. */
export function colorRangeFromValues(values: Iterable<number>): { min: number; max: number } | null {
  let min = Infinity;
  let max = -Infinity;
  let n = 0;
  for (const v of values) {
    if (!Number.isFinite(v)) continue;
    n += 1;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return n >= 2 ? { min, max } : null;
}

/** Min/max typed into the colour bar: applied only when both are finite, swapped so that min <= max. */
export function applyColormapRange(min: number, max: number): { min: number; max: number } | null {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return null;
  return min <= max ? { min, max } : { min: max, max: min };
}

export const colormapSettingsSchema = z.object({
  attribute: z.object({ name: resultAttributeKeySchema, index: nonNegativeIntSchema.nullable() }).nullable(),
  scheme: colorSchemeSchema,
  min: numberSchema,
  max: numberSchema,
});
export type ColormapSettings = z.infer<typeof colormapSettingsSchema>;

export const colormapStatuses = ['loading', 'error', 'info'] as const;
export type ColormapStatus = (typeof colormapStatuses)[number];

/** Colour-bar tick values at 25, 50 and 75 %. */
export function colorbarTicks(min: number, max: number): number[] {
  return COLORBAR_TICKS.map((f) => min + (max - min) * f);
}
