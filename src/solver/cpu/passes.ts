// The parallel passes of a CPU step and the shared control block through which the main thread hands
// them to worker threads. Each pass runs on one index range per thread; results are maxima.
import type { ParticleStore } from '../particles.ts';
import type { GridSpec } from '../grid.ts';
import type { PhysicsParams } from '../params.ts';
import { RATE_BUILD_LIST, fluidRates } from '../physics/rates.ts';
import { buildNeighbourLists, type NeighbourLists } from '../physics/neighbourLists.ts';
import { colourGradients, interfaceNormals } from '../physics/surfaceTension.ts';
import { mirroredWallStates, openBoundaryStates } from '../physics/boundaries.ts';
import { maxStepDisplacement2, rk4StageUpdate } from '../physics/integrate.ts';
import { wallHeatSums } from '../physics/heat.ts';
import { particleViscosities } from '../physics/viscosity.ts';

export const Pass = { walls: 1, buffers: 2, rates: 3, stage: 4, heatWalls: 5, displacement: 6, normals: 7, viscosity: 8, exit: 9, rebind: 10 } as const;

/** Control block layout (Int32 slots). */
export const CTRL_GENERATION = 0;
export const CTRL_COMMAND = 1;
export const CTRL_ARG0 = 2;
export const CTRL_ARG1 = 3;
export const CTRL_DONE = 4;
export const CTRL_BOUNDS = 16;
/** Float64 slots: dt, shift scale, neighbour list radius², gravity (3), then one result per thread. */
export const F64_DT = 0;
export const F64_SHIFT_SCALE = 1;
export const F64_LIST_R2 = 2;
export const F64_GRAVITY = 3;
export const F64_RESULTS = 8;

/** Bounds sets in the control block: fluid-balanced, wall-balanced, plain index split. */
export const BOUNDS_FLUID = 0;
export const BOUNDS_WALL = 1;
export const BOUNDS_ALL = 2;

export interface PassContext {
  store: ParticleStore;
  grid: GridSpec;
  /**
   * Cell lists (absolute indices): the fluid and buffer particles, the walls at rest in front of them,
   * and the moving walls between the two (null when no wall moves).
   */
  cellStart: Int32Array;
  wallStart: Int32Array;
  movingWallStart: Int32Array | null;
  /** Pose and velocity fields of every body at the current evaluation (physics/motion.ts). */
  bodyFields: Float64Array;
  /** 1 for cells that held fluid at the last sort. */
  cellFluid: Uint8Array;
  lists: NeighbourLists;
  prm: PhysicsParams;
}

export function controlInts(threads: number): number {
  return CTRL_BOUNDS + 3 * (threads + 1);
}

export function boundsSetOf(pass: number): number {
  return pass === Pass.rates || pass === Pass.normals || pass === Pass.viscosity ? BOUNDS_FLUID : pass === Pass.walls || pass === Pass.heatWalls ? BOUNDS_WALL : BOUNDS_ALL;
}

export interface PassScalars {
  dt: number;
  shiftScale: number;
  listRadius2: number;
  /** Body force of the evaluation: gravity less the frame acceleration. */
  gravity: Float64Array;
}

export function runPass(ctx: PassContext, pass: number, arg0: number, arg1: number, v: PassScalars, start: number, end: number): number {
  switch (pass) {
    case Pass.walls:
      mirroredWallStates(ctx.store, ctx.grid, ctx.cellStart, ctx.cellFluid, ctx.prm, start, end, v.gravity);
      return 0;
    case Pass.buffers:
      openBoundaryStates(ctx.store, ctx.grid, ctx.cellStart, ctx.cellFluid, ctx.prm, start, end);
      return 0;
    case Pass.rates:
      return fluidRates(
        ctx.store, ctx.grid, ctx.cellStart, ctx.wallStart, ctx.prm, start, end, arg0, ctx.lists, v.listRadius2,
        ctx.movingWallStart, v.gravity, ctx.bodyFields,
      );
    case Pass.normals:
      // Surface tension: colour gradients (arg1 = 0), then the interface normals from the neighbours'
      // gradients (arg1 = 1), before the rates read the neighbours' normals.
      if (arg1 === 0) {
        if ((arg0 & RATE_BUILD_LIST) !== 0) {
          buildNeighbourLists(ctx.store, ctx.grid, ctx.cellStart, ctx.wallStart, ctx.movingWallStart, start, end, ctx.lists, v.listRadius2);
        }
        colourGradients(ctx.store, ctx.prm, start, end, ctx.lists);
      } else {
        interfaceNormals(ctx.store, ctx.prm, start, end, ctx.lists);
      }
      return 0;
    case Pass.heatWalls:
      wallHeatSums(ctx.store, ctx.grid, ctx.cellStart, ctx.cellFluid, ctx.prm, start, end, arg0 !== 0);
      return 0;
    case Pass.viscosity:
      particleViscosities(ctx.store, ctx.grid, ctx.cellStart, ctx.wallStart, ctx.movingWallStart, ctx.prm, start, end);
      return 0;
    case Pass.stage:
      return rk4StageUpdate(ctx.store, ctx.prm, start, end, arg0, v.dt, arg1 !== 0, v.shiftScale);
    case Pass.displacement:
      return maxStepDisplacement2(ctx.store, start, end, ctx.prm.period);
    default:
      throw new Error(`unknown solver pass ${pass}`);
  }
}
