// The setup document's constructors: an empty document and new settings, materials, appearances,
// components, shapes and parts with their default values. Apart from the schemas (setup.ts and the
// entity modules, which name these too), so that what builds a case without validating it (the
// engine's benchmark cases) loads no zod.
import type { SetupDocument } from './setup.ts';
import type { SimulationSettings } from './settings.ts';
import type { Material } from './material.ts';
import type { HexColor, PartAppearance } from './appearance.ts';
import type {
  Component, FillingComponent, FlowComponent, IoDirection, OpenBoundaryComponent, RefinementComponent, RigidComponent,
} from './component.ts';
import type { EmptyShape, FileReference, PlaneShape, PointcloudShape, Shape, StlCubeShape, StlShape, TriangleMesh } from './shape.ts';
import type { Part } from './part.ts';
import type { Vec3 } from './vec3.ts';
import { createEntityId } from './entityId.ts';

/** Bumped on every incompatible change of the document; `parseSetupDocument` rejects unknown versions. */
export const SETUP_SCHEMA_VERSION = 1;

/** Standard density limiter threshold: 30 %. */
export const DEFAULT_DENSITY_THRESHOLD = 0.3;

export function defaultSimulationSettings(): SimulationSettings {
  return {
    gravity: [0, 0, -9.81],
    particleDiameter: 0.01,
    endTime: 2,
    outputTimeInterval: 0.1,
    calcDomainMin: [-1, -1, -1],
    calcDomainMax: [1, 1, 1],
    calcDomainActive: false,
    accelerationFile: null,
    multiphase: false,
    integrationScheme: 'dual_timestep_rk_4',
    shifting: 'lyu21',
    surfaceTension: false,
    sigma: 0.0728,
    dynamicTimeStep: true,
    densityLimiter: true,
    densityThreshold: DEFAULT_DENSITY_THRESHOLD,
    accelerationLimiter: false,
    thermodynamics: false,
    ambientTemperature: 293.15,
    airDrag: false,
    rotatingSystem: false,
    rotationVelocity: 0,
    rotationAxis: [0, 0, 1],
    rotationCenter: [0, 0, 0],
    noRiemannWall: false,
    discretizerLegacy: false,
    lowDissipationOperators: false,
  };
}

/** Default name of the material with the given id: id 0 is "Fluid 1". */
export function defaultMaterialName(id: number): string {
  return `Fluid ${id + 1}`;
}

/** Water at room temperature with the artificial sound speed the solver is tuned for. */
export function defaultFluidMaterial(id = 0): Material {
  return {
    id,
    name: defaultMaterialName(id),
    density: 1000,
    gamma: 7,
    speedOfSound: 50,
    thermalConductivity: 0.6,
    specificHeatCapacity: 4182,
    viscosityKind: 'constant',
    kinematicViscosity: 1e-6,
    viscosityShearRateTableId: null,
    viscosityTemperatureTableId: null,
  };
}

/** Viewer defaults (spec 2 §3): parts visible, drawn as a surface at opacity 0.5. */
export function defaultPartAppearance(color: HexColor = '#8c9aa8'): PartAppearance {
  return {
    color,
    opacity: 0.5,
    wireframe: false,
    translucent: true,
    visibility: true,
    viewMode: 'surface',
    showPointcloud: false,
  };
}

const ROOM_TEMPERATURE = 293.15;

function defaultInitialConditions() {
  return {
    initialTemperature: ROOM_TEMPERATURE,
    initialVelocity: [0, 0, 0] as [number, number, number],
    initialPressure: 0,
    initialDistribution: 'constant' as const,
    initialDistributionTableId: null,
    initialPreset: 'none' as const,
  };
}

export function defaultFillingComponent(height = 0): FillingComponent {
  return { type: 'filling', ...defaultInitialConditions(), height };
}

export function defaultFlowComponent(): FlowComponent {
  return { type: 'flow', ...defaultInitialConditions() };
}

export function defaultOpenBoundaryComponent(direction: IoDirection = 'inflow'): OpenBoundaryComponent {
  return {
    type: 'openboundary',
    ...defaultInitialConditions(),
    ioDirection: direction,
    ioType: direction === 'inflow' ? 'riemann_velocity' : 'riemann_pressure',
    ioPressure: 0,
    ioVelocity: 1,
    ioTemperature: ROOM_TEMPERATURE,
    ioProfileKind: 'constant',
    ioTableId: null,
  };
}

export function defaultRigidComponent(): RigidComponent {
  return {
    type: 'rigid',
    heatFlux: 0,
    boundaryTemperature: ROOM_TEMPERATURE,
    referenceTemperature: ROOM_TEMPERATURE,
    heatTransferCoefficient: 0,
    thermoKind: 'adiabatic',
    velocityKind: 'no_slip',
    velocityConditionMovementId: null,
    contactAngle: 90,
  };
}

export function defaultRefinementComponent(): RefinementComponent {
  return { type: 'refinement' };
}

function base(translation: Vec3 = [0, 0, 0]) {
  return {
    translation,
    rotation: [0, 0, 0] as Vec3,
    scale: [1, 1, 1] as Vec3,
    flipNormals: false,
    info: null,
    resolution: 1,
  };
}

export function cubeShape(dimensions: Vec3 = [1, 1, 1], translation: Vec3 = [0, 0, 0]): StlCubeShape {
  return { type: 'stl_cube', ...base(translation), dimensions };
}

export function planeShape(dimensions: Vec3 = [2, 2, 0], translation: Vec3 = [0, 0, 0]): PlaneShape {
  return { type: 'plane', ...base(translation), dimensions };
}

export function stlFileShape(fileId: string, file: FileReference): StlShape {
  return { type: 'stl', ...base(), fileId, file, mesh: null };
}

export function inlineMeshShape(mesh: TriangleMesh): StlShape {
  return { type: 'stl', ...base(), fileId: null, file: null, mesh };
}

export function simulationPointcloudShape(refSimulationId: string, refSimulationOutput: number): PointcloudShape {
  return {
    type: 'pointcloud', ...base(), refSimulationId, refSimulationOutput, fileId: null, file: null, splittingRatio: 1,
  };
}

export function emptyShape(): EmptyShape {
  return { type: 'empty', ...base() };
}

export interface NewPartInput {
  name: string;
  component: Component;
  shape: Shape;
  materialId?: number | null;
  seedPoint?: Vec3 | null;
  color?: HexColor;
  id?: string;
}

/** A new part with default appearance; fluid parts default to material 0 ("Fluid 1"). */
export function createPart(input: NewPartInput): Part {
  return {
    id: input.id ?? createEntityId(),
    name: input.name,
    materialId: input.materialId !== undefined ? input.materialId : input.component.type === 'rigid' ? null : 0,
    component: input.component,
    shape: input.shape,
    appearance: defaultPartAppearance(input.color),
    seedPoint: input.seedPoint ?? null,
    hasWarnings: false,
    warnings: [],
  };
}

/** A new case: default settings, material "Fluid 1" and nothing else. */
export function emptySetup(): SetupDocument {
  return {
    schemaVersion: SETUP_SCHEMA_VERSION,
    settings: defaultSimulationSettings(),
    materials: [defaultFluidMaterial()],
    parts: [],
    movements: [],
    refinements: [],
    sensors: [],
    volumeClips: [],
    periodicBoundary: null,
    airDragDomain: null,
    conditions: [],
    dataTables: [],
  };
}
