// Decoding of simulation output arrays (meta.json `arrayFile`s): little-endian float32 / uint32 with
// 1 or 3 components, checked against the expected count, with the value range the colour map needs.
import { z } from 'zod';
import { dtypeSchema, type Dtype } from '../../src/domain/output.ts';

export const decodeRequestSchema = z.object({
  url: z.string().min(1),
  dtype: dtypeSchema,
  components: z.union([z.literal(1), z.literal(3)]),
  /** Expected items (points, or triangles for index arrays: pass count and components 3). */
  count: z.number().int().nonnegative().optional(),
  /** Sent with the request, e.g. the bearer token. */
  headers: z.record(z.string(), z.string()).optional(),
});
export type DecodeRequest = z.infer<typeof decodeRequestSchema>;

export interface DecodedArray {
  values: Float32Array | Uint32Array;
  components: 1 | 3;
  count: number;
  /** Min and max of the values (of the vector magnitude for 3 components); null when empty. */
  range: [number, number] | null;
}

const HOST_LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

export class OutputDecodeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutputDecodeError';
  }
}

/** Interprets `buffer` (taken over, not copied, on little-endian hosts). */
export function decodeBuffer(buffer: ArrayBuffer, dtype: Dtype, components: 1 | 3, count?: number, source = 'array'): DecodedArray {
  const itemBytes = 4 * components;
  if (buffer.byteLength % itemBytes !== 0) {
    throw new OutputDecodeError(`${source}: ${buffer.byteLength} bytes is not a whole number of ${dtype} x${components} items`);
  }
  const items = buffer.byteLength / itemBytes;
  if (count !== undefined && items !== count) {
    throw new OutputDecodeError(`${source}: expected ${count} items, found ${items}`);
  }
  if (!HOST_LITTLE_ENDIAN) {
    const view = new DataView(buffer);
    for (let o = 0; o < buffer.byteLength; o += 4) view.setUint32(o, view.getUint32(o, true));
  }
  const values = dtype === 'float32' ? new Float32Array(buffer) : new Uint32Array(buffer);
  return { values, components, count: items, range: valueRange(values, components) };
}

export function valueRange(values: Float32Array | Uint32Array, components: 1 | 3): [number, number] | null {
  let lo = Infinity;
  let hi = -Infinity;
  if (components === 1) {
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
  } else {
    for (let i = 0; i < values.length; i += 3) {
      const m = Math.hypot(values[i], values[i + 1], values[i + 2]);
      if (m < lo) lo = m;
      if (m > hi) hi = m;
    }
  }
  return lo <= hi ? [lo, hi] : null;
}

export async function fetchAndDecode(request: DecodeRequest): Promise<DecodedArray> {
  const req = decodeRequestSchema.parse(request);
  const res = await fetch(req.url, { headers: req.headers });
  if (!res.ok) throw new OutputDecodeError(`${req.url}: HTTP ${res.status}`);
  return decodeBuffer(await res.arrayBuffer(), req.dtype, req.components, req.count, req.url);
}
