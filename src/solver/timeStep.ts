// Time-step control shared by both backends: CFL bounds of the RK4 step and the split of a dual time
// step into acoustic sub-steps, and the shortening of the last step before an output time.
import {
  CFL_ACOUSTIC, CFL_ADVECTION, CFL_VISCOUS, MAX_ACOUSTIC_SUBSTEPS, type PhysicsParams,
} from './params.ts';
import { acousticDt, type TimeControl } from './engine.ts';

/** Step of the plain RK4 scheme. */
export function rk4Step(prm: PhysicsParams, tc: TimeControl, maxVel2: number): number {
  if (!tc.dynamic) return tc.staticDt;
  return acousticDt(prm, maxVel2, CFL_ACOUSTIC, CFL_VISCOUS);
}

/** Advection step of the dual scheme: Δt_ad = CFL_ad · h / U with U the largest speed. */
export function advectionStep(prm: PhysicsParams, tc: TimeControl, maxVel2: number): number {
  if (!tc.dynamic) return tc.staticAdvectionDt;
  // The sound speed is chosen for |v| ≤ 0.1 c0: that bound keeps the frozen forces fresh in slow flow.
  const u = Math.max(Math.sqrt(maxVel2), 0.1 * prm.c0);
  let dt = (CFL_ADVECTION * prm.h) / u;
  if (prm.nu > 0) dt = Math.min(dt, (CFL_VISCOUS * prm.h * prm.h) / prm.nu);
  return dt;
}

/**
 * Advection step shortened to a whole number of acoustic steps, so that the sub-steps run at the full
 * acoustic bound instead of sharing a remainder (a step of 3.4 acoustic steps would otherwise take 4
 * sub-steps of 0.85 each). A step below one acoustic step stays as it is.
 */
export function wholeAcousticSteps(advection: number, acoustic: number): number {
  return advection >= acoustic ? Math.floor(advection / acoustic + 1e-9) * acoustic : advection;
}

/** Number of acoustic sub-steps for an advection step. */
export function acousticSubsteps(advection: number, acoustic: number): number {
  return Math.min(MAX_ACOUSTIC_SUBSTEPS, Math.max(1, Math.ceil(advection / acoustic - 1e-9)));
}

/**
 * Step that lands exactly on `target` when it is near: the last step is shortened, and when the leftover
 * would be a sliver the last two steps share it.
 */
export function clampStep(time: number, dt: number, target: number): { dt: number; reaches: boolean } {
  const left = target - time;
  if (dt >= left) return { dt: left, reaches: true };
  if (2 * dt > left) return { dt: 0.5 * left, reaches: false };
  return { dt, reaches: false };
}

/** Static steps (dynamicTimeStep off): the sound speed bound with |v| ≤ 0.1 c0. */
export function staticSteps(prm: PhysicsParams): { staticDt: number; staticAdvectionDt: number } {
  const vmax2 = 0.01 * prm.c0 * prm.c0;
  const staticDt = acousticDt(prm, vmax2, CFL_ACOUSTIC, CFL_VISCOUS);
  let adv = (CFL_ADVECTION * prm.h) / (0.1 * prm.c0);
  if (prm.nu > 0) adv = Math.min(adv, (CFL_VISCOUS * prm.h * prm.h) / prm.nu);
  return { staticDt, staticAdvectionDt: Math.max(adv, staticDt) };
}
