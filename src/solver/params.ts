// Numerical parameters of a run: plain numbers only, so that they travel unchanged to worker threads
// and into the GPU uniform buffer. Built once from the case by `buildPhysicsParams`.
import type { HeatParams } from './physics/heat.ts';

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
  nu: number;
  gx: number;
  gy: number;
  gz: number;
  /** δ-SPH density diffusion coefficient. */
  delta: number;
  /** Artificial viscosity coefficient α of the δ-SPH momentum equation. */
  alphaVisc: number;
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
}

/** Acoustic CFL number of the RK4 step on dt = CFL h / (c0 + |v|max). */
export const CFL_ACOUSTIC = 0.8;
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
  return {
    dx, h, support2: 4 * h * h, kernelAlpha: alpha, kernelGrad: (-5 * alpha) / (h * h), wDx,
    rho0: input.rho0, c0: input.c0, gamma: input.gamma, b: (input.rho0 * input.c0 * input.c0) / input.gamma,
    nu: input.nu, gx: input.gravity[0], gy: input.gravity[1], gz: input.gravity[2],
    delta: 0.1,
    alphaVisc: input.lowDissipation ? 0 : 0.02,
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
  };
}
