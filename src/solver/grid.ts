// Cell-linked list by counting sort: particles are physically reordered by cell every step, so the
// particles of one cell (and of a row of three cells along x) are contiguous in memory.
import { ParticleKind, STATE_F64, type F64Field, type FloatField, type ParticleStore } from './particles.ts';

export interface GridSpec {
  ox: number;
  oy: number;
  oz: number;
  cellSize: number;
  nx: number;
  ny: number;
  nz: number;
  nCells: number;
  /** Periodic axes (src/solver/periodic.ts): bit 0 x, 1 y, 2 z; the cells tile each period. Absent: none. */
  wrap?: number;
}

const FLUID_KIND = ParticleKind.fluid;

/** Particles with this kind are removed at the next sort (deletion boundary, open boundary outlet). */
export const DEAD_KIND = 255;

/** Cells are at least the kernel support 2h; the grid is coarsened when the box would need too many cells. */
export function makeGrid(min: readonly number[], max: readonly number[], support: number, capacity: number): GridSpec {
  const ext = [0, 1, 2].map((a) => Math.max(max[a] - min[a], support));
  const maxCells = Math.max(8 * capacity, 1 << 18);
  let cellSize = support;
  while (Math.ceil(ext[0] / cellSize) * Math.ceil(ext[1] / cellSize) * Math.ceil(ext[2] / cellSize) > maxCells) {
    cellSize *= 1.25;
  }
  const nx = Math.max(1, Math.ceil(ext[0] / cellSize));
  const ny = Math.max(1, Math.ceil(ext[1] / cellSize));
  const nz = Math.max(1, Math.ceil(ext[2] / cellSize));
  return { ox: min[0], oy: min[1], oz: min[2], cellSize, nx, ny, nz, nCells: nx * ny * nz };
}

/** Cell of a point, clamped into the grid (clamping keeps neighbouring points in neighbouring cells). */
export function cellOf(g: GridSpec, x: number, y: number, z: number): number {
  const inv = 1 / g.cellSize;
  let cx = Math.floor((x - g.ox) * inv);
  let cy = Math.floor((y - g.oy) * inv);
  let cz = Math.floor((z - g.oz) * inv);
  cx = cx < 0 ? 0 : cx >= g.nx ? g.nx - 1 : cx;
  cy = cy < 0 ? 0 : cy >= g.ny ? g.ny - 1 : cy;
  cz = cz < 0 ? 0 : cz >= g.nz ? g.nz - 1 : cz;
  return cx + g.nx * (cy + g.ny * cz);
}

/** Entries `neighbourCellRuns` may write: nine rows of up to two runs, two cells each. */
export const CELL_RUN_SLOTS = 36;

/**
 * The cells around cell c (itself included) as runs of consecutive cell indices, whose particles are
 * therefore contiguous in a cell list: up to three cells of a row along x. Writes first, last pairs into
 * `runs` and returns the number of entries written. Along a periodic axis the neighbours wrap around
 * (a row at either end of a periodic x splits into two runs); otherwise the grid's edge cuts them.
 */
export function neighbourCellRuns(g: GridSpec, c: number, runs: Int32Array): number {
  const gnx = g.nx, gny = g.ny, gnz = g.nz;
  const wrap = g.wrap ?? 0;
  const cx = c % gnx;
  const cyz = (c - cx) / gnx;
  const cy = cyz % gny;
  const cz = (cyz - cy) / gny;
  const wrapX = (wrap & 1) !== 0;
  let n = 0;
  for (let dzc = -1; dzc <= 1; dzc++) {
    let zz = cz + dzc;
    if (zz < 0 || zz >= gnz) {
      if ((wrap & 4) === 0) continue;
      zz = zz < 0 ? zz + gnz : zz - gnz;
    }
    for (let dyc = -1; dyc <= 1; dyc++) {
      let yy = cy + dyc;
      if (yy < 0 || yy >= gny) {
        if ((wrap & 2) === 0) continue;
        yy = yy < 0 ? yy + gny : yy - gny;
      }
      const row = (zz * gny + yy) * gnx;
      if (wrapX && cx === 0) {
        runs[n++] = row;
        runs[n++] = row + 1;
        runs[n++] = row + gnx - 1;
        runs[n++] = row + gnx - 1;
      } else if (wrapX && cx === gnx - 1) {
        runs[n++] = row;
        runs[n++] = row;
        runs[n++] = row + gnx - 2;
        runs[n++] = row + gnx - 1;
      } else {
        runs[n++] = row + (cx > 0 ? cx - 1 : 0);
        runs[n++] = row + (cx < gnx - 1 ? cx + 1 : gnx - 1);
      }
    }
  }
  return n;
}

/** Some cell of the run first..last held fluid at the last sort. */
export function runHoldsFluid(cellFluid: Uint8Array, first: number, last: number): boolean {
  for (let c = first; c <= last; c++) if (cellFluid[c] !== 0) return true;
  return false;
}

export interface SortScratch {
  /** Counts per cell, then running offsets; nCells + 1 entries. */
  offsets: Int32Array;
  /** Destination index of every particle. */
  dest: Int32Array;
}

export function createSortScratch(g: GridSpec, capacity: number): SortScratch {
  return { offsets: new Int32Array(g.nCells + 1), dest: new Int32Array(Math.max(capacity, 1)) };
}

/**
 * Stable counting sort of the particles [from, count) by cell; dead particles go last and are dropped.
 * Fills `cellStart` (nCells + 1 absolute indices, cellStart[nCells] = end of the live particles) and
 * returns that end. `extra` work fields are permuted along with the state (used inside a dual time
 * step); `cellFluid` receives 1 for every cell holding fluid, so that boundary passes can skip dry
 * neighbourhoods. Particles before `from` (the static walls) are left alone. `state` are the state fields
 * carried (all of them by default; the backend leaves out those its particles never use, whose pages
 * then stay untouched and cost no memory).
 */
export function sortByCell(
  s: ParticleStore, count: number, g: GridSpec, cellStart: Int32Array, scratch: SortScratch,
  extra: readonly FloatField[] = [], cellFluid: Uint8Array | null = null, from = 0, state: readonly F64Field[] = STATE_F64,
): number {
  const { x, y, z } = s.f;
  const kind = s.kind;
  const cell = s.cell;
  const offsets = scratch.offsets;
  const dest = scratch.dest;
  const nCells = g.nCells;
  offsets.fill(0);
  const inv = 1 / g.cellSize;
  const { ox, oy, oz, nx, ny, nz } = g;
  for (let i = from; i < count; i++) {
    let c: number;
    if (kind[i] === DEAD_KIND) {
      c = nCells;
    } else {
      let cx = Math.floor((x[i] - ox) * inv);
      let cy = Math.floor((y[i] - oy) * inv);
      let cz = Math.floor((z[i] - oz) * inv);
      cx = cx < 0 ? 0 : cx >= nx ? nx - 1 : cx;
      cy = cy < 0 ? 0 : cy >= ny ? ny - 1 : cy;
      cz = cz < 0 ? 0 : cz >= nz ? nz - 1 : cz;
      c = cx + nx * (cy + ny * cz);
      offsets[c]++;
    }
    cell[i] = c;
  }
  if (cellFluid !== null) {
    cellFluid.fill(0);
    for (let i = from; i < count; i++) if (kind[i] === FLUID_KIND) cellFluid[cell[i]] = 1;
  }
  let sum = from;
  for (let c = 0; c < nCells; c++) {
    const n = offsets[c];
    cellStart[c] = sum;
    offsets[c] = sum;
    sum += n;
  }
  cellStart[nCells] = sum;
  const live = sum;
  let deadNext = live;
  for (let i = from; i < count; i++) {
    const c = cell[i];
    dest[i] = c === nCells ? deadNext++ : offsets[c]++;
  }
  const tmp = s.f.tmp;
  // tmp is Float64, so it carries Float32 fields exactly too.
  const permuteF64 = (a: Float64Array | Float32Array) => {
    for (let i = from; i < count; i++) tmp[dest[i]] = a[i];
    a.set(tmp.subarray(from, live), from);
  };
  for (const name of state) permuteF64(s.f[name]);
  for (const name of extra) permuteF64(s.f[name]);
  const tu = s.tmpU32;
  const permuteU32 = (a: Uint32Array | Int32Array) => {
    for (let i = from; i < count; i++) tu[dest[i]] = a[i];
    for (let i = from; i < live; i++) a[i] = tu[i];
  };
  permuteU32(s.body);
  permuteU32(s.id);
  permuteU32(s.cell);
  for (let i = from; i < count; i++) tu[dest[i]] = kind[i];
  for (let i = from; i < live; i++) kind[i] = tu[i];
  return live;
}

/**
 * Splits [from, count) into `parts` contiguous ranges holding about the same number of particles of
 * `kindWanted` (the expensive ones), so that threads get equal work. Returns parts + 1 bounds.
 */
export function balancedRanges(
  kind: Uint8Array, count: number, parts: number, kindWanted: number, from = 0, out: Int32Array | null = null,
): Int32Array {
  const bounds = out ?? new Int32Array(parts + 1);
  bounds[0] = from;
  let total = 0;
  for (let i = from; i < count; i++) if (kind[i] === kindWanted) total++;
  let seen = 0;
  let part = 1;
  for (let i = from; i < count && part < parts; i++) {
    if (kind[i] === kindWanted) {
      seen++;
      while (part < parts && seen >= (total * part) / parts) bounds[part++] = i + 1;
    }
  }
  for (; part < parts; part++) bounds[part] = count;
  bounds[parts] = count;
  return bounds;
}
