// From a setup document to a runnable case: which settings the engine implements (checkCaseSupport),
// geometry resolution through an injected file resolver and geometry kernel, discretization, physics
// parameters, the motion plan (moving walls, acceleration file, rotating frame), grid.
import { findDataTable, parseSetupDocument, type SetupDocument } from '../domain/setup.ts';
import {
  IO_PROFILE_POSITION_COLUMNS, VISCOSITY_TABLE_COLUMNS, ioProfileValueColumn, tableRowCount, tableRows, type DataTable,
} from '../domain/dataTable.ts';
import { TABLE_MIN_ROWS } from '../domain/constants.ts';
import type { IoType } from '../domain/component.ts';
import { MESSAGES } from '../domain/messages.ts';
import { allowedThermoKinds } from '../domain/dependencies.ts';
import { planeInterpolant, sampleProfile, type BoundaryProfile } from './physics/ioProfile.ts';
import { prescribedValue } from './physics/boundaries.ts';
import type { Part } from '../domain/part.ts';
import { stlUnitFactors } from '../domain/shape.ts';
import { shapeTriangles } from '../domain/meshGeometry.ts';
import type { Material } from '../domain/material.ts';
import { SMOOTHING_RATIO, kernelConstants } from './kernel.ts';
import { ParticleKind } from './particles.ts';
import { taitConstants, taitDensity } from './eos.ts';
import { MULTIPHASE_MAX_MATERIALS, SURFACE_TENSION_MAX_MATERIALS } from '../domain/constants.ts';
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
import { movementChain } from '../domain/kinematics.ts';
import { readAccelerationCsv, type AccelerationSamples } from '../domain/accelerationFile.ts';
import type { Vec3 } from '../domain/vector.ts';
import { ThermoKindCode, heatParamsOf, multiphaseHeatParamsOf, type HeatParams, type WallThermal } from './physics/heat.ts';
import { surfaceTensionParamsOf } from './physics/surfaceTension.ts';
import { ViscosityKindCode, tableMaxViscosity, viscosityTableOf, type ViscosityTable } from './physics/viscosity.ts';
import { motionPlanOf, planMoves, sweptWallBounds, wallReferenceOf } from './physics/motion.ts';
import { UnsupportedCaseError, type FileResolver, type PreparedCase, type SupportIssue } from './preparedCase.ts';

// Named here too: the preparation's callers take them from the module that prepares.
export { UnsupportedCaseError, engineSetupOf, type FileResolver, type PreparedCase, type SupportIssue } from './preparedCase.ts';

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
  if (s.multiphase) {
    // The engine's multiphase scheme (README, Multiphase) needs what the domain's rules switch on with it.
    if (s.densityLimiter) refuse('settings.densityLimiter', MESSAGES.multiphaseDensityLimiter);
    if (s.noRiemannWall) refuse('settings.noRiemannWall', MESSAGES.multiphaseWallPressure);
    // Walls of a multiphase case are adiabatic or held at a temperature (spec 1 §4).
    if (s.thermodynamics) {
      setup.parts.forEach((part, i) => {
        const c = part.component;
        if (c.type === 'rigid' && !allowedThermoKinds(s).includes(c.thermoKind)) {
          refuse(`parts[${i}] "${part.name}".component.thermoKind`, MESSAGES.multiphaseThermoKind);
        }
      });
    }
  }
  if (s.surfaceTension && !(s.sigma > 0)) refuse('settings.sigma', 'must be greater than 0');
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
        if (c.ioProfileKind === 'field') {
          const table = findDataTable(setup, c.ioTableId);
          if (table === undefined) refuse(`${at}.component.ioTableId`, MESSAGES.selectionRequired);
          else {
            const problem = profileTableProblem(table, c.ioType);
            if (problem !== null) refuse(`${at}.component.ioTableId`, problem);
          }
        }
        if (part.shape.type !== 'plane' && part.shape.type !== 'stl') refuse(`${at}.shape`, 'an open boundary must be a planar surface');
      }
    }
  });
  if (usedMaterials.size > 1 && !s.multiphase) {
    refuse('parts.materialId', `fluid parts use ${usedMaterials.size} different materials; several fluids need multiphase on`);
  }
  if (usedMaterials.size > MULTIPHASE_MAX_MATERIALS) refuse('parts.materialId', MESSAGES.multiphaseMaxMaterials);
  if (usedMaterials.size > 1 && s.multiphase) {
    // Surface tension acts between two fluids (the interface of the heavier one), not among more.
    if (s.surfaceTension && usedMaterials.size > SURFACE_TENSION_MAX_MATERIALS) refuse('settings.surfaceTension', MESSAGES.surfaceTensionMaterials);
    setup.parts.forEach((part, i) => {
      if (part.component.type === 'openboundary') {
        refuse(`parts[${i}] "${part.name}".component`, `inlets and outlets with several fluids (multiphase) ${NOT_IMPLEMENTED}`);
      }
    });
  }
  setup.materials.forEach((m, i) => {
    if (!usedMaterials.has(m.id) && !(usedMaterials.size === 0 && i === 0)) return;
    const at = `materials[${i}] "${m.name}"`;
    if (m.viscosityKind !== 'constant') checkViscosityTable(setup, m, at, refuse);
    if (!(m.density > 0)) refuse(`${at}.density`, 'must be greater than 0');
    if (!(m.speedOfSound > 0)) refuse(`${at}.speedOfSound`, 'must be greater than 0');
    if (!(m.gamma > 0)) refuse(`${at}.gamma`, 'must be greater than 0');
    if (m.viscosityKind === 'constant' && !(m.kinematicViscosity >= 0)) refuse(`${at}.kinematicViscosity`, 'must not be negative');
  });
  if (fluidParts(setup).length === 0) refuse('parts', 'the setup has no fluid part (fluid level, filled volume or inlet)');
  return issues;
}

/**
 * A viscosity table the engine can interpolate: present, at least 2 rows, its kind's columns, finite
 * arguments and positive viscosities; a temperature table only with heat transfer, which gives the
 * temperature it is read at.
 */
function checkViscosityTable(setup: SetupDocument, m: Material, at: string, refuse: (setting: string, message: string) => void): void {
  if (m.viscosityKind === 'constant') return;
  const kind = m.viscosityKind;
  const field = kind === 'shear_rate' ? 'viscosityShearRateTableId' : 'viscosityTemperatureTableId';
  if (kind === 'temperature' && !setup.settings.thermodynamics) {
    refuse(`${at}.viscosityKind`, 'temperature-dependent viscosity requires heat transfer');
  }
  const table = findDataTable(setup, m[field]);
  if (table === undefined) {
    refuse(`${at}.${field}`, `the ${kind.replace('_', ' ')} viscosity table is missing`);
    return;
  }
  const [argument, viscosity] = VISCOSITY_TABLE_COLUMNS[kind];
  const a = table.headers.indexOf(argument), v = table.headers.indexOf(viscosity);
  if (a < 0 || v < 0) {
    refuse(`${at}.${field}`, `the viscosity table needs the columns ${argument}, ${viscosity}`);
    return;
  }
  if (tableRowCount(table) < TABLE_MIN_ROWS) refuse(`${at}.${field}`, 'table must have at least 2 rows');
  const rows = tableRowCount(table);
  for (let r = 0; r < rows; r++) {
    if (!Number.isFinite(table.table[a][r]) || !(table.table[v][r] > 0) || !Number.isFinite(table.table[v][r])) {
      refuse(`${at}.${field}`, `row ${r + 1} of the viscosity table needs a finite ${argument} and a positive ${viscosity}`);
      return;
    }
  }
}

/** The engine's table of a material with a table viscosity; null for a constant one. */
export function caseViscosityTable(setup: SetupDocument, m: Material): ViscosityTable | null {
  if (m.viscosityKind === 'constant') return null;
  const kind = m.viscosityKind;
  const table = findDataTable(setup, kind === 'shear_rate' ? m.viscosityShearRateTableId : m.viscosityTemperatureTableId);
  if (table === undefined) throw new UnsupportedCaseError([{ setting: 'materials', message: 'the viscosity table is missing' }]);
  const [argument, viscosity] = VISCOSITY_TABLE_COLUMNS[kind];
  return viscosityTableOf(
    kind === 'shear_rate' ? ViscosityKindCode.shearRate : ViscosityKindCode.temperature,
    table.table[table.headers.indexOf(argument)], table.table[table.headers.indexOf(viscosity)],
  );
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

/**
 * The fluids of the case in the order of the setup's materials: one for a single fluid, every material a
 * fluid part uses with multiphase on.
 */
export function caseMaterials(setup: SetupDocument): Material[] {
  const used = new Set(fluidParts(setup).map((p) => p.materialId).filter((id) => id !== null));
  const materials = setup.materials.filter((m) => used.has(m.id));
  return setup.settings.multiphase && materials.length > 1 ? materials : [caseMaterial(setup)];
}

/** The fluid material of the case (the one all fluid parts use; the first of several). */
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
  const materials = caseMaterials(setup);
  const material = materials[0];
  const s = setup.settings;
  const dx = s.particleDiameter;
  const bodies = discretized.bodies;
  // Each fluid's viscosity table (null: constant); a table's largest ν bounds the time step.
  const tables = materials.map((m) => caseViscosityTable(setup, m));
  const multiphase = materials.length > 1
    ? {
      bodyPhase: bodies.map((b) => (b.materialId === null ? -1 : materials.findIndex((m) => m.id === b.materialId))),
      materials: materials.map((m, k) => {
        const table = tables[k];
        return {
          rho0: m.density, c0: m.speedOfSound, gamma: m.gamma,
          nu: table === null ? m.kinematicViscosity : tableMaxViscosity(table), viscosity: table,
        };
      }),
    }
    : undefined;
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
      ...(c.ioProfileKind === 'field' ? { profile: boundaryProfile(setup, g, c.ioTableId, c.ioType, dx) } : {}),
    };
  });
  const bodyBoundary = bodies.map((b) => boundaries.findIndex((x) => x.body === b.index));
  const thermal = s.thermodynamics ? caseThermal(setup, bodies, SMOOTHING_RATIO * dx, dx) : null;
  const h = SMOOTHING_RATIO * dx;
  // With two fluids the heavier one carries σ (the first of equal densities), and the capillary waves of
  // the interface move both: the step bound takes their mean density.
  const tensionPhase = materials.length > 1 ? materials.reduce((best, m, k) => (m.density > materials[best].density ? k : best), 0) : -1;
  const surfaceTension = s.surfaceTension
    ? surfaceTensionParamsOf(
      s.sigma,
      bodies.map((b) => {
        const c = setup.parts[b.index].component;
        return c.type === 'rigid' ? c.contactAngle : 90;
      }),
      materials.reduce((sum, m) => sum + m.density, 0) / materials.length, dx, h, kernelConstants(h).gradFactor, tensionPhase,
    )
    : undefined;
  // One fluid's table; several fluids keep theirs by phase (prm.phases.viscosity).
  const viscosity = materials.length > 1 ? null : tables[0];
  const prm = buildPhysicsParams({
    dx, rho0: material.density, c0: material.speedOfSound, gamma: material.gamma,
    nu: viscosity === null ? material.kinematicViscosity : tableMaxViscosity(viscosity),
    ...(viscosity !== null ? { viscosity } : {}),
    gravity: s.gravity,
    wallMode: s.noRiemannWall ? WallMode.mirrored : WallMode.riemann,
    lowDissipation: s.lowDissipationOperators,
    shifting: ShiftingMode[s.shifting],
    densityLimiter: s.densityLimiter, densityThreshold: s.densityThreshold,
    noSlip, bodyBoundary, boundaries,
    domainActive: s.calcDomainActive, domainMin: s.calcDomainMin, domainMax: s.calcDomainMax,
    wallsMove: planMoves(plan), frame,
    heat: thermal?.heat,
    multiphase,
    surfaceTension,
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
  applyProfiles(parts, prm, material);
  const g2 = s.gravity[0] ** 2 + s.gravity[1] ** 2 + s.gravity[2] ** 2;
  const state: EngineState = {
    time: 0, step: 0, nextId: parts.count, count: parts.count, maxVel2, maxAccel2: g2,
    x: parts.x, y: parts.y, z: parts.z, vx: parts.vx, vy: parts.vy, vz: parts.vz, rho: parts.rho, p: parts.p,
    mass: parts.mass, nx: parts.nx, ny: parts.ny, nz: parts.nz, fs: new Float64Array(parts.count),
    kind: parts.kind, body: parts.body, id,
  };
  if (thermal !== null) {
    state.temp = Float64Array.from(parts.body, (b) => thermal.bodyTemperature[b] ?? s.ambientTemperature);
  }
  // The contact angle needs each fluid particle's distance to the wall surface, as thermal walls do.
  if (thermal !== null || surfaceTension !== undefined) state.wdepth = parts.wallDepth;
  return { setup, material, materials, prm, grid, time, state, motion: { plan, reference }, bodies, discretized };
}

/** Why a field profile table cannot drive its boundary, or null: its columns and at least 2 rows of numbers. */
function profileTableProblem(table: DataTable, ioType: IoType): string | null {
  const needed = [...IO_PROFILE_POSITION_COLUMNS, ioProfileValueColumn(ioType)];
  const missing = needed.filter((h) => !table.headers.includes(h));
  if (missing.length > 0) return `the profile table lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`;
  const rows = tableRows(table);
  if (rows.length < 2) return MESSAGES.tableMinRows;
  if (rows.some((r) => r.some((v) => !Number.isFinite(v)))) return MESSAGES.validNumber;
  return null;
}

/** Samples of a boundary's field profile from its table (checked by checkCaseSupport). */
function boundaryProfile(setup: SetupDocument, g: DiscretizedCase['boundaries'][number], tableId: string | null, ioType: IoType, dx: number): BoundaryProfile {
  const table = findDataTable(setup, tableId);
  if (table === undefined) throw new Error(`profile table ${tableId} does not exist`);
  const col = (h: string) => table.table[table.headers.indexOf(h)];
  const px = col('pos_x'), py = col('pos_y'), pz = col('pos_z'), value = col(ioProfileValueColumn(ioType));
  const points = px.map((x, r) => [x, py[r], pz[r]] as [number, number, number]);
  return sampleProfile(g, planeInterpolant(g, points, value), 0.5 * dx);
}

/** Buffer particles of a field-profile boundary start in the state the profile prescribes at their place. */
function applyProfiles(parts: DiscretizedCase['particles'], prm: PhysicsParams, material: Material): void {
  const eos = taitConstants(material.density, material.gamma, material.speedOfSound);
  for (let i = 0; i < parts.count; i++) {
    if (parts.kind[i] !== ParticleKind.buffer) continue;
    const bi = prm.bodyBoundary[parts.body[i]];
    const b = prm.boundaries[bi];
    if (b?.profile === undefined) continue;
    const value = prescribedValue(b, parts.x[i], parts.y[i], parts.z[i]);
    if (b.type === IoTypeCode.riemannVelocity) {
      parts.vx[i] = value * b.normal[0];
      parts.vy[i] = value * b.normal[1];
      parts.vz[i] = value * b.normal[2];
    } else {
      parts.p[i] = value;
      parts.rho[i] = taitDensity(value, eos);
      parts.mass[i] = parts.rho[i] * prm.dx ** 3;
    }
  }
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
 * capacity (several fluids: each phase's, with its density for the step bound) and each rigid body's wall
 * condition (physics/heat.ts).
 */
export function caseThermal(setup: SetupDocument, bodies: BodyInfo[], h: number, dx: number): CaseThermal {
  const materials = caseMaterials(setup);
  const material = materials[0];
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
  if (materials.length === 1) {
    return { heat: heatParamsOf(material.thermalConductivity, material.specificHeatCapacity, walls, h, dx), bodyTemperature };
  }
  // Phases in the order of caseMaterials, as prm.phases numbers them.
  const bodyPhase: number[] = [];
  for (const b of bodies) bodyPhase[b.index] = b.materialId === null ? -1 : materials.findIndex((m) => m.id === b.materialId);
  const phases = materials.map((m) => ({ conductivity: m.thermalConductivity, heatCapacity: m.specificHeatCapacity, density: m.density }));
  return { heat: multiphaseHeatParamsOf(phases, bodyPhase, walls, h, dx), bodyTemperature };
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
