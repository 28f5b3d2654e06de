// Validation limits of spec 1 §5 and spec 2 §5 in two profiles: 'default' (what the product accepts)
// and 'strict' (tighter ranges for validated, production-grade setups). Rules, forms and the server
// read ranges only from here.
import { AIR_DRAG_MAX_CELLS, EXPORT_STEP_SIZE_MAX, EXPORT_STEP_SIZE_MIN } from './constants.ts';

export const validationProfiles = ['default', 'strict'] as const;
export type ValidationProfile = (typeof validationProfiles)[number];

/** Closed range unless a side is marked exclusive; `integer` additionally requires whole numbers. */
export interface NumberRange {
  readonly min?: number;
  readonly max?: number;
  readonly minExclusive?: boolean;
  readonly maxExclusive?: boolean;
  readonly integer?: boolean;
}

const positive: NumberRange = { min: 0, minExclusive: true };

/** Limits that are the same in both profiles. */
const common = {
  /** Movements (translatory; m/s², m/s). */
  movementAcceleration: { min: -300, max: 300 },
  movementVelocity: { min: -1000, max: 1000 },
  movementStart: { min: 0 },
  /** Periodic boundary (degrees). */
  sliceAngle: { min: 1, max: 120 },
  sliceRotation: { min: -360, max: 360, minExclusive: true, maxExclusive: true },
  /** Meshing parameters; angular deflection in degrees as the form shows it. */
  linearDeflectionFactor: { min: 0.1, max: 10 },
  angularDeflectionDeg: { min: 1, max: 90 },
  opacity: { min: 0, max: 1 },
  /** Fluid level: the fill height (world z of the fluid surface, m). */
  fillHeight: { min: 0 },
  /** Geometry. */
  length: positive,
  scale: positive,
  resolution: { min: 1, integer: true },
  splittingRatio: { min: 1, integer: true },
  meshResolutionPercent: { min: 1, max: 100 },
  /** Simulation time control. */
  endTime: positive,
  outputTimeInterval: positive,
  densityThresholdPercent: { min: 1, max: 100 },
  /** Refinement level: particle size relative to the global particle diameter. */
  refinementLevel: { min: 0, max: 1, minExclusive: true },
  /** Air drag. */
  airDragSize: positive,
  airDragCellSize: positive,
  airDragMaxCells: AIR_DRAG_MAX_CELLS,
  /** Export step size. */
  exportStepSize: { min: EXPORT_STEP_SIZE_MIN, max: EXPORT_STEP_SIZE_MAX, integer: true },
} as const satisfies Record<string, NumberRange | number>;

export interface ProfileLimits {
  // material
  density: NumberRange;
  gamma: NumberRange;
  speedOfSound: NumberRange;
  thermalConductivity: NumberRange;
  specificHeatCapacity: NumberRange;
  kinematicViscosity: NumberRange;
  // initial and boundary conditions
  temperature: NumberRange;
  velocityComponent: NumberRange;
  initialPressure: NumberRange;
  ioPressure: NumberRange;
  ioVelocity: NumberRange;
  heatFlux: NumberRange;
  heatTransferCoefficient: NumberRange;
  contactAngle: NumberRange;
  // settings
  gravityComponent: NumberRange;
  particleDiameter: NumberRange;
  totalOutputs: NumberRange;
  ambientTemperature: NumberRange;
  surfaceTensionCoefficient: NumberRange;
}

export type Limits = ProfileLimits & typeof common;

const defaultProfile: ProfileLimits = {
  density: { min: 0.001, max: 20000 },
  gamma: positive,
  speedOfSound: { min: 0, max: 5000, minExclusive: true },
  thermalConductivity: { min: 0.0001, max: 10 },
  specificHeatCapacity: { min: 100, max: 10000 },
  kinematicViscosity: { min: 1e-9, max: 2000 },
  temperature: { min: 0, max: 1000 },
  velocityComponent: { min: -1000, max: 1000 },
  initialPressure: { min: -1e9, max: 1e9 },
  ioPressure: { min: 0, max: 1e9 },
  ioVelocity: { min: -1000, max: 1000 },
  heatFlux: { min: -1e6, max: 1e6 },
  heatTransferCoefficient: { min: 0, max: 1e6 },
  contactAngle: { min: 0, max: 180 },
  gravityComponent: { min: -1000, max: 1000 },
  particleDiameter: positive,
  totalOutputs: { min: 5, max: 10000 },
  ambientTemperature: { min: 0, max: 2000, minExclusive: true },
  surfaceTensionCoefficient: { min: 0.0001, max: 10 },
};

const strictProfile: ProfileLimits = {
  density: { min: 0.1, max: 10000 },
  gamma: { min: 1, max: 10 },
  speedOfSound: { min: 1, max: 1000 },
  thermalConductivity: { min: 0.005, max: 2 },
  specificHeatCapacity: { min: 500, max: 5000 },
  kinematicViscosity: { min: 1e-7, max: 1 },
  temperature: { min: 0, max: 500 },
  velocityComponent: { min: -300, max: 300 },
  initialPressure: { min: 0, max: 1e7 },
  ioPressure: { min: 0, max: 1e7 },
  ioVelocity: { min: -300, max: 300 },
  heatFlux: { min: -150000, max: 150000 },
  heatTransferCoefficient: { min: 0, max: 1000 },
  contactAngle: { min: 0, max: 120 },
  gravityComponent: { min: -300, max: 300 },
  particleDiameter: { min: 1e-5, max: 10 },
  totalOutputs: { min: 50, max: 5000 },
  ambientTemperature: { min: 100, max: 600 },
  surfaceTensionCoefficient: { min: 0.001, max: 1 },
};

const LIMITS: Readonly<Record<ValidationProfile, Limits>> = {
  default: { ...common, ...defaultProfile },
  strict: { ...common, ...strictProfile },
};

export function limitsFor(profile: ValidationProfile): Limits {
  return LIMITS[profile];
}

/** Whether `value` lies in `range` (NaN and infinities never do). */
export function inRange(value: number, range: NumberRange): boolean {
  if (!Number.isFinite(value)) return false;
  if (range.integer && !Number.isInteger(value)) return false;
  if (range.min !== undefined && (range.minExclusive ? value <= range.min : value < range.min)) return false;
  if (range.max !== undefined && (range.maxExclusive ? value >= range.max : value > range.max)) return false;
  return true;
}
