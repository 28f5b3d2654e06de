// Checkpoints: the complete engine state in one file (`checkpoint.bin`), published atomically by
// rename, so that a stopped or crashed run continues exactly where the last checkpoint left it.
// Layout: u32 header length, JSON header, padding to 8 bytes, then the arrays in header order.
import type { EngineState } from '../engine.ts';
import type { AccelerationSamples } from '../../domain/accelerationFile.ts';
import { STATE_ARRAY_KEYS, THERMAL_ARRAY_KEYS } from '../engine.ts';
import { littleEndianBytes } from './outputWriter.ts';
import type { OutputSink } from './sink.ts';

export const CHECKPOINT_FILE = 'checkpoint.bin';
const CHECKPOINT_VERSION = 1;

export interface CheckpointInfo {
  /** Last output written before (or at) this checkpoint. */
  outputNo: number;
  /** Wall-clock seconds the run had used. */
  runtime: number;
  /** Size of log.jsonl when the checkpoint was taken (a resumed run cuts the log back to it). */
  logBytes: number;
  /** Hash of the setup the state belongs to. */
  setupHash: string;
  backend: string;
  /**
   * Samples of the acceleration file the run started with: a resumed run keeps them, whatever became of
   * the file meanwhile. Absent without an acceleration file.
   */
  frameAcceleration?: AccelerationSamples | null;
}

const ACCELERATION_ARRAYS = ['time', 'ax', 'ay', 'az'] as const;

interface Header extends Omit<CheckpointInfo, 'frameAcceleration'> {
  version: number;
  time: number;
  step: number;
  nextId: number;
  count: number;
  maxVel2: number;
  maxAccel2: number;
  arrays: { name: string; dtype: 'f64' | 'u32' | 'u8'; bytes: number }[];
}

/** FNV-1a (64 bit, as two 32-bit halves) of a string: identifies the setup of a checkpoint. */
export function hashText(text: string): string {
  let h1 = 0x811c9dc5, h2 = 0xcbf29ce4;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193) >>> 0;
    h2 = Math.imul(h2 ^ c, 0x01000193 + 0x100) >>> 0;
  }
  return h1.toString(16).padStart(8, '0') + h2.toString(16).padStart(8, '0');
}

export async function writeCheckpoint(sink: OutputSink, state: EngineState, info: CheckpointInfo): Promise<number> {
  const parts: Uint8Array[] = [];
  const arrays: Header['arrays'] = [];
  for (const key of STATE_ARRAY_KEYS) {
    const bytes = littleEndianBytes(state[key].subarray(0, state.count));
    arrays.push({ name: key, dtype: 'f64', bytes: bytes.length });
    parts.push(bytes);
  }
  for (const key of THERMAL_ARRAY_KEYS) {
    const a = state[key];
    if (a === undefined) continue;
    const bytes = littleEndianBytes(a.subarray(0, state.count));
    arrays.push({ name: key, dtype: 'f64', bytes: bytes.length });
    parts.push(bytes);
  }
  for (const key of ['body', 'id'] as const) {
    const bytes = littleEndianBytes(state[key].subarray(0, state.count));
    arrays.push({ name: key, dtype: 'u32', bytes: bytes.length });
    parts.push(bytes);
  }
  const accel = info.frameAcceleration ?? null;
  if (accel !== null) {
    for (const key of ACCELERATION_ARRAYS) {
      const bytes = littleEndianBytes(Float64Array.from(accel[key]));
      arrays.push({ name: `frameAcceleration.${key}`, dtype: 'f64', bytes: bytes.length });
      parts.push(bytes);
    }
  }
  arrays.push({ name: 'kind', dtype: 'u8', bytes: state.count });
  parts.push(state.kind.subarray(0, state.count));
  const { frameAcceleration: _samples, ...plainInfo } = info;
  const header: Header = {
    version: CHECKPOINT_VERSION, ...plainInfo, time: state.time, step: state.step, nextId: state.nextId, count: state.count,
    maxVel2: state.maxVel2, maxAccel2: state.maxAccel2, arrays,
  };
  const headerBytes = new TextEncoder().encode(JSON.stringify(header));
  const start = Math.ceil((4 + headerBytes.length) / 8) * 8;
  // f64 arrays first, so every array starts aligned to its element size.
  let total = start;
  for (const p of parts) total += Math.ceil(p.length / 8) * 8;
  const out = new Uint8Array(total);
  new DataView(out.buffer).setUint32(0, headerBytes.length, true);
  out.set(headerBytes, 4);
  let offset = start;
  for (const p of parts) {
    out.set(p, offset);
    offset += Math.ceil(p.length / 8) * 8;
  }
  await sink.writeFile(`${CHECKPOINT_FILE}.tmp`, out);
  await sink.rename(`${CHECKPOINT_FILE}.tmp`, CHECKPOINT_FILE);
  return total;
}

const LITTLE_ENDIAN_HOST = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** Little-endian file bytes to host order, in place. */
function toHostOrder(bytes: Uint8Array, width: number): Uint8Array {
  if (LITTLE_ENDIAN_HOST) return bytes;
  for (let i = 0; i < bytes.length; i += width) bytes.subarray(i, i + width).reverse();
  return bytes;
}

export interface LoadedCheckpoint {
  info: CheckpointInfo;
  state: EngineState;
}

export async function readCheckpoint(sink: OutputSink): Promise<LoadedCheckpoint | null> {
  const bytes = await sink.readFile(CHECKPOINT_FILE);
  if (bytes === null) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerLength = view.getUint32(0, true);
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + headerLength))) as Header;
  if (header.version !== CHECKPOINT_VERSION) throw new Error(`checkpoint version ${header.version} is not supported`);
  let offset = Math.ceil((4 + headerLength) / 8) * 8;
  const arrays = new Map<string, Float64Array | Uint32Array | Uint8Array>();
  for (const a of header.arrays) {
    const copy = bytes.slice(offset, offset + a.bytes);
    offset += Math.ceil(a.bytes / 8) * 8;
    if (a.dtype === 'f64') arrays.set(a.name, new Float64Array(toHostOrder(copy, 8).buffer, 0, a.bytes / 8));
    else if (a.dtype === 'u32') arrays.set(a.name, new Uint32Array(toHostOrder(copy, 4).buffer, 0, a.bytes / 4));
    else arrays.set(a.name, copy);
  }
  const f64 = (name: string) => {
    const a = arrays.get(name);
    if (!(a instanceof Float64Array)) throw new Error(`checkpoint lacks ${name}`);
    return a;
  };
  const u32 = (name: string) => {
    const a = arrays.get(name);
    if (!(a instanceof Uint32Array)) throw new Error(`checkpoint lacks ${name}`);
    return a;
  };
  const kind = arrays.get('kind');
  if (!(kind instanceof Uint8Array)) throw new Error('checkpoint lacks kind');
  const state: EngineState = {
    time: header.time, step: header.step, nextId: header.nextId, count: header.count,
    maxVel2: header.maxVel2, maxAccel2: header.maxAccel2,
    x: f64('x'), y: f64('y'), z: f64('z'), vx: f64('vx'), vy: f64('vy'), vz: f64('vz'), rho: f64('rho'), p: f64('p'),
    mass: f64('mass'), nx: f64('nx'), ny: f64('ny'), nz: f64('nz'), fs: f64('fs'), kind, body: u32('body'), id: u32('id'),
  };
  for (const key of THERMAL_ARRAY_KEYS) if (arrays.has(key)) state[key] = f64(key);
  const frameAcceleration = arrays.has('frameAcceleration.time')
    ? {
      time: Array.from(f64('frameAcceleration.time')), ax: Array.from(f64('frameAcceleration.ax')),
      ay: Array.from(f64('frameAcceleration.ay')), az: Array.from(f64('frameAcceleration.az')),
    }
    : null;
  return {
    info: {
      outputNo: header.outputNo, runtime: header.runtime, logBytes: header.logBytes, setupHash: header.setupHash, backend: header.backend,
      frameAcceleration,
    },
    state,
  };
}
