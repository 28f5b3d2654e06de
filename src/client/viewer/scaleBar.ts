// Scale bar: the longest 1-2-5 step length that fits in 300 px or 30 % of the canvas width, labelled in
// the unit that keeps the number between 1 and 999 (nm, μm, mm, cm, m, km).
import { SCALE_BAR } from '../../domain/constants.ts';

export interface ScaleBar {
  /** Bar length on screen in CSS pixels. */
  widthPx: number;
  /** Bar length in metres. */
  lengthM: number;
  label: string;
}

export const SCALE_BAR_MAX_PX = SCALE_BAR.maxWidthPx;
export const SCALE_BAR_MAX_FRACTION = SCALE_BAR.maxWidthFraction;

const UNITS = [
  { unit: 'km', metres: 1e3 },
  { unit: 'm', metres: 1 },
  { unit: 'cm', metres: 1e-2 },
  { unit: 'mm', metres: 1e-3 },
  { unit: 'μm', metres: 1e-6 },
  { unit: 'nm', metres: 1e-9 },
] as const;

/** Largest 1, 2 or 5 times a power of ten that is <= value. */
export function niceStepBelow(value: number): number {
  if (!(value > 0) || !Number.isFinite(value)) return 0;
  const exponent = Math.floor(Math.log10(value));
  const base = 10 ** exponent;
  // Guard against log10 rounding (e.g. 1000 -> 2.9999999).
  const fraction = value / base;
  const steps = [10, 5, 2, 1];
  for (const s of steps) if (fraction >= s * (1 - 1e-12)) return s * base;
  return base / 2;
}

/** Chooses the unit so that the number shown is at least 1 (metres for 1-999 m, km above). */
export function formatLength(metres: number): string {
  const chosen = UNITS.find((u) => metres >= u.metres * (1 - 1e-9)) ?? UNITS[UNITS.length - 1];
  const value = metres / chosen.metres;
  const rounded = Math.round(value * 1e6) / 1e6;
  return `${rounded} ${chosen.unit}`;
}

/**
 * @param metresPerPixel world length of one CSS pixel at the orbit target
 * @param canvasWidthPx canvas width in CSS pixels
 */
export function computeScaleBar(metresPerPixel: number, canvasWidthPx: number): ScaleBar | null {
  if (!(metresPerPixel > 0) || !(canvasWidthPx > 0)) return null;
  const maxPx = Math.min(SCALE_BAR_MAX_PX, canvasWidthPx * SCALE_BAR_MAX_FRACTION);
  const lengthM = niceStepBelow(maxPx * metresPerPixel);
  if (!(lengthM > 0)) return null;
  return { widthPx: lengthM / metresPerPixel, lengthM, label: formatLength(lengthM) };
}
