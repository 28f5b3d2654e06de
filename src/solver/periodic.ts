// Translational periodic axes (validation cases such as channel flow; not a setup setting): along a
// periodic axis the calculation domain dmin..dmax repeats with period L = dmax − dmin. Particles leaving
// at dmax re-enter at dmin, the neighbour search wraps its cells, and every pair term takes the
// minimum-image difference r_ij. See src/solver/README.md, 'Periodic axes'.
import type { GridSpec } from './grid.ts';
import { STATE_ARRAY_KEYS, THERMAL_ARRAY_KEYS, type EngineSetup, type EngineState } from './engine.ts';
import type { PhysicsParams } from './params.ts';

/** Which axes are periodic (EngineSetup.periodic). */
export interface PeriodicAxes {
  x: boolean;
  y: boolean;
  z: boolean;
}

/** Periods of a case without periodic axes. */
export const NO_PERIOD: readonly [number, number, number] = [0, 0, 0];

/** Bits of GridSpec.wrap and of the GPU's Params.periodic: 1 x, 2 y, 4 z. */
export function periodicBits(axes: PeriodicAxes | undefined): number {
  if (axes === undefined) return 0;
  return (axes.x ? 1 : 0) | (axes.y ? 2 : 0) | (axes.z ? 4 : 0);
}

/**
 * Minimum-image difference along an axis of period `period` (0: not periodic). A difference beyond half
 * a period belongs to the nearer image; positions stay within a period of each other (particles are
 * wrapped every step), so one shift suffices.
 */
export function minImage(d: number, period: number): number {
  if (period === 0) return d;
  const half = 0.5 * period;
  return d > half ? d - period : d < -half ? d + period : d;
}

/** Fewest cells along a periodic axis: with three, the 27 neighbour cells of a cell are all different. */
export const MIN_PERIODIC_CELLS = 3;

/**
 * The neighbour grid of a case with periodic axes: one cell size (at least the kernel support `support`)
 * that tiles every period exactly in at least three cells, the grid origin at dmin along those axes; the
 * other axes keep the extent of `grid`. Throws when no such cell size exists (periods without a common
 * divisor of at least the support).
 */
export function periodicGrid(
  grid: GridSpec, min: readonly number[], max: readonly number[], axes: PeriodicAxes, support: number,
): GridSpec {
  const bits = periodicBits(axes);
  if (bits === 0) return grid;
  const periodic = [0, 1, 2].filter((a) => (bits & (1 << a)) !== 0);
  const periods = periodic.map((a) => max[a] - min[a]);
  const first = periods[0];
  let cellSize = 0;
  // The smallest cell of at least the support that divides the first period and every other one.
  for (let k = Math.floor(first / support + 1e-9); k >= MIN_PERIODIC_CELLS && cellSize === 0; k--) {
    const c = first / k;
    if (periods.every((L) => Math.abs(L / c - Math.round(L / c)) < 1e-6 && Math.round(L / c) >= MIN_PERIODIC_CELLS)) cellSize = c;
  }
  if (cellSize === 0) {
    throw new Error(
      `periodic axes need periods (${periods.join(', ')} m) that one cell of at least the kernel support ` +
      `${support} m tiles exactly, ${MIN_PERIODIC_CELLS} cells or more each`,
    );
  }
  const origin = [grid.ox, grid.oy, grid.oz];
  const extent = [grid.nx, grid.ny, grid.nz].map((n) => n * grid.cellSize);
  const o = [0, 0, 0], n = [0, 0, 0];
  for (let a = 0; a < 3; a++) {
    if ((bits & (1 << a)) !== 0) {
      o[a] = min[a];
      n[a] = Math.round((max[a] - min[a]) / cellSize);
    } else {
      o[a] = origin[a];
      n[a] = Math.max(1, Math.ceil(extent[a] / cellSize - 1e-9));
    }
  }
  return { ox: o[0], oy: o[1], oz: o[2], cellSize, nx: n[0], ny: n[1], nz: n[2], nCells: n[0] * n[1] * n[2], wrap: bits };
}

/** Periods (m) of the grid's periodic axes, 0 along the others. */
export function gridPeriods(grid: GridSpec): [number, number, number] {
  const w = grid.wrap ?? 0;
  return [
    (w & 1) !== 0 ? grid.nx * grid.cellSize : 0,
    (w & 2) !== 0 ? grid.ny * grid.cellSize : 0,
    (w & 4) !== 0 ? grid.nz * grid.cellSize : 0,
  ];
}

/**
 * The grid and parameters a backend runs with: with periodic axes the periodic grid and the periods in
 * the parameters (the pair terms' minimum image, the wrap of positions); otherwise those of the setup.
 */
export function periodicEngine(
  prm: PhysicsParams, grid: GridSpec, axes: PeriodicAxes | undefined,
): { prm: PhysicsParams; grid: GridSpec } {
  if (periodicBits(axes) === 0 || axes === undefined) return { prm, grid };
  const g = periodicGrid(grid, prm.domainMin, prm.domainMax, axes, 2 * prm.h);
  return { prm: { ...prm, period: gridPeriods(g) }, grid: g };
}

/**
 * The state without the particles that lie outside dmin..dmax along a periodic axis: a case builder lays
 * walls (plates) beyond the period so that their normals see no end, and keeps one period of them.
 */
export function trimToPeriods(state: EngineState, min: readonly number[], max: readonly number[], axes: PeriodicAxes): EngineState {
  const bits = periodicBits(axes);
  const pos = [state.x, state.y, state.z];
  const keep: number[] = [];
  for (let i = 0; i < state.count; i++) {
    let inside = true;
    for (let a = 0; a < 3; a++) {
      if ((bits & (1 << a)) !== 0 && (pos[a][i] < min[a] || pos[a][i] >= max[a])) inside = false;
    }
    if (inside) keep.push(i);
  }
  const pick = <T extends Float64Array | Uint32Array | Uint8Array>(a: T): T => {
    const out = new (a.constructor as new (n: number) => T)(keep.length);
    for (let k = 0; k < keep.length; k++) out[k] = a[keep[k]];
    return out;
  };
  const next: EngineState = { ...state, count: keep.length, kind: pick(state.kind), body: pick(state.body), id: pick(state.id) };
  for (const key of STATE_ARRAY_KEYS) next[key] = pick(state[key]);
  for (const key of THERMAL_ARRAY_KEYS) {
    const a = state[key];
    if (a !== undefined) next[key] = pick(a);
  }
  return next;
}

/** An engine setup with periodic axes, its state trimmed to one period (trimToPeriods). */
export function withPeriodicAxes(setup: EngineSetup, axes: PeriodicAxes): EngineSetup {
  const { domainMin, domainMax } = setup.prm;
  return { ...setup, state: trimToPeriods(setup.state, domainMin, domainMax, axes), periodic: axes };
}
