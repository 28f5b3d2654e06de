// Body-force-driven plane channel flow between two no-slip plates, periodic along the flow (x) and across
// the width (y): a slab of the plane Poiseuille problem, Newtonian or a power-law fluid given by a
// shear-rate viscosity table, with the analytic steady profiles it is validated against.
import { emptySetup, type SetupDocument } from '../../domain/setup.ts';
import { createPart } from '../../domain/part.ts';
import { cubeShape } from '../../domain/shape.ts';
import { defaultFlowComponent, defaultRigidComponent } from '../../domain/component.ts';
import type { Vec3 } from '../../domain/vector.ts';
import type { PeriodicAxes } from '../periodic.ts';
import { ParticleKind } from '../particles.ts';
import type { EngineSnapshot, EngineState } from '../engine.ts';

/** Periodic along the flow and across the width; the plates bound z. */
export const CHANNEL_AXES: PeriodicAxes = { x: true, y: true, z: false };

/** A power-law fluid τ = K γ̇ⁿ written as a shear-rate viscosity table. */
export interface PowerLaw {
  n: number;
  /** Kinematic consistency K/ρ: ν = (K/ρ) γ̇^(n−1). */
  consistency: number;
  /** Shear rates (1/s) of the table's rows, ascending. */
  shearRates: number[];
}

export interface ChannelOptions {
  dx: number;
  /** Lattice spacings across the channel (plate to plate, H), along the flow and across the width. */
  across: number;
  length: number;
  width: number;
  /** Body force along x (m/s²). */
  g: number;
  density: number;
  speedOfSound: number;
  /** Constant kinematic viscosity (m²/s); ignored with a power law. */
  nu: number;
  powerLaw?: PowerLaw;
  endTime: number;
}

/** Plates are laid this many spacings beyond the period on either side, so their normals see no end. */
const OVERHANG = 6;
/** Plate thickness in spacings: the three wall layers and one to spare. */
const PLATE = 4;

/**
 * The channel: fluid at rest filling [0, L] × [0, W] × [0, H] between two solid plates below z = 0 and
 * above z = H that overhang the period; the calculation domain is one period along x and y (the
 * periods of the periodic axes), so `withPeriodicAxes` keeps one period of plate.
 */
export function channelSetup(o: ChannelOptions): SetupDocument {
  const { dx } = o;
  const L = o.length * dx, W = o.width * dx, H = o.across * dx;
  const s = emptySetup();
  s.settings = {
    ...s.settings, particleDiameter: dx, endTime: o.endTime, outputTimeInterval: o.endTime, gravity: [o.g, 0, 0],
    integrationScheme: 'runge_kutta_4', shifting: 'lyu21',
    calcDomainMin: [0, 0, -2 * PLATE * dx], calcDomainMax: [L, W, H + 2 * PLATE * dx], calcDomainActive: false,
  };
  s.materials[0] = {
    ...s.materials[0], name: 'Channel fluid', density: o.density, gamma: 7, speedOfSound: o.speedOfSound, kinematicViscosity: o.nu,
  };
  if (o.powerLaw !== undefined) {
    const p = o.powerLaw;
    const nu = p.shearRates.map((g) => p.consistency * Math.pow(g, p.n - 1));
    s.dataTables = [{ id: 'power-law', headers: ['shear_rate', 'kinematic_viscosity'], table: [p.shearRates, nu], resultCount: nu.length }];
    s.materials[0] = { ...s.materials[0], viscosityKind: 'shear_rate', viscosityShearRateTableId: 'power-law', kinematicViscosity: Math.max(...nu) };
  }
  const e = OVERHANG * dx, t = PLATE * dx;
  const plate = (zMin: number): Vec3 => [L / 2, W / 2, zMin + t / 2];
  const plateSize: Vec3 = [L + 2 * e, W + 2 * e, t];
  const fluid = defaultFlowComponent();
  s.parts = [
    createPart({ id: 'floor', name: 'Lower plate', component: defaultRigidComponent(), shape: cubeShape(plateSize, plate(-t)) }),
    createPart({ id: 'lid', name: 'Upper plate', component: defaultRigidComponent(), shape: cubeShape(plateSize, plate(H)) }),
    createPart({ id: 'fluid', name: 'Fluid', component: fluid, materialId: 0, shape: cubeShape([L, W, H], [L / 2, W / 2, H / 2]) }),
  ];
  return s;
}

/** Steady Newtonian profile u(z) = g/(2ν) z (H − z) between plates at z = 0 and z = H. */
export function poiseuilleVelocity(z: number, H: number, g: number, nu: number): number {
  return (g / (2 * nu)) * z * (H - z);
}

/**
 * Steady power-law profile u(z) = n/(n+1) (g/k)^(1/n) [(H/2)^(1+1/n) − |z − H/2|^(1+1/n)], k = K/ρ the
 * kinematic consistency (the force balance ρ g |z − H/2| = K γ̇ⁿ integrated from the wall).
 */
export function powerLawVelocity(z: number, H: number, g: number, law: Pick<PowerLaw, 'n' | 'consistency'>): number {
  const { n, consistency } = law;
  const e = 1 + 1 / n;
  return (n / (n + 1)) * Math.pow(g / consistency, 1 / n) * (Math.pow(H / 2, e) - Math.pow(Math.abs(z - H / 2), e));
}

/** The wall shear rate of the power-law profile, (g H / (2 k))^(1/n). */
export function powerLawWallShearRate(H: number, g: number, law: Pick<PowerLaw, 'n' | 'consistency'>): number {
  return Math.pow((g * H) / (2 * law.consistency), 1 / law.n);
}

/**
 * The validation's channels at `across` spacings from plate to plate (20 in the test): H = 20 mm,
 * u_max = 0.5 m/s, wall viscosity 0.01 m²/s (Reynolds number u_max H / ν = 1), c0 = 20 u_max, and
 * about 0.9 H²/ν_wall of flow from rest (the slowest mode then decays to 1e-4 of its start).
 */
export function channelOptions(kind: 'newtonian' | 'powerlaw', across: number, tableLow = 0.1): ChannelOptions {
  const H = 0.02, dx = H / across, uMax = 0.5, nuWall = 0.01;
  const base = {
    dx, across, length: Math.max(9, Math.round(across * 0.45)), width: Math.max(9, Math.round(across * 0.45)),
    density: 1000, speedOfSound: 20 * uMax, endTime: (0.9 * H * H) / nuWall,
  };
  if (kind === 'newtonian') return { ...base, nu: nuWall, g: (8 * nuWall * uMax) / (H * H) };
  // n = 0.5: u_max = (1/3) (g/k)² (H/2)³ and ν_wall = k / ((g/k) H/2) give g/k and k.
  const n = 0.5;
  const gOverK = Math.sqrt((3 * uMax) / (H / 2) ** 3);
  const consistency = nuWall * gOverK * (H / 2);
  const g = gOverK * consistency;
  const wall = powerLawWallShearRate(H, g, { n, consistency });
  const shearRates = tableShearRates(wall, tableLow);
  return { ...base, nu: 0, g, powerLaw: { n, consistency, shearRates } };
}

/**
 * Rows of the power-law table: 61 shear rates spaced evenly in log from `low` times the wall shear rate
 * to 4 times it. Below the first row ν is held (the table's end): γ̇ grows as s² with the distance s from
 * the centre line, so the held ν covers s < √low H/2 and, being lower there than the law's, raises u_max
 * by 0.5 low^(3/2) of it (the Newtonian core's velocity drop less the power law's): 1.6 % for
 * low = 0.1. The first row's ν, √(1/low) times the wall's, sets the viscous time step.
 */
export function tableShearRates(wall: number, low: number): number[] {
  const lo = low * wall, hi = 4 * wall, rows = 61;
  return Array.from({ length: rows }, (_, k) => lo * Math.pow(hi / lo, k / (rows - 1)));
}

/** Mean velocity along x of the fluid in each lattice layer across the channel, with the layer's mean z. */
export interface ChannelProfile {
  z: number[];
  u: number[];
}

/** The fluid's profile: particles binned into layers Δx thick from the lower plate's surface z = 0. */
export function channelProfile(s: EngineSnapshot, dx: number, across: number): ChannelProfile {
  const sumZ = new Float64Array(across), sumU = new Float64Array(across), n = new Float64Array(across);
  for (let i = 0; i < s.count; i++) {
    if (s.kind[i] !== ParticleKind.fluid) continue;
    const k = Math.min(across - 1, Math.max(0, Math.floor(s.z[i] / dx)));
    sumZ[k] += s.z[i];
    sumU[k] += s.vx[i];
    n[k]++;
  }
  const z: number[] = [], u: number[] = [];
  for (let k = 0; k < across; k++) {
    if (n[k] === 0) continue;
    z.push(sumZ[k] / n[k]);
    u.push(sumU[k] / n[k]);
  }
  return { z, u };
}

/** Largest |u − u_ref(z)| over the layers, and where. */
export function profileError(p: ChannelProfile, reference: (z: number) => number): { error: number; at: number } {
  let error = 0, at = 0;
  for (let k = 0; k < p.z.length; k++) {
    const e = Math.abs(p.u[k] - reference(p.z[k]));
    if (e > error) {
      error = e;
      at = p.z[k];
    }
  }
  return { error, at };
}

/**
 * Sets the fluid moving with the parabolic (Newtonian) profile of centre speed uMax, u = 4 uMax z (H − z)/H²:
 * a power-law channel started from it converges to its own, blunter profile (up to 0.15 u_max away) in
 * about half the time it takes from rest.
 */
export function startFromParabola(state: EngineState, H: number, uMax: number): void {
  let v2 = 0;
  for (let i = 0; i < state.count; i++) {
    if (state.kind[i] !== ParticleKind.fluid) continue;
    const z = state.z[i];
    state.vx[i] = (4 * uMax * z * (H - z)) / (H * H);
    v2 = Math.max(v2, state.vx[i] ** 2);
  }
  state.maxVel2 = Math.max(state.maxVel2, v2);
}
