// Which particles carry a vector arrow and what each arrow shows, without three.js: at most 5000 arrows
// spread evenly over all visible particles of the objects that carry the vector attribute (spec 2 §9),
// each with its origin, its vector and the value it is coloured by (the colormap's attribute and
// sub-option at that particle, as the particles are coloured; the arrow's own magnitude when the colormap
// shows no attribute). The loops run over the arrows, never over all particles.
import type { VectorSubOption } from './defaults.ts';

export interface ArrowLayer {
  /** xyz per particle. */
  positions: Float32Array;
  /** The vector attribute, xyz per particle. */
  vectors: Float32Array;
  /** The colormap's attribute of this layer, or null when it shows none or this layer lacks it. */
  colorValues: { array: Float32Array; components: 1 | 3 } | null;
}

export interface ArrowField {
  count: number;
  origins: Float32Array;
  vectors: Float32Array;
  /** Value per arrow for the colour: the colormap's scalar, or the magnitude when `ownMagnitude`. */
  values: Float32Array;
  /** Largest magnitude among the arrows (0 when every vector is zero). */
  maxMagnitude: number;
  /** True when the arrows are coloured by their own magnitude over [0, maxMagnitude]. */
  ownMagnitude: boolean;
}

/**
 * `min(total, max)` indices into `total` items, spread evenly: item floor((k + 0.5) · total / n) for
 * arrow k, so that the first and last arrows sit half a step in from the ends and none repeats.
 */
export function evenSample(total: number, max: number): Uint32Array {
  const n = Math.max(0, Math.min(total, Math.floor(max)));
  const out = new Uint32Array(n);
  for (let k = 0; k < n; k++) out[k] = Math.min(total - 1, Math.floor(((k + 0.5) * total) / n));
  return out;
}

/** The scalar the colormap reads for particle `i`: the value, or the magnitude / one component of a vector. */
export function colormapScalar(values: { array: Float32Array; components: 1 | 3 }, i: number, subOption: VectorSubOption): number {
  if (values.components === 1) return values.array[i];
  const x = values.array[i * 3];
  const y = values.array[i * 3 + 1];
  const z = values.array[i * 3 + 2];
  if (subOption === 'x') return x;
  if (subOption === 'y') return y;
  if (subOption === 'z') return z;
  return Math.hypot(x, y, z);
}

/**
 * Samples the arrows over the layers as if their particles were one list, so that every object gets
 * arrows in proportion to its particle count. `colorByColormap` false colours by the own magnitude.
 */
export function sampleArrowField(layers: readonly ArrowLayer[], maxArrows: number, subOption: VectorSubOption, colorByColormap: boolean): ArrowField {
  const counts = layers.map((l) => Math.floor(Math.min(l.positions.length, l.vectors.length) / 3));
  const total = counts.reduce((a, b) => a + b, 0);
  const picks = evenSample(total, maxArrows);
  const count = picks.length;
  const origins = new Float32Array(count * 3);
  const vectors = new Float32Array(count * 3);
  const values = new Float32Array(count);
  let maxMagnitude = 0;
  let layer = 0;
  let layerStart = 0;
  for (let a = 0; a < count; a++) {
    // Picks ascend, so the layer only ever moves forward.
    while (picks[a] >= layerStart + counts[layer]) layerStart += counts[layer++];
    const source = layers[layer];
    const i = picks[a] - layerStart;
    for (let c = 0; c < 3; c++) {
      origins[a * 3 + c] = source.positions[i * 3 + c];
      vectors[a * 3 + c] = source.vectors[i * 3 + c];
    }
    const magnitude = Math.hypot(vectors[a * 3], vectors[a * 3 + 1], vectors[a * 3 + 2]);
    if (magnitude > maxMagnitude) maxMagnitude = magnitude;
    if (colorByColormap) values[a] = source.colorValues ? colormapScalar(source.colorValues, i, subOption) : Number.NaN;
    else values[a] = magnitude;
  }
  return { count, origins, vectors, values, maxMagnitude, ownMagnitude: !colorByColormap };
}

/** Length of an arrow on screen (px at the orbit target): 25 px × scale for the largest magnitude. */
export function arrowLengthPx(magnitude: number, maxMagnitude: number, scale: number, unitPx: number): number {
  if (!(maxMagnitude > 0) || !(magnitude > 0)) return 0;
  return (unitPx * scale * magnitude) / maxMagnitude;
}

/** The colour range an arrow's value is mapped with: the colormap's, or [0, largest magnitude]. */
export function arrowColorRange(field: Pick<ArrowField, 'ownMagnitude' | 'maxMagnitude'>, colormap: { min: number; max: number }): { min: number; max: number } {
  return field.ownMagnitude ? { min: 0, max: field.maxMagnitude > 0 ? field.maxMagnitude : 1 } : { min: colormap.min, max: colormap.max };
}
