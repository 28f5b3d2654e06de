// The numbers a statistic runs over: one attribute of a dataset as doubles (a vector's magnitude or one
// component), restricted to the particles a mask keeps, and the particle areas that weigh an integral.
import type { VectorSubOption } from '../../../domain/attributes.ts';

const COMPONENT: Record<Exclude<VectorSubOption, 'magnitude'>, number> = { x: 0, y: 1, z: 2 };

/** Values of the kept items (all when `keep` is null); non-finite values are left out. */
export function attributeValues(
  array: Float32Array | Uint32Array,
  components: 1 | 3,
  subAttribute: VectorSubOption | null,
  keep: Uint8Array | null,
): Float64Array {
  const count = array.length / components;
  const out = new Float64Array(count);
  let n = 0;
  const component = components === 3 && subAttribute !== null && subAttribute !== 'magnitude' ? COMPONENT[subAttribute] : -1;
  for (let i = 0; i < count; i++) {
    if (keep !== null && keep[i] === 0) continue;
    let v: number;
    if (components === 1) v = array[i];
    else if (component >= 0) v = array[3 * i + component];
    else {
      const x = array[3 * i];
      const y = array[3 * i + 1];
      const z = array[3 * i + 2];
      v = Math.sqrt(x * x + y * y + z * z);
    }
    if (Number.isFinite(v)) out[n++] = v;
  }
  return n === count ? out : out.slice(0, n);
}

/**
 * Area a particle stands for on a surface, V^(2/3) of its volume, for the same items `attributeValues`
 * keeps (items whose value is not finite are skipped there, so they are skipped here too).
 */
export function particleAreas(
  volume: Float32Array,
  values: Float32Array | Uint32Array,
  components: 1 | 3,
  keep: Uint8Array | null,
): Float64Array {
  return keptAreas(volume.length, (i) => Math.cbrt(volume[i] * volume[i]), values, components, keep);
}

/** The surface areas an output gives a wall's particles, for the same items `attributeValues` keeps. */
export function surfaceAreas(
  area: Float32Array,
  values: Float32Array | Uint32Array,
  components: 1 | 3,
  keep: Uint8Array | null,
): Float64Array {
  return keptAreas(area.length, (i) => area[i], values, components, keep);
}

function keptAreas(
  count: number,
  areaOf: (i: number) => number,
  values: Float32Array | Uint32Array,
  components: 1 | 3,
  keep: Uint8Array | null,
): Float64Array {
  const out = new Float64Array(count);
  let n = 0;
  for (let i = 0; i < count; i++) {
    if (keep !== null && keep[i] === 0) continue;
    let finite = true;
    for (let c = 0; c < components; c++) if (!Number.isFinite(values[components * i + c])) finite = false;
    if (!finite) continue;
    out[n++] = areaOf(i);
  }
  return n === count ? out : out.slice(0, n);
}

/** Joins the values of several objects. */
export function concat(parts: readonly Float64Array[]): Float64Array {
  if (parts.length === 1) return parts[0];
  const out = new Float64Array(parts.reduce((s, p) => s + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}
