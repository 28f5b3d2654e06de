// The contract both backends implement: advance the particle system in whole time steps up to a target
// time, and hand out a snapshot of the state for outputs and checkpoints.
import type { GridSpec } from './grid.ts';
import type { PhysicsParams } from './params.ts';
import type { CaseMotion } from './physics/motion.ts';
import { thermalDt } from './physics/heat.ts';
import type { PeriodicAxes } from './periodic.ts';

export type BackendKind = 'cpu' | 'gpu';

/** How the time step is chosen (settings integrationScheme and dynamicTimeStep). */
export interface TimeControl {
  dual: boolean;
  dynamic: boolean;
  /** Step used when `dynamic` is off (acoustic step for the dual scheme). */
  staticDt: number;
  /** Advection step used by the dual scheme when `dynamic` is off. */
  staticAdvectionDt: number;
}

/** Everything a backend needs to continue a simulation; arrays hold `count` particles. */
export interface EngineState {
  time: number;
  step: number;
  nextId: number;
  count: number;
  /** Largest |v|² and |a|² of the last step (time-step control continues from them). */
  maxVel2: number;
  maxAccel2: number;
  x: Float64Array;
  y: Float64Array;
  z: Float64Array;
  vx: Float64Array;
  vy: Float64Array;
  vz: Float64Array;
  rho: Float64Array;
  p: Float64Array;
  mass: Float64Array;
  nx: Float64Array;
  ny: Float64Array;
  nz: Float64Array;
  /** Free-surface flags of the last shifting evaluation. */
  fs: Float64Array;
  /** Temperature (K) with heat transfer on; absent otherwise. */
  temp?: Float64Array;
  /** Distance of a wall particle behind its surface (m); absent: unknown (no thermal walls). */
  wdepth?: Float64Array;
  kind: Uint8Array;
  body: Uint32Array;
  id: Uint32Array;
}

/** State plus the derived fields written to outputs. */
export interface EngineSnapshot extends EngineState {
  ax: Float64Array;
  ay: Float64Array;
  az: Float64Array;
  shearRate: Float64Array;
  /** Kinematic viscosity (m²/s) of each fluid particle: the constant, or the table's at its state (both backends give it). */
  kinematicViscosity?: Float64Array;
  /** Heat flux (W/m², into the fluid) each wall particle passes, with heat transfer on. */
  heatFlux?: Float64Array;
  lastDt: number;
}

export interface EngineSetup {
  prm: PhysicsParams;
  grid: GridSpec;
  time: TimeControl;
  state: EngineState;
  /** Moving walls, surface velocities and the frame's acceleration (a plan without motion for still cases). */
  motion: CaseMotion;
  /**
   * Translational periodic axes (validation cases; src/solver/periodic.ts): the period along each is the
   * calculation domain's extent calcDomainMin..calcDomainMax. Absent: none.
   */
  periodic?: PeriodicAxes;
}

export interface AdvanceLimits {
  /** Stop after this many milliseconds of wall time (checked between steps). */
  maxWallMs: number;
  maxSteps: number;
}

export interface AdvanceReport {
  time: number;
  steps: number;
  lastDt: number;
  particles: number;
}

export interface SolverBackend {
  readonly kind: BackendKind;
  readonly threads: number;
  readonly device: string;
  /** Bytes of particle memory per particle of capacity. */
  readonly bytesPerParticle: number;
  time(): number;
  steps(): number;
  particleCount(): number;
  /** Whole steps until the time equals `target` (the last step is shortened to hit it) or a limit is met. */
  advance(target: number, limits: AdvanceLimits): Promise<AdvanceReport>;
  /**
   * The state now, in arrays of the snapshot's own. `reuse`: an earlier snapshot of this backend that the
   * caller is done with, whose arrays are filled again where their length still fits (sampling a run
   * then allocates nothing; fresh arrays each time grew the heap by a snapshot per sample, collected late).
   */
  snapshot(reuse?: EngineSnapshot): Promise<EngineSnapshot>;
  dispose(): Promise<void>;
}

export const STATE_ARRAY_KEYS = ['x', 'y', 'z', 'vx', 'vy', 'vz', 'rho', 'p', 'mass', 'nx', 'ny', 'nz', 'fs'] as const;
/** State arrays of heat transfer, present only when it is on. */
export const THERMAL_ARRAY_KEYS = ['temp', 'wdepth'] as const;

/**
 * Acoustic step shared by both backends: sound speed plus the largest speed, the viscous bound and, with
 * heat transfer, the conduction bound. No
 * force criterion: one particle's outlier acceleration would set every particle's step; it enters only
 * once it has become speed, and then by |v|/c0 at most (see src/solver/README.md, Time step).
 */
export function acousticDt(prm: PhysicsParams, maxVel2: number, cflAcoustic: number, cflViscous: number): number {
  let dt = (cflAcoustic * prm.h) / (prm.c0 + Math.sqrt(maxVel2));
  if (prm.nu > 0) dt = Math.min(dt, (cflViscous * prm.h * prm.h) / prm.nu);
  // Explicit conduction (heat transfer on): dt ≤ 0.1 ρ c_p h² / k; far above the acoustic step for liquids.
  if (prm.heat !== null) dt = Math.min(dt, thermalDt(prm.heat, prm.rho0, prm.h));
  // Surface tension: capillary waves at the lattice scale, dt ≤ 0.25 √(ρ Δx³ / (2π σ)).
  if (prm.surfaceTension !== null) dt = Math.min(dt, prm.surfaceTension.capillaryDt);
  return dt;
}
