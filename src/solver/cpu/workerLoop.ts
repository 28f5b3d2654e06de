// Body of a solver worker thread, independent of Node or browser: waits on the shared control block,
// runs its range of the requested pass, reports its result and goes back to waiting.
import { particleViews } from '../particles.ts';
import { neighbourListViews } from '../physics/neighbourLists.ts';
import type { GridSpec } from '../grid.ts';
import type { PhysicsParams } from '../params.ts';
import {
  CTRL_ARG0, CTRL_ARG1, CTRL_BOUNDS, CTRL_COMMAND, CTRL_DONE, CTRL_GENERATION, F64_DT, F64_GRAVITY, F64_LIST_R2, F64_RESULTS,
  F64_SHIFT_SCALE, Pass,
  boundsSetOf, runPass, type PassContext,
} from './passes.ts';

export interface WorkerInit {
  threadIndex: number;
  threads: number;
  control: SharedArrayBuffer;
  results: SharedArrayBuffer;
  particles: SharedArrayBuffer;
  capacity: number;
  cellStart: SharedArrayBuffer;
  wallStart: SharedArrayBuffer;
  movingWallStart: SharedArrayBuffer | null;
  bodyFields: SharedArrayBuffer;
  cellFluid: SharedArrayBuffer;
  /** Neighbour lists; their layout is in the buffer's header. */
  lists: SharedArrayBuffer;
  grid: GridSpec;
  prm: PhysicsParams;
}

export interface WorkerRebind {
  particles: SharedArrayBuffer;
  capacity: number;
  lists: SharedArrayBuffer;
}

/**
 * Runs passes until told to exit (returns 'exit') or to take new particle memory (returns 'rebind'; the
 * caller then waits for the WorkerRebind message and calls again with the new context).
 */
export function workerLoop(init: WorkerInit, ctx: PassContext, lastGeneration: number): { reason: 'exit' | 'rebind'; generation: number } {
  const ctrl = new Int32Array(init.control);
  const res = new Float64Array(init.results);
  const t = init.threadIndex;
  const gravity = res.subarray(F64_GRAVITY, F64_GRAVITY + 3);
  let gen = lastGeneration;
  for (;;) {
    Atomics.wait(ctrl, CTRL_GENERATION, gen);
    const now = Atomics.load(ctrl, CTRL_GENERATION);
    if (now === gen) continue;
    gen = now;
    const pass = ctrl[CTRL_COMMAND];
    if (pass === Pass.exit || pass === Pass.rebind) {
      Atomics.add(ctrl, CTRL_DONE, 1);
      Atomics.notify(ctrl, CTRL_DONE);
      return { reason: pass === Pass.exit ? 'exit' : 'rebind', generation: gen };
    }
    const base = CTRL_BOUNDS + boundsSetOf(pass) * (init.threads + 1);
    try {
      const scalars = { dt: res[F64_DT], shiftScale: res[F64_SHIFT_SCALE], listRadius2: res[F64_LIST_R2], gravity };
      res[F64_RESULTS + t] = runPass(ctx, pass, ctrl[CTRL_ARG0], ctrl[CTRL_ARG1], scalars, ctrl[base + t], ctrl[base + t + 1]);
    } catch {
      res[F64_RESULTS + t] = Number.NaN;
    }
    Atomics.add(ctrl, CTRL_DONE, 1);
    Atomics.notify(ctrl, CTRL_DONE);
  }
}

export function contextFromInit(
  init: WorkerInit, particles: SharedArrayBuffer, capacity: number, lists: SharedArrayBuffer,
): PassContext {
  return {
    store: particleViews(particles, capacity),
    lists: neighbourListViews(lists, capacity),
    grid: init.grid,
    cellStart: new Int32Array(init.cellStart),
    wallStart: new Int32Array(init.wallStart),
    movingWallStart: init.movingWallStart === null ? null : new Int32Array(init.movingWallStart),
    bodyFields: new Float64Array(init.bodyFields),
    cellFluid: new Uint8Array(init.cellFluid),
    prm: init.prm,
  };
}
