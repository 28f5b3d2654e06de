// The WebGPU backend's memory layout: global atomics slots, uniform sizes and table limits, and the
// per-particle buffers with what they cost (shaders/sph/common.wgsl lays them out for the kernels).
import type { GridSpec } from '../grid.ts';
import type { PhysicsParams } from '../params.ts';

/** Global atomics slots (shaders/sph/common.wgsl). */
export const G = {
  count: 0, maxV2: 1, maxA2: 2, prevV2: 3, prevA2: 4, tHi: 5, tLo: 6, dt: 7, steps: 8, reached: 9,
  targetHi: 10, targetLo: 11, advLeft: 12, advEndHi: 13, advEndLo: 14, shiftScale: 15, overflow: 16, nextId: 17,
  live: 18, advReaches: 19, gravX: 20,
} as const;
export const GLOBAL_SLOTS = 64;
/** Bits of the kernels' CASE_FEATURES pipeline constant (shaders/sph/common.wgsl, FEATURE_*). */
export const FEATURE = {
  multiphase: 1, heat: 2, surfaceTension: 4, rotating: 8, wallsMove: 16, viscosityTable: 32, periodic: 64, timeGravity: 128,
} as const;
export const SLOT_STRIDE = 256;
export const PARAMS_BYTES = 336;
/** Rows (vec4) of body fields per body (shaders/sph/motion.wgsl). */
export const BODY_ROWS = 10;
/** Bodies whose velocity fields the rates read from a uniform array (shaders/sph/rates.wgsl). */
export const MAX_UNIFORM_BODIES = 1024;
/** Rows (vec4) of the heat transfer uniform (shaders/sph/heat.wgsl): 2 of parameters, 2 per body, and
 * the viscosity table in its last MAX_VISCOSITY_ROWS rows (shaders/sph/rates.wgsl). */
export const HEAT_ROWS = 2048;
/** Rows of a viscosity table the rates read from the end of the heat uniform. */
export const MAX_VISCOSITY_ROWS = 128;
export const MAX_HEAT_BODIES = (HEAT_ROWS - MAX_VISCOSITY_ROWS - 2) / 2;
/** Phase table of several fluids (shaders/sph/common.wgsl): phases, first row of the viscosity tables, rows (vec4). */
export const MAX_PHASES = 5;
export const PHASE_VISC_ROW = 2 * MAX_PHASES + MAX_PHASES * MAX_PHASES;
export const PHASE_ROWS = PHASE_VISC_ROW + MAX_PHASES;

/** The sort's scratch (shaders/sph/permuteState.wgsl): each array is scattered into it and copied back. */
export const SORT_SCRATCH = 17;
/** The sort's per-bin counts (shaders/sph/sort.wgsl): in the scratch's buffer where that holds them. */
export const CELL_COUNTS = 10;
/** The arrays the sort scatters, by kernel, each kernel's arrays one after the other in the scratch. */
export const PERMUTED: [entry: string, bindings: number[]][] = [
  ['permuteMotion', [1, 2, 3]], ['permuteNrm', [4]], ['permuteExtra', [8]], ['permuteIds', [5]],
];
/** Per-particle buffers every case uses: binding → bytes per particle (rk, binding 6, too: both schemes take RK4 stages). */
export const PARTICLE_BUFFERS: Record<number, number> = {
  1: 16, 2: 16, 3: 16, 4: 16, 5: 8, 6: 64, 7: 16, 8: 48, 11: 8, [SORT_SCRATCH]: 48,
};
/** Surface tension's colour gradients (recomputed before every rate evaluation): without it the binding gets a 16-byte buffer the kernels never index. */
export const COLOUR = 31;
export const COLOUR_BYTES = 16;
export const round16 = (n: number) => Math.max(16, Math.ceil(n / 16) * 16);

/** What a case switches on that changes the GPU memory it needs. */
export type GpuMemoryCase = Pick<PhysicsParams, 'surfaceTension'>;

/** Bytes per particle of each per-particle buffer for a case; 0 for one the case does not use, bound as a 16-byte buffer. */
export function particleBuffers(c: GpuMemoryCase): [binding: number, bytesPerParticle: number][] {
  const out = Object.entries(PARTICLE_BUFFERS).map(([b, per]) => [Number(b), per] as [number, number]);
  out.push([COLOUR, c.surfaceTension !== null ? COLOUR_BYTES : 0]);
  return out;
}

/**
 * Most cells per particle for which the GPU sorts into cells of half the host grid's: 32 bytes per
 * particle of bin starts (two bins per cell), their counts in the sort's scratch.
 */
export const FINE_CELLS_PER_PARTICLE = 4;
/** Half cells at any count up to this many (16 MB of bins): a small case's bins cost nothing worth saving. */
export const FINE_CELLS_ANYWAY = 1 << 20;

/** Whether the GPU sorts into the host grid's cells halved (8 times as many): sortGrid. */
function fineCells(nCells: number, particles: number): boolean {
  return 8 * nCells <= Math.max(FINE_CELLS_PER_PARTICLE * particles, FINE_CELLS_ANYWAY);
}

/**
 * The cells the GPU sorts particles into and walks (shaders/sph/neighbours.wgsl): the host grid's cells
 * halved along each axis where that makes at most FINE_CELLS_PER_PARTICLE cells per particle (or at most
 * FINE_CELLS_ANYWAY cells), walked 2 cells on either side (reach 2); else the host grid's own, whose cells
 * are at least the kernel support (reach 1). Half cells cut the candidates a particle reads from 362 to
 * about 185 on a uniform lattice (475 in the 27 whole cells unclipped; some 74 lie within the support),
 * the same box and the same periods (each period's cells, halved, still tile
 * it). `particles` is the case's count, walls included.
 */
export function sortGrid(grid: GridSpec, particles: number): { grid: GridSpec; reach: 1 | 2 } {
  if (!fineCells(grid.nCells, particles)) return { grid, reach: 1 };
  return {
    grid: { ...grid, cellSize: grid.cellSize / 2, nx: 2 * grid.nx, ny: 2 * grid.ny, nz: 2 * grid.nz, nCells: 8 * grid.nCells },
    reach: 2,
  };
}

/**
 * GPU memory that the backend allocates for `count` particles (no inlet buffers) of case `c` on a grid
 * of `nCells` host cells (sortGrid gives the GPU's), from the sizes it gives its buffers, without a device: the per-particle buffers for
 * the capacity it rounds to, the sort's two bin buffers and block sums, and the fixed globals, uniforms
 * and the 16-byte buffers of unused bindings. The tables of a case (open boundaries, movements, contact angles) add a few KB. There
 * are no neighbour lists: the shaders walk the cells.
 */
export function gpuBufferBytes(count: number, nCells: number, c: GpuMemoryCase): { particles: number; cells: number; fixed: number } {
  const capacity = Math.max(64, Math.ceil(count / 64) * 64);
  let perParticle = 0;
  let unusedBindings = 0;
  for (const [, per] of particleBuffers(c)) {
    perParticle += per;
    if (per === 0) unusedBindings += 16;
  }
  const cells = fineCells(nCells, count) ? 8 * nCells : nCells;
  const bins = 2 * cells + 1;
  // The counts share the sort's scratch where it holds them (GpuBackend.allocate).
  const ownCounts = capacity * PARTICLE_BUFFERS[SORT_SCRATCH] >= bins * 4 ? 0 : round16(bins * 4);
  return {
    particles: capacity * perParticle,
    cells: round16(bins * 4) + ownCounts + round16((Math.ceil(bins / 1024) + 1) * 4),
    fixed: round16(GLOBAL_SLOTS * 4) + MAX_UNIFORM_BODIES * 3 * 16 + HEAT_ROWS * 16 + PARAMS_BYTES + unusedBindings,
  };
}
