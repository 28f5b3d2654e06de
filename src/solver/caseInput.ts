// From a setup document to a runnable case: which settings the engine implements (checkCaseSupport),
// geometry resolution through an injected file resolver and geometry kernel, discretization, physics
// parameters, the motion plan (moving walls, acceleration file, rotating frame), grid.
import { parseSetupDocument, type SetupDocument } from '../domain/setup.ts';
import type { Part } from '../domain/part.ts';
import type { FileReference } from '../domain/shape.ts';
import { stlUnitFactors } from '../domain/shape.ts';
import { shapeTriangles } from '../domain/meshGeometry.ts';
import type { Material } from '../domain/material.ts';
import { SMOOTHING_RATIO } from './kernel.ts';
import {
  IoDirectionCode, IoTypeCode, ShiftingMode, WallMode, buildPhysicsParams, type OpenBoundaryParams, type PhysicsParams,
} from './params.ts';
import { makeGrid, type GridSpec } from './grid.ts';
import { staticSteps } from './timeStep.ts';
import { discretize, type BodyInfo, type DiscretizedCase } from './discretizer.ts';
import { meshFromArrays, placeMesh, type MeshData } from './geometry/mesh.ts';
import { defaultGeometryKernel } from './geometry/wasmGeometryKernel.ts';
import type { GeometryKernel } from './geometry/geometryKernel.ts';
import type { EngineSetup, EngineState, TimeControl } from './engine.ts';
import { movementChain } from '../domain/kinematics.ts';
import { readAccelerationCsv, type AccelerationSamples } from '../domain/accelerationFile.ts';
import type { Vec3 } from '../domain/vector.ts';
import { ThermoKindCode, heatParamsOf, type HeatParams, type WallThermal } from './physics/heat.ts';
import { motionPlanOf, planMoves, sweptWallBounds, wallReferenceOf, type CaseMotion } from './physics/motion.ts';

/** A setting or entity of the setup that the engine does not implement, named by its document path. */
export interface SupportIssue {
  setting: string;
  message: string;
}

export class UnsupportedCaseError extends Error {
  readonly issues: SupportIssue[];
  constructor(issues: SupportIssue[]) {
    super(`the SPH engine cannot run this setup: ${issues.map((i) => `${i.setting}: ${i.message}`).join('; ')}`);
    this.name = 'UnsupportedCaseError';
    this.issues = issues;
  }
}

/** Loads the bytes of an uploaded file (STL) referenced by a shape. */
export type FileResolver = (fileId: string, file: FileReference | null) => Promise<Uint8Array>;

const NOT_IMPLEMENTED = 'is not implemented by the SPH engine';

function fluidParts(setup: SetupDocument): Part[] {
  return setup.parts.filter((p) => p.component.type === 'filling' || p.component.type === 'flow' || p.component.type === 'openboundary');
}

/**
 * Everything in the setup the engine would otherwise have to ignore. An empty list means the case runs
 * as specified. Sensors, volume clips, dashboards and credit conditions are not engine matters.
 */
export function checkCaseSupport(setup: SetupDocument): SupportIssue[] {
  const issues: SupportIssue[] = [];
  const s = setup.settings;
  const refuse = (setting: string, message: string) => issues.push({ setting, message });
  if (s.multiphase) refuse('settings.multiphase', `multiphase flow ${NOT_IMPLEMENTED}`);
  if (s.surfaceTension) refuse('settings.surfaceTension', `surface tension ${NOT_IMPLEMENTED}`);
  if (s.airDrag) refuse('settings.airDrag', `air drag ${NOT_IMPLEMENTED}`);
  if (s.rotatingSystem && !(Math.hypot(...s.rotationAxis) > 0)) refuse('settings.rotationAxis', 'length cannot be equal to 0');
  if (s.accelerationLimiter) refuse('settings.accelerationLimiter', `the acceleration limiter ${NOT_IMPLEMENTED}`);
  if (s.discretizerLegacy) refuse('settings.discretizerLegacy', `the legacy discretizer ${NOT_IMPLEMENTED}`);
  if (!(s.particleDiameter > 0)) refuse('settings.particleDiameter', 'must be greater than 0');
  if (!(s.endTime > 0)) refuse('settings.endTime', 'must be greater than 0');
  if (!(s.outputTimeInterval > 0)) refuse('settings.outputTimeInterval', 'must be greater than 0');
  if (s.densityLimiter && !(s.densityThreshold > 0 && s.densityThreshold <= 1)) {
    refuse('settings.densityThreshold', 'must lie between 1 % and 100 % when the density limiter is on');
  }
  checkMovements(setup, refuse);
  if (setup.refinements.length > 0) refuse('refinements', `refinement zones ${NOT_IMPLEMENTED}`);
  if (setup.periodicBoundary !== null) refuse('periodicBoundary', `periodic boundaries ${NOT_IMPLEMENTED}`);

  const usedMaterials = new Set<number>();
  setup.parts.forEach((part, i) => {
    const at = `parts[${i}] "${part.name}"`;
    const c = part.component;
    if (c.type === 'refinement') refuse(`${at}.component`, `refinement parts ${NOT_IMPLEMENTED}`);
    if (part.shape.type === 'pointcloud') refuse(`${at}.shape`, `point-cloud geometry (from a simulation or file) ${NOT_IMPLEMENTED}`);
    if (part.shape.type === 'empty') refuse(`${at}.shape`, 'No geometry found. Please assign a geometry to the part or delete it.');
    if (c.type === 'rigid') {
      if (c.velocityKind === 'moving') {
        const id = c.velocityConditionMovementId;
        if (id === null) refuse(`${at}.component.velocityConditionMovementId`, 'a moving wall velocity needs a movement');
        else if (!setup.movements.some((m) => m.id === id)) refuse(`${at}.component.velocityConditionMovementId`, `movement ${id} does not exist`);
      }
    } else if (c.type === 'filling' || c.type === 'flow' || c.type === 'openboundary') {
      if (c.initialDistribution === 'table') refuse(`${at}.component.initialDistribution`, `initial distributions from a table ${NOT_IMPLEMENTED}`);
      if (part.materialId === null) refuse(`${at}.materialId`, 'a fluid part needs a material');
      else usedMaterials.add(part.materialId);
      if (c.type === 'filling' && part.seedPoint === null) refuse(`${at}.seedPoint`, 'a fluid level needs a seed point');
      if (c.type === 'openboundary') {
        if (c.ioProfileKind !== 'constant') refuse(`${at}.component.ioProfileKind`, `a field profile (values from a data table) ${NOT_IMPLEMENTED}; give the inlet/outlet a constant profile`);
        if (part.shape.type !== 'plane' && part.shape.type !== 'stl') refuse(`${at}.shape`, 'an open boundary must be a planar surface');
      }
    }
  });
  if (usedMaterials.size > 1) {
    refuse('parts.materialId', `fluid parts use ${usedMaterials.size} different materials; several fluids at once (multiphase) ${NOT_IMPLEMENTED}`);
  }
  setup.materials.forEach((m, i) => {
    if (!usedMaterials.has(m.id) && !(usedMaterials.size === 0 && i === 0)) return;
    const at = `materials[${i}] "${m.name}"`;
    if (m.viscosityKind !== 'constant') refuse(`${at}.viscosityKind`, `${m.viscosityKind.replace('_', '-')}-dependent viscosity ${NOT_IMPLEMENTED}`);
    if (!(m.density > 0)) refuse(`${at}.density`, 'must be greater than 0');
    if (!(m.speedOfSound > 0)) refuse(`${at}.speedOfSound`, 'must be greater than 0');
    if (!(m.gamma > 0)) refuse(`${at}.gamma`, 'must be greater than 0');
    if (!(m.kinematicViscosity >= 0)) refuse(`${at}.kinematicViscosity`, 'must not be negative');
  });
  if (fluidParts(setup).length === 0) refuse('parts', 'the setup has no fluid part (fluid level, filled volume or inlet)');
  return issues;
}

/**
 * Movements the engine can follow: leaders that exist and lead no cycle, rotation axes with a length,
 * and only rigid parts (or none) moved: fluid is particles, and open boundaries stay where they are.
 */
function checkMovements(setup: SetupDocument, refuse: (setting: string, message: string) => void): void {
  const ids = new Set(setup.movements.map((m) => m.id));
  setup.movements.forEach((m, i) => {
    const at = `movements[${i}] "${m.name}"`;
    const missing = m.parents.filter((p) => !ids.has(p));
    for (const p of missing) refuse(`${at}.parents`, `leader movement ${p} does not exist`);
    if (missing.length === 0) {
      try {
        movementChain(setup.movements, m.id);
      } catch {
        refuse(`${at}.parents`, 'movements lead each other in a cycle');
      }
    }
    if (m.type.type === 'rotatory' && !(Math.hypot(...m.type.axis) > 0)) refuse(`${at}.type.axis`, 'length cannot be equal to 0');
    if (m.partId !== null) {
      const part = setup.parts.find((p) => p.id === m.partId);
      if (part === undefined) refuse(`${at}.partId`, `part ${m.partId} does not exist`);
      else if (part.component.type !== 'rigid') refuse(`${at}.partId`, `moving ${part.component.type === 'openboundary' ? 'inlets and outlets' : 'fluid parts'} ${NOT_IMPLEMENTED}`);
    }
  });
}

/** The fluid material of the case (the one all fluid parts use). */
export function caseMaterial(setup: SetupDocument): Material {
  const used = fluidParts(setup).map((p) => p.materialId).find((id) => id !== null);
  return setup.materials.find((m) => m.id === used) ?? setup.materials[0];
}

export interface PrepareOptions {
  fileResolver?: FileResolver;
  /** Geometry module (STL reading, mesh health, lattice queries); by default the wasm module at its default place. */
  geometry?: GeometryKernel;
}

/** Placed world-space meshes of all parts with geometry. */
export async function resolvePartMeshes(
  setup: SetupDocument, options: PrepareOptions = {},
): Promise<Map<string, MeshData>> {
  const meshes = new Map<string, MeshData>();
  for (const part of setup.parts) {
    const shape = part.shape;
    if (shape.type === 'stl' && shape.mesh === null) {
      if (shape.fileId === null) continue;
      if (options.fileResolver === undefined) {
        throw new Error(`part "${part.name}" references file ${shape.fileId} but no file resolver was given`);
      }
      const bytes = await options.fileResolver(shape.fileId, shape.file);
      const unit = shape.file?.unit ?? 'm';
      const geometry = options.geometry ?? await defaultGeometryKernel();
      meshes.set(part.id, placeMesh(geometry.readStl(bytes), shape, stlUnitFactors[unit]));
      continue;
    }
    const tri = shapeTriangles(shape);
    if (tri !== null) meshes.set(part.id, meshFromArrays(tri.vertices, tri.indices));
  }
  return meshes;
}

export interface PreparedCase {
  setup: SetupDocument;
  material: Material;
  prm: PhysicsParams;
  grid: GridSpec;
  time: TimeControl;
  state: EngineState;
  motion: CaseMotion;
  bodies: BodyInfo[];
  discretized: DiscretizedCase;
}

/** What a backend needs of a prepared case. */
export function engineSetupOf(c: Pick<PreparedCase, 'prm' | 'grid' | 'time' | 'state' | 'motion'>, state: EngineState = c.state): EngineSetup {
  return { prm: c.prm, grid: c.grid, time: c.time, state, motion: c.motion };
}

/** The samples of the setup's acceleration file, read through the file resolver. */
async function readAccelerationFile(setup: SetupDocument, options: PrepareOptions): Promise<AccelerationSamples | null> {
  const file = setup.settings.accelerationFile;
  if (file === null) return null;
  if (options.fileResolver === undefined) {
    throw new Error(`the acceleration file "${file.name}" (${file.id}) cannot be read: no file resolver was given`);
  }
  const bytes = await options.fileResolver(file.id, null);
  try {
    return readAccelerationCsv(new TextDecoder().decode(bytes));
  } catch (e) {
    throw new Error(`acceleration file "${file.name}": ${(e as Error).message}`, { cause: e });
  }
}

/** Validates, checks support, resolves geometry and discretizes: everything before the first step. */
export async function prepareCase(raw: unknown, options: PrepareOptions = {}): Promise<PreparedCase> {
  const setup = parseSetupDocument(raw);
  const issues = checkCaseSupport(setup);
  if (issues.length > 0) throw new UnsupportedCaseError(issues);
  const geometry = options.geometry ?? await defaultGeometryKernel();
  const meshes = await resolvePartMeshes(setup, { ...options, geometry });
  const discretized = discretize({ setup, meshes, geometry });
  const material = caseMaterial(setup);
  const s = setup.settings;
  const dx = s.particleDiameter;
  const bodies = discretized.bodies;
  // A moving wall velocity drags the fluid along: it is a no-slip wall with the surface's velocity.
  const noSlip = bodies.map((b) => {
    const part = setup.parts[b.index];
    return part.component.type === 'rigid' && part.component.velocityKind !== 'slip' ? 1 : 0;
  });
  const plan = motionPlanOf(setup, await readAccelerationFile(setup, options));
  const reference = wallReferenceOf(plan, discretized.particles);
  const axisLength = Math.hypot(...s.rotationAxis);
  const frame = s.rotatingSystem
    ? {
      omega: s.rotationAxis.map((a) => (a / axisLength) * s.rotationVelocity) as [number, number, number],
      omegaDot: [0, 0, 0] as [number, number, number], center: s.rotationCenter,
    }
    : undefined;
  const boundaries: OpenBoundaryParams[] = discretized.boundaries.map((g) => {
    const part = setup.parts[g.body];
    if (part.component.type !== 'openboundary') throw new Error('open boundary geometry without an open boundary part');
    const c = part.component;
    return {
      body: g.body, origin: g.origin, normal: g.normal, axisU: g.axisU, axisV: g.axisV, polygon: g.polygon,
      depth: g.depth,
      direction: c.ioDirection === 'inflow' ? IoDirectionCode.inflow : IoDirectionCode.outflow,
      type: c.ioType === 'riemann_velocity' ? IoTypeCode.riemannVelocity : IoTypeCode.riemannPressure,
      velocity: c.ioVelocity, pressure: c.ioPressure,
    };
  });
  const bodyBoundary = bodies.map((b) => boundaries.findIndex((x) => x.body === b.index));
  const thermal = s.thermodynamics ? caseThermal(setup, bodies, SMOOTHING_RATIO * dx, dx) : null;
  const prm = buildPhysicsParams({
    dx, rho0: material.density, c0: material.speedOfSound, gamma: material.gamma, nu: material.kinematicViscosity,
    gravity: s.gravity,
    wallMode: s.noRiemannWall ? WallMode.mirrored : WallMode.riemann,
    lowDissipation: s.lowDissipationOperators,
    shifting: ShiftingMode[s.shifting],
    densityLimiter: s.densityLimiter, densityThreshold: s.densityThreshold,
    noSlip, bodyBoundary, boundaries,
    domainActive: s.calcDomainActive, domainMin: s.calcDomainMin, domainMax: s.calcDomainMax,
    wallsMove: planMoves(plan), frame,
    heat: thermal?.heat,
  }, SMOOTHING_RATIO);
  const grid = caseGrid(discretized, prm, setup, sweptWallBounds(plan, reference, discretized.particles.body, discretized.particles.kind));
  const steps = staticSteps(prm);
  const time: TimeControl = {
    dual: s.integrationScheme === 'dual_timestep_rk_4', dynamic: s.dynamicTimeStep,
    staticDt: steps.staticDt, staticAdvectionDt: steps.staticAdvectionDt,
  };
  const parts = discretized.particles;
  const id = new Uint32Array(parts.count);
  let maxVel2 = 0;
  for (let i = 0; i < parts.count; i++) {
    id[i] = i;
    if (parts.kind[i] === 0) maxVel2 = Math.max(maxVel2, parts.vx[i] ** 2 + parts.vy[i] ** 2 + parts.vz[i] ** 2);
  }
  const g2 = s.gravity[0] ** 2 + s.gravity[1] ** 2 + s.gravity[2] ** 2;
  const state: EngineState = {
    time: 0, step: 0, nextId: parts.count, count: parts.count, maxVel2, maxAccel2: g2,
    x: parts.x, y: parts.y, z: parts.z, vx: parts.vx, vy: parts.vy, vz: parts.vz, rho: parts.rho, p: parts.p,
    mass: parts.mass, nx: parts.nx, ny: parts.ny, nz: parts.nz, fs: new Float64Array(parts.count),
    kind: parts.kind, body: parts.body, id,
  };
  if (thermal !== null) {
    state.temp = Float64Array.from(parts.body, (b) => thermal.bodyTemperature[b] ?? s.ambientTemperature);
    state.wdepth = parts.wallDepth;
  }
  return { setup, material, prm, grid, time, state, motion: { plan, reference }, bodies, discretized };
}

const THERMO_KIND_CODE = {
  adiabatic: ThermoKindCode.adiabatic, temperature: ThermoKindCode.temperature,
  heat_flux: ThermoKindCode.heatFlux, heat_transfer_coefficient: ThermoKindCode.heatTransferCoefficient,
} as const;

/** Conduction parameters of a case and the temperature each body's particles start at. */
export interface CaseThermal {
  heat: HeatParams;
  /** Initial temperature (K) by body id: a fluid part's initialTemperature, an inlet's ioTemperature, a
   * temperature wall's boundaryTemperature, the ambient temperature for the other walls. */
  bodyTemperature: number[];
}

/**
 * The thermal side of a setup (settings.thermodynamics): the fluid material's conductivity and heat
 * capacity and each rigid body's wall condition (physics/heat.ts).
 */
export function caseThermal(setup: SetupDocument, bodies: BodyInfo[], h: number, dx: number): CaseThermal {
  const material = caseMaterial(setup);
  const ambient = setup.settings.ambientTemperature;
  const walls: WallThermal[] = [];
  const bodyTemperature: number[] = [];
  for (const b of bodies) {
    const c = setup.parts[b.index].component;
    const wall: WallThermal = { kind: ThermoKindCode.adiabatic, temperature: ambient, heatFlux: 0, heatTransferCoefficient: 0, referenceTemperature: ambient };
    let t = ambient;
    if (c.type === 'rigid') {
      wall.kind = THERMO_KIND_CODE[c.thermoKind];
      wall.temperature = c.boundaryTemperature;
      wall.heatFlux = c.heatFlux;
      wall.heatTransferCoefficient = c.heatTransferCoefficient;
      wall.referenceTemperature = c.referenceTemperature;
      if (c.thermoKind === 'temperature') t = c.boundaryTemperature;
    } else if (c.type === 'openboundary') {
      t = c.ioTemperature;
    } else if (c.type === 'filling' || c.type === 'flow') {
      t = c.initialTemperature;
    }
    walls[b.index] = wall;
    bodyTemperature[b.index] = t;
  }
  return { heat: heatParamsOf(material.thermalConductivity, material.specificHeatCapacity, walls, h, dx), bodyTemperature };
}

/**
 * Neighbour grid: the deletion boundary when it is active, otherwise the particle bounds, and the space
 * moving walls sweep, with room for the flow to spread (particles beyond the grid still interact
 * correctly, only more slowly).
 */
export function caseGrid(d: DiscretizedCase, prm: PhysicsParams, setup: SetupDocument, swept: { min: Vec3; max: Vec3 } | null = null): GridSpec {
  const s = setup.settings;
  const support = 2 * prm.h;
  const capacity = Math.max(d.counts.total, 1);
  if (s.calcDomainActive) {
    return makeGrid(
      s.calcDomainMin.map((v) => v - support), s.calcDomainMax.map((v) => v + support), support, capacity,
    );
  }
  const lo = d.bounds.min.map((v, a) => Math.min(v, swept?.min[a] ?? v));
  const hi = d.bounds.max.map((v, a) => Math.max(v, swept?.max[a] ?? v));
  const min = lo.map((v, a) => v - 0.1 * (hi[a] - lo[a]) - 2 * support);
  const max = hi.map((v, a) => v + 0.1 * (hi[a] - lo[a]) + 2 * support);
  return makeGrid(min, max, support, capacity);
}
