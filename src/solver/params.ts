// Numerical parameters of a run: plain numbers only, so that they travel unchanged to worker threads
// and into the GPU uniform buffer. Built once from the case by `buildPhysicsParams`.
import type { HeatParams } from './physics/heat.ts';
import type { BoundaryProfile } from './physics/ioProfile.ts';
import type { SurfaceTensionParams } from './physics/surfaceTension.ts';
import type { ViscosityTable } from './physics/viscosity.ts';
import { laminarShearCoefficient } from './kernel.ts';

export const WallMode = { riemann: 0, mirrored: 1 } as const;
export const ShiftingMode = { zero: 0, sun17: 1, lyu21: 2 } as const;
export const IoDirectionCode = { inflow: 0, outflow: 1 } as const;
export const IoTypeCode = { riemannVelocity: 0, riemannPressure: 1 } as const;

/** One planar open boundary: plane point, inward unit normal (into the fluid), in-plane axes, polygon. */
export interface OpenBoundaryParams {
  body: number;
  origin: [number, number, number];
  normal: [number, number, number];
  axisU: [number, number, number];
  axisV: [number, number, number];
  /** Triangles of the boundary polygon in (u, v) plane coordinates: 6 numbers per triangle. */
  polygon: number[];
  /** Depth of the buffer zone behind the plane (m). */
  depth: number;
  direction: number;
  type: number;
  /** Prescribed normal velocity (m/s, along the flow direction of the boundary) or pressure (Pa). */
  velocity: number;
  pressure: number;
  /**
   * Field profile (ioProfileKind 'field'): samples of the prescribed normal velocity (m/s, positive into
   * the domain) or pressure (Pa) over the plane, replacing `velocity` or `pressure`. Absent: constant.
   */
  profile?: BoundaryProfile;
}

export interface PhysicsParams {
  dx: number;
  h: number;
  support2: number;
  kernelAlpha: number;
  kernelGrad: number;
  /** W(Δx), the reference value of the shifting anti-clustering term. */
  wDx: number;
  rho0: number;
  c0: number;
  gamma: number;
  b: number;
  /**
   * Kinematic viscosity (m²/s): the material's constant, or with a viscosity table the largest ν of the
   * table, which bounds the time step.
   */
  nu: number;
  /** Viscosity from a table of shear rate or temperature (physics/viscosity.ts); null: constant nu. */
  viscosity: ViscosityTable | null;
  gx: number;
  gy: number;
  gz: number;
  /** δ-SPH density diffusion coefficient. */
  delta: number;
  /** Artificial viscosity coefficient α of the δ-SPH momentum equation. */
  alphaVisc: number;
  /** Coefficient of the laminar pair term, 2(d + 2) = 10 in the continuum, its lattice value here (kernel.ts). */
  laminarCoeff: number;
  wallMode: number;
  /** 1: low-dissipation limiter in the wall Riemann solver. */
  lowDissipation: number;
  wallVolume: number;
  shifting: number;
  /**
   * Shifting δr = -shiftCoeff · U · Δt · Σ_j [1 + 0.2 (W_ij / W(Δx))⁴] ∇W_ij V_j with U the largest
   * velocity: Sun et al.'s CFL · Ma · (2h)² written as 4 h U Δt. shiftMax caps |δr| per step.
   */
  shiftCoeff: number;
  shiftMax: number;
  /** Free-surface threshold on the position divergence: ≈ 2.94 in the bulk, 2.03 in a flat top layer. */
  surfaceDivr: number;
  isolatedDivr: number;
  densityLimiter: number;
  rhoMin: number;
  rhoMax: number;
  /** 1 for no-slip wall bodies, 0 for slip (indexed by body id). */
  noSlip: number[];
  /** Open boundary index of a body, -1 if none (indexed by body id). */
  bodyBoundary: number[];
  boundaries: OpenBoundaryParams[];
  domainActive: number;
  domainMin: [number, number, number];
  domainMax: [number, number, number];
  /**
   * Period (m) of each translational periodic axis, 0 along the others (src/solver/periodic.ts); set by a
   * backend from EngineSetup.periodic. Absent: no periodic axis.
   */
  period?: readonly [number, number, number];
  /** Buffer layers behind walls and open boundaries. */
  layers: number;
  /**
   * 1 when some wall moves or carries a surface velocity (physics/motion.ts): the wall terms then take the
   * walls' velocity (vx..vz) and acceleration (ax..az) instead of a wall at rest.
   */
  wallsMove: number;
  /** Rotating frame (settings.rotatingSystem): 1 when on, its angular velocity ω (rad/s) and centre. */
  rotating: number;
  omega: [number, number, number];
  /** dω/dt of the frame (rad/s²): the Euler force −ω̇ × r. Zero while the rotation velocity is constant. */
  omegaDot: [number, number, number];
  frameCenter: [number, number, number];
  /** Heat conduction and thermal walls (physics/heat.ts); null without heat transfer. */
  heat: HeatParams | null;
  /**
   * Several fluids (settings.multiphase, physics/multiphase in src/solver/README.md): each fluid body's
   * phase and each phase's equation of state and viscosity; null for one fluid. With phases, rho0, b,
   * gamma above are the first phase's, c0 and nu the largest of all phases (they bound the time step).
   */
  phases: PhaseParams | null;
  /** Surface tension and contact angles (physics/surfaceTension.ts); null without surface tension. */
  surfaceTension: SurfaceTensionParams | null;
}

/** The fluids of a multiphase case, indexed by phase (at most MULTIPHASE_MAX_MATERIALS). */
export interface PhaseParams {
  /** Phase of the particles of each body (by body id); -1 for wall bodies. */
  bodyPhase: number[];
  rho0: number[];
  c0: number[];
  gamma: number[];
  /** Tait stiffness B = ρ0 c0² / γ of each phase. */
  b: number[];
  /** Kinematic viscosity of each phase: its constant, or the largest ν of its table. */
  nu: number[];
  /** Each phase's viscosity table (physics/viscosity.ts); null: its constant ν. */
  viscosity: (ViscosityTable | null)[];
}

/** One fluid of a multiphase case as the engine needs it. */
export interface PhaseMaterial {
  rho0: number;
  c0: number;
  gamma: number;
  nu: number;
  /** Viscosity from a table; absent or null: the constant nu. */
  viscosity?: ViscosityTable | null;
}

/**
 * Acoustic CFL number of the RK4 step on dt = CFL h / (c0 + |v|max). Linear stability on a lattice
 * (benchmarks/solver/acousticStability.ts) allows 2.5 in the bulk and 1.97 for the Riemann wall's damping
 * in a corner; the column impact went unstable in a corner at 1.6 and gave the flow of 0.8 at 1.2 and 1.4.
 */
export const CFL_ACOUSTIC = 1.2;
export const CFL_VISCOUS = 0.125;
/** Advection criterion of the dual time step (Zhang, Rezavand & Hu 2020). */
export const CFL_ADVECTION = 0.25;
/** Upper bound of acoustic sub-steps per advection step. */
export const MAX_ACOUSTIC_SUBSTEPS = 40;

export interface PhysicsInput {
  dx: number;
  rho0: number;
  c0: number;
  gamma: number;
  nu: number;
  viscosity?: ViscosityTable;
  gravity: readonly [number, number, number];
  wallMode: number;
  lowDissipation: boolean;
  shifting: number;
  densityLimiter: boolean;
  densityThreshold: number;
  noSlip: number[];
  bodyBoundary: number[];
  boundaries: OpenBoundaryParams[];
  domainActive: boolean;
  domainMin: readonly [number, number, number];
  domainMax: readonly [number, number, number];
  wallsMove?: boolean;
  /** Rotating frame; absent: an inertial frame. */
  frame?: { omega: readonly [number, number, number]; omegaDot: readonly [number, number, number]; center: readonly [number, number, number] };
  heat?: HeatParams;
  /** Several fluids: each body's phase (-1 for walls) and the phases' materials; absent: one fluid. */
  multiphase?: { bodyPhase: number[]; materials: PhaseMaterial[] };
  surfaceTension?: SurfaceTensionParams;
}

/** Layers of wall and buffer particles: they cover the kernel support 2h = 2.6 Δx behind a surface. */
export const BOUNDARY_LAYERS = 3;

export function buildPhysicsParams(input: PhysicsInput, smoothingRatio: number): PhysicsParams {
  const dx = input.dx;
  const h = smoothingRatio * dx;
  const alpha = 21 / (16 * Math.PI * h * h * h);
  const q = dx / h;
  const t = 1 - 0.5 * q;
  const wDx = alpha * t * t * t * t * (2 * q + 1);
  const shiftCoeff = 4 * h;
  const prm: PhysicsParams = {
    dx, h, support2: 4 * h * h, kernelAlpha: alpha, kernelGrad: (-5 * alpha) / (h * h), wDx,
    rho0: input.rho0, c0: input.c0, gamma: input.gamma, b: (input.rho0 * input.c0 * input.c0) / input.gamma,
    nu: input.nu, viscosity: input.viscosity ?? null, gx: input.gravity[0], gy: input.gravity[1], gz: input.gravity[2],
    delta: 0.1,
    alphaVisc: input.lowDissipation ? 0 : 0.02,
    laminarCoeff: laminarShearCoefficient(smoothingRatio),
    wallMode: input.wallMode,
    lowDissipation: input.lowDissipation ? 1 : 0,
    wallVolume: dx * dx * dx,
    shifting: input.shifting,
    shiftCoeff,
    shiftMax: 0.1 * dx,
    surfaceDivr: 2.4,
    isolatedDivr: 0.75,
    densityLimiter: input.densityLimiter ? 1 : 0,
    rhoMin: input.rho0 * (1 - input.densityThreshold),
    rhoMax: input.rho0 * (1 + input.densityThreshold),
    noSlip: input.noSlip,
    bodyBoundary: input.bodyBoundary,
    boundaries: input.boundaries,
    domainActive: input.domainActive ? 1 : 0,
    domainMin: [...input.domainMin],
    domainMax: [...input.domainMax],
    layers: BOUNDARY_LAYERS,
    wallsMove: input.wallsMove === true ? 1 : 0,
    rotating: input.frame !== undefined ? 1 : 0,
    omega: input.frame !== undefined ? [...input.frame.omega] : [0, 0, 0],
    omegaDot: input.frame !== undefined ? [...input.frame.omegaDot] : [0, 0, 0],
    frameCenter: input.frame !== undefined ? [...input.frame.center] : [0, 0, 0],
    heat: input.heat ?? null,
    surfaceTension: input.surfaceTension ?? null,
    phases: input.multiphase === undefined ? null : phaseParamsOf(input.multiphase.bodyPhase, input.multiphase.materials),
  };
  if (input.multiphase !== undefined) {
    const m = input.multiphase.materials;
    prm.c0 = Math.max(...m.map((x) => x.c0));
    prm.nu = Math.max(...m.map((x) => x.nu));
  }
  return prm;
}

export function phaseParamsOf(bodyPhase: number[], materials: readonly PhaseMaterial[]): PhaseParams {
  return {
    bodyPhase: [...bodyPhase],
    rho0: materials.map((m) => m.rho0),
    c0: materials.map((m) => m.c0),
    gamma: materials.map((m) => m.gamma),
    b: materials.map((m) => (m.rho0 * m.c0 * m.c0) / m.gamma),
    nu: materials.map((m) => m.nu),
    viscosity: materials.map((m) => m.viscosity ?? null),
  };
}
