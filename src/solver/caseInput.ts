// From a setup document to a runnable case: which settings the engine implements (checkCaseSupport),
// geometry resolution through an injected file resolver and geometry kernel, discretization, physics
// parameters, grid.
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
import type { EngineState, TimeControl } from './engine.ts';

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
  if (s.thermodynamics) refuse('settings.thermodynamics', `heat transfer ${NOT_IMPLEMENTED}`);
  if (s.multiphase) refuse('settings.multiphase', `multiphase flow ${NOT_IMPLEMENTED}`);
  if (s.surfaceTension) refuse('settings.surfaceTension', `surface tension ${NOT_IMPLEMENTED}`);
  if (s.airDrag) refuse('settings.airDrag', `air drag ${NOT_IMPLEMENTED}`);
  if (s.rotatingSystem) refuse('settings.rotatingSystem', `a rotating reference frame ${NOT_IMPLEMENTED}`);
  if (s.accelerationFile !== null) refuse('settings.accelerationFile', `a time-dependent frame acceleration ${NOT_IMPLEMENTED}`);
  if (s.accelerationLimiter) refuse('settings.accelerationLimiter', `the acceleration limiter ${NOT_IMPLEMENTED}`);
  if (s.discretizerLegacy) refuse('settings.discretizerLegacy', `the legacy discretizer ${NOT_IMPLEMENTED}`);
  if (!(s.particleDiameter > 0)) refuse('settings.particleDiameter', 'must be greater than 0');
  if (!(s.endTime > 0)) refuse('settings.endTime', 'must be greater than 0');
  if (!(s.outputTimeInterval > 0)) refuse('settings.outputTimeInterval', 'must be greater than 0');
  if (s.densityLimiter && !(s.densityThreshold > 0 && s.densityThreshold <= 1)) {
    refuse('settings.densityThreshold', 'must lie between 1 % and 100 % when the density limiter is on');
  }
  if (setup.movements.length > 0) refuse('movements', `moving parts ${NOT_IMPLEMENTED}`);
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
      if (c.velocityKind === 'moving') refuse(`${at}.component.velocityKind`, `moving wall velocity ${NOT_IMPLEMENTED}`);
      if (c.thermoKind !== 'adiabatic') refuse(`${at}.component.thermoKind`, `thermal wall conditions need heat transfer, which ${NOT_IMPLEMENTED}`);
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
  bodies: BodyInfo[];
  discretized: DiscretizedCase;
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
  const noSlip = bodies.map((b) => {
    const part = setup.parts[b.index];
    return part.component.type === 'rigid' && part.component.velocityKind === 'no_slip' ? 1 : 0;
  });
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
  const prm = buildPhysicsParams({
    dx, rho0: material.density, c0: material.speedOfSound, gamma: material.gamma, nu: material.kinematicViscosity,
    gravity: s.gravity,
    wallMode: s.noRiemannWall ? WallMode.mirrored : WallMode.riemann,
    lowDissipation: s.lowDissipationOperators,
    shifting: ShiftingMode[s.shifting],
    densityLimiter: s.densityLimiter, densityThreshold: s.densityThreshold,
    noSlip, bodyBoundary, boundaries,
    domainActive: s.calcDomainActive, domainMin: s.calcDomainMin, domainMax: s.calcDomainMax,
  }, SMOOTHING_RATIO);
  const grid = caseGrid(discretized, prm, setup);
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
  return { setup, material, prm, grid, time, state, bodies, discretized };
}

/**
 * Neighbour grid: the deletion boundary when it is active, otherwise the particle bounds with room for
 * the flow to spread (particles beyond the grid still interact correctly, only more slowly).
 */
export function caseGrid(d: DiscretizedCase, prm: PhysicsParams, setup: SetupDocument): GridSpec {
  const s = setup.settings;
  const support = 2 * prm.h;
  const capacity = Math.max(d.counts.total, 1);
  if (s.calcDomainActive) {
    return makeGrid(
      s.calcDomainMin.map((v) => v - support), s.calcDomainMax.map((v) => v + support), support, capacity,
    );
  }
  const min = d.bounds.min.map((v, a) => v - 0.1 * (d.bounds.max[a] - d.bounds.min[a]) - 2 * support);
  const max = d.bounds.max.map((v, a) => v + 0.1 * (d.bounds.max[a] - d.bounds.min[a]) + 2 * support);
  return makeGrid(min, max, support, capacity);
}
