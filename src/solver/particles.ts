// Particle storage: struct-of-arrays typed arrays in one (optionally shared) buffer, so that worker
// threads and the GPU upload read the same memory. No per-particle objects anywhere in the engine.

export const ParticleKind = { fluid: 0, wall: 1, buffer: 2 } as const;
export type ParticleKindValue = (typeof ParticleKind)[keyof typeof ParticleKind];

/**
 * Float64 fields that define the state of a particle: sorted with it, saved in checkpoints. Pressure is
 * derived from density but kept, so that a resumed run reads exactly the values the stopped one had;
 * `fs` flags free-surface particles found by the last shifting evaluation (1) for the next one; `temp` is
 * the temperature (K, heat transfer only) and `wdepth` a wall particle's distance behind its surface.
 */
export const STATE_F64 = ['x', 'y', 'z', 'vx', 'vy', 'vz', 'rho', 'p', 'mass', 'nx', 'ny', 'nz', 'fs', 'temp', 'wdepth'] as const;
/**
 * Float64 work fields, rewritten during every step: the RK4 start state (x0..rho0, temp0 with heat
 * transfer), from which every stage and the step's end are taken, so it keeps the state's precision, the
 * kinematic viscosity of the step from a viscosity table (visc, a material property the outputs give as
 * the table says it), and the sort's scratch (tmp), which carries any field.
 */
export const WORK_F64 = ['x0', 'y0', 'z0', 'vx0', 'vy0', 'vz0', 'rho0', 'temp0', 'visc', 'tmp'] as const;
/**
 * Float32 work fields: weighted rate sums (kx..krho), rates (ax..drho), the shifting correction of the
 * step (sx..svz) and the new surface flags (fsn), the frozen viscous acceleration of the dual time step
 * (fvx..fvz), boundary ghost velocities (gvx..gvz), for heat transfer the temperature's rate sum and
 * rate (ktemp, dtemp), a wall particle's kernel sum over the fluid (hnorm) and the heat flux it passes
 * (hflux), with surface tension the colour gradient, interface normal and surface delta of a fluid
 * particle (cgx..cgz, cnx..cnz, cdel). Each is a rate or a correction that a step adds to a Float64 state times Δt: its 2^-24
 * relative rounding is far below the scheme's error (the validation cases agree with the Float64 ones
 * to their printed digits), and it takes 4 bytes where 8 were 76 more bytes per fluid particle.
 */
export const WORK_F32 = [
  'kx', 'ky', 'kz', 'kvx', 'kvy', 'kvz', 'krho',
  'ax', 'ay', 'az', 'drho',
  'sx', 'sy', 'sz', 'srho', 'svx', 'svy', 'svz', 'fsn',
  'fvx', 'fvy', 'fvz',
  'gvx', 'gvy', 'gvz',
  'ktemp', 'dtemp', 'hnorm', 'hflux',
  'cgx', 'cgy', 'cgz', 'cnx', 'cny', 'cnz', 'cdel',
] as const;
export type StateF64 = (typeof STATE_F64)[number];
export type WorkF64 = (typeof WORK_F64)[number];
export type F64Field = StateF64 | WorkF64;
export type F32Field = (typeof WORK_F32)[number];
/** Any floating-point field of a particle. */
export type FloatField = F64Field | F32Field;
export type ParticleFields = { [K in F64Field]: Float64Array } & { [K in F32Field]: Float32Array };

const F64_FIELDS: readonly F64Field[] = [...STATE_F64, ...WORK_F64];
const U32_FIELDS = ['body', 'id', 'tmpU32'] as const;
const I32_FIELDS = ['cell'] as const;

export interface ParticleStore {
  readonly capacity: number;
  readonly buffer: ArrayBuffer | SharedArrayBuffer;
  readonly f: ParticleFields;
  readonly kind: Uint8Array;
  readonly body: Uint32Array;
  readonly id: Uint32Array;
  readonly tmpU32: Uint32Array;
  /** Cell of each particle at the last sort. */
  readonly cell: Int32Array;
}

function layoutBytes(capacity: number): number {
  const cap = Math.max(capacity, 1);
  const align8 = (n: number) => Math.ceil(n / 8) * 8;
  return F64_FIELDS.length * cap * 8 + align8(WORK_F32.length * cap * 4) + align8(U32_FIELDS.length * cap * 4) + align8(I32_FIELDS.length * cap * 4) + align8(cap);
}

/** Views over `buffer`; the same layout on every thread. */
export function particleViews(buffer: ArrayBuffer | SharedArrayBuffer, capacity: number): ParticleStore {
  const cap = Math.max(capacity, 1);
  let offset = 0;
  const f = {} as Record<F64Field, Float64Array> & Record<F32Field, Float32Array>;
  for (const name of F64_FIELDS) {
    f[name] = new Float64Array(buffer, offset, cap);
    offset += cap * 8;
  }
  for (const name of WORK_F32) {
    f[name] = new Float32Array(buffer, offset, cap);
    offset += cap * 4;
  }
  offset = Math.ceil(offset / 8) * 8;
  const u32: Uint32Array[] = [];
  for (let i = 0; i < U32_FIELDS.length; i++) {
    u32.push(new Uint32Array(buffer, offset, cap));
    offset += cap * 4;
  }
  offset = Math.ceil(offset / 8) * 8;
  const cell = new Int32Array(buffer, offset, cap);
  offset += Math.ceil((cap * 4) / 8) * 8;
  const kind = new Uint8Array(buffer, offset, cap);
  return { capacity, buffer, f, kind, body: u32[0], id: u32[1], tmpU32: u32[2], cell };
}

export function allocateParticles(capacity: number, shared: boolean): ParticleStore {
  const bytes = layoutBytes(capacity);
  const buffer = shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes);
  return particleViews(buffer, capacity);
}

/** Copies the state fields of the first `count` particles into a store of another capacity. */
export function copyParticleState(from: ParticleStore, to: ParticleStore, count: number): void {
  for (const name of STATE_F64) to.f[name].set(from.f[name].subarray(0, count));
  to.kind.set(from.kind.subarray(0, count));
  to.body.set(from.body.subarray(0, count));
  to.id.set(from.id.subarray(0, count));
}

/** Plain initial particles, as the discretizer produces them (before the engine owns the memory). */
export interface ParticleSet {
  count: number;
  x: Float64Array;
  y: Float64Array;
  z: Float64Array;
  vx: Float64Array;
  vy: Float64Array;
  vz: Float64Array;
  rho: Float64Array;
  mass: Float64Array;
  nx: Float64Array;
  ny: Float64Array;
  nz: Float64Array;
  kind: Uint8Array;
  body: Uint32Array;
}
