// Neighbour lists of the fluid particles for the pair loops (rates.ts, surfaceTension.ts): built from the
// cell lists after every sort, compact (row counts and bytes), one pool region per thread.
import { ParticleKind, type ParticleStore } from '../particles.ts';
import { CELL_RUN_SLOTS, neighbourCellRuns, type GridSpec } from '../grid.ts';
import type { PhysicsParams } from '../params.ts';
import { NO_PERIOD, gridPeriods, minImage } from '../periodic.ts';

const FLUID = ParticleKind.fluid;

/**
 * Neighbour lists of the fluid particles, rebuilt after every sort with radius 2h plus a skin that
 * covers the motion until the next sort, so that the four RK4 stages skip the cell search.
 *
 * A particle's neighbours lie in the 9 rows of 3 cells around its cell (rows along x are contiguous in
 * memory), in each of the cell lists (moving walls, walls at rest, moving particles). So its list is
 * written as bytes: the number of neighbours in each of those 27 rows, then each neighbour as its index
 * less the row's first index (a row of 3 cells holds about 50 particles). A list is 27 + n bytes, where
 * 160 fixed Int32 slots took 640 bytes. The rows are the runs of neighbourCellRuns, in its order: along
 * a periodic x a row at either end of the grid splits into two runs, so such a grid has 18 counts per
 * cell list (listRowsOf). Readers expand it into absolute indices (decodeNeighbours) in a
 * per-thread scratch array, the particle's own work being far larger than that.
 *
 * A thread building the lists of the index range [start, end) writes them one after the other into its
 * own region of the pool, [(start − first) bytesPer, (end − first) bytesPer). A list that does not fit
 * what is left of the region, or whose row holds more than 255 particles (a coarsened grid), goes to that
 * thread's `overflow` map as absolute indices; the backend then grows the pool (listBytesPerParticle).
 */
export interface NeighbourLists {
  buffer: ArrayBuffer | SharedArrayBuffer;
  /** Particles of capacity; the first that may hold a list (the walls come before it). */
  capacity: number;
  first: number;
  /** Pool bytes per particle of [first, capacity). */
  bytesPer: number;
  nbr: Uint8Array;
  /**
   * walls << 16 | total per fluid particle, or negative for a list in the overflow map: OUT_OF_ROOM when
   * the thread's region was full, LONG_RUN when a cell run held more particles than a byte counts.
   */
  count: Int32Array;
  /** Where a particle's list starts in `nbr` (unsigned: the pool passes 2 GB from about ten million fluid particles). */
  offset: Uint32Array;
  overflow: Map<number, Int32Array>;
  /** The cell lists the lists were built from, which their bytes refer to (set by each build). */
  cells: ListCells | null;
  /** This thread's expanded list (decodeNeighbours). */
  scratch: Int32Array;
  /** This thread's cell runs of a neighbourhood (neighbourCellRuns). */
  runs: Int32Array;
}

interface ListCells {
  grid: GridSpec;
  cell: Int32Array;
  starts: readonly (Int32Array | null)[];
}

/** Rows of a neighbourhood: 9 per cell list (moving walls, walls at rest, moving particles). */
const LIST_ROWS = 27;

/** Row counts of a list on `grid`: 9 runs per cell list, 18 where x is periodic (see neighbourCellRuns). */
export function listRowsOf(grid: GridSpec): number {
  return ((grid.wrap ?? 0) & 1) !== 0 ? 2 * LIST_ROWS : LIST_ROWS;
}

function periodsOf(grid: GridSpec): readonly [number, number, number] {
  return (grid.wrap ?? 0) === 0 ? NO_PERIOD : gridPeriods(grid);
}
/** Int32 header of the list buffer: first and bytesPer, so that every thread reads the layout from it. */
const LIST_HEADER = 2;

function poolLength(capacity: number, first: number, bytesPer: number): number {
  return Math.max(1, (Math.max(1, capacity) - first) * bytesPer);
}

export function neighbourListViews(buffer: ArrayBuffer | SharedArrayBuffer, capacity: number): NeighbourLists {
  const cap = Math.max(1, capacity);
  const header = new Int32Array(buffer, 0, LIST_HEADER);
  const first = header[0], bytesPer = header[1];
  return {
    buffer, capacity, first, bytesPer,
    count: new Int32Array(buffer, LIST_HEADER * 4, cap),
    offset: new Uint32Array(buffer, (LIST_HEADER + cap) * 4, cap),
    nbr: new Uint8Array(buffer, (LIST_HEADER + 2 * cap) * 4, poolLength(capacity, first, bytesPer)),
    overflow: new Map(),
    cells: null,
    scratch: new Int32Array(512),
    runs: new Int32Array(CELL_RUN_SLOTS),
  };
}

/** Lists for particles [first, capacity) with `bytesPer` pool bytes each (on average over a thread's range). */
export function allocateNeighbourLists(capacity: number, first: number, bytesPer: number, shared: boolean): NeighbourLists {
  const bytes = (LIST_HEADER + 2 * Math.max(1, capacity)) * 4 + poolLength(capacity, first, bytesPer);
  const buffer = shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes);
  const header = new Int32Array(buffer, 0, LIST_HEADER);
  header[0] = first;
  header[1] = bytesPer;
  return neighbourListViews(buffer, capacity);
}

/**
 * Pool bytes per particle for lists of radius √listRadius2: the row counts, and a byte for each lattice
 * point within the radius (4/3 π (r/Δx)³, 85 at rest with the smallest skin, 2.1 h) and a fifth more for
 * a range that is locally denser than the lattice. A thread's region averages over its whole range, so
 * the margin need not cover the densest particle; a build that still runs out makes the backend grow it.
 */
export function listBytesPerParticle(listRadius2: number, dx: number, rows = LIST_ROWS): number {
  const r = Math.sqrt(listRadius2) / dx;
  return rows + Math.ceil(1.2 * (4 / 3) * Math.PI * r * r * r);
}

/** A list in the overflow map because its thread's region was full: a larger pool would hold it. */
const OUT_OF_ROOM = -1;
/** A list in the overflow map because a run of its cells held over 255 particles: no pool would hold it. */
const LONG_RUN = -2;

/**
 * True when some fluid list of [from, to) went to an overflow map because its thread's region was full
 * (lists of long runs stay in the map whatever the pool's size, so they do not count).
 */
export function listsOverflowed(kind: Uint8Array, from: number, to: number, lists: NeighbourLists): boolean {
  const count = lists.count;
  for (let i = from; i < to; i++) if (kind[i] === FLUID && count[i] === OUT_OF_ROOM) return true;
  return false;
}

/**
 * The neighbours of fluid particle i as absolute indices, walls first: the overflow list from index 1
 * (see count), or the expanded bytes in the thread's scratch array from index 0.
 */
export function decodeNeighbours(lists: NeighbourLists, i: number): Int32Array {
  if (lists.count[i] < 0) return lists.overflow.get(i) as Int32Array;
  const { grid, cell, starts } = lists.cells as ListCells;
  const nbr = lists.nbr;
  const perPass = listRowsOf(grid) / 3;
  const runs = lists.runs;
  const nRuns = neighbourCellRuns(grid, cell[i], runs) >> 1;
  const total = lists.count[i] & 0xffff;
  let out = lists.scratch;
  if (out.length < total) out = lists.scratch = new Int32Array(2 * total);
  const head = lists.offset[i];
  let at = head + 3 * perPass;
  let n = 0;
  for (let pass = 0; pass < 3; pass++) {
    const st = starts[pass];
    const slots = head + pass * perPass;
    for (let r = 0; r < nRuns; r++) {
      const m = nbr[slots + r];
      if (m === 0) continue;
      // A run with entries has its cell list.
      const base = (st as Int32Array)[runs[2 * r]];
      for (let e = 0; e < m; e++) out[n++] = base + nbr[at++];
    }
  }
  return out;
}

/**
 * Skin of the lists: the pair motion until the next sort, with room for growing speed. `steps` is the
 * number of steps the lists should last at the present speed (a pair closes in by up to 2 |v|max Δt a
 * step, Δt ≤ cfl h/c0); 1 gives 3 cfl h |v|/c0, the skin of lists rebuilt every step.
 */
export function listRadius2(prm: PhysicsParams, maxVel2: number, cflAcoustic: number, steps = 1): number {
  const skin = Math.max(0.1 * prm.h, ((2 * steps + 1) * cflAcoustic * prm.h * Math.sqrt(maxVel2)) / prm.c0);
  const r = 2 * prm.h + skin;
  return r * r;
}

/**
 * Neighbour lists of the fluid particles in [start, end): every particle within √listRadius2, the walls
 * (from their cell lists: moving walls, then walls at rest) before the moving particles, written one after
 * the other into the range's region of the pool (see NeighbourLists). count = walls << 16 | total, or
 * OUT_OF_ROOM / LONG_RUN for a list in the overflow map (whose first element is the wall count).
 */
export function buildNeighbourLists(
  s: ParticleStore, grid: GridSpec, cellStart: Int32Array, wallStart: Int32Array, movingWallStart: Int32Array | null,
  start: number, end: number, lists: NeighbourLists, listRadius2: number,
): void {
  const { x, y, z } = s.f;
  const kind = s.kind;
  const cell = s.cell;
  const { nbr, count, offset, overflow, first, bytesPer } = lists;
  const starts = [movingWallStart, wallStart, cellStart];
  lists.cells = { grid, cell, starts };
  const rows = listRowsOf(grid);
  const perPass = rows / 3;
  // Periodic axes: the runs wrap and the distance is the minimum image.
  const [px, py, pz] = periodsOf(grid);
  const runs = lists.runs;
  overflow.clear();
  let cursor = (start - first) * bytesPer;
  const regionEnd = (end - first) * bytesPer;
  for (let i = start; i < end; i++) {
    if (kind[i] !== FLUID) continue;
    const xi = x[i], yi = y[i], zi = z[i];
    const nRuns = neighbourCellRuns(grid, cell[i], runs) >> 1;
    // Written straight into the pool: the run counts first, each entry as it is found. A list that runs
    // out of room or meets a run too long for a byte is searched again into the overflow map (rare).
    const head = cursor;
    let at = head + rows;
    let fits = at <= regionEnd;
    if (fits) nbr.fill(0, head, at);
    let walls = 0;
    let longRun = false;
    for (let pass = 0; pass < 3 && fits; pass++) {
      const st = starts[pass];
      if (st === null) continue;
      for (let r = 0; r < nRuns; r++) {
        const jStart = st[runs[2 * r]];
        const jEnd = st[runs[2 * r + 1] + 1];
        if (jEnd - jStart > 255) {
          fits = false;
          longRun = true;
        }
        const runAt = at;
        for (let j = jStart; j < jEnd; j++) {
          if (j === i) continue;
          const rx = minImage(xi - x[j], px), ry = minImage(yi - y[j], py), rz = minImage(zi - z[j], pz);
          if (rx * rx + ry * ry + rz * rz >= listRadius2) continue;
          if (at < regionEnd) nbr[at] = j - jStart;
          at++;
        }
        if (runAt < regionEnd) nbr[head + pass * perPass + r] = at - runAt;
      }
      if (pass === 1) walls = at - head - rows;
    }
    if (fits && at <= regionEnd) {
      offset[i] = head;
      count[i] = (walls << 16) | (at - head - rows);
      cursor = at;
    } else {
      overflow.set(i, absoluteNeighbours(s, grid, starts, i, listRadius2, runs));
      count[i] = longRun && at <= regionEnd ? LONG_RUN : OUT_OF_ROOM;
    }
  }
}

/**
 * The list of particle i as absolute indices, the wall count first: the search of buildNeighbourLists
 * again (repeated rather than shared, so that the common path writes its bytes in one pass).
 */
function absoluteNeighbours(
  s: ParticleStore, grid: GridSpec, starts: readonly (Int32Array | null)[], i: number, listRadius2: number, runs: Int32Array,
): Int32Array {
  const { x, y, z } = s.f;
  const [px, py, pz] = periodsOf(grid);
  const nRuns = neighbourCellRuns(grid, s.cell[i], runs);
  const found = [0];
  for (let pass = 0; pass < 3; pass++) {
    const st = starts[pass];
    if (st === null) continue;
    for (let r = 0; r < nRuns; r += 2) {
      for (let j = st[runs[r]]; j < st[runs[r + 1] + 1]; j++) {
        const rx = minImage(x[i] - x[j], px), ry = minImage(y[i] - y[j], py), rz = minImage(z[i] - z[j], pz);
        if (j !== i && rx * rx + ry * ry + rz * rz < listRadius2) found.push(j);
      }
    }
    if (pass === 1) found[0] = found.length - 1;
  }
  return Int32Array.from(found);
}
