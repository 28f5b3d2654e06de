// What a part is physically (spec 1 §3 'Component types'): fluid filled to a level, fluid volume,
// open boundary (inlet/outlet), refinement, or rigid wall, with its initial and boundary conditions.
import { z } from 'zod';
import { numberSchema } from './number.ts';
import { vec3Schema } from './vector.ts';
import { entityIdSchema } from './entity.ts';

export const componentTypes = ['filling', 'flow', 'openboundary', 'refinement', 'rigid'] as const;
export const componentTypeSchema = z.enum(componentTypes);
export type ComponentType = z.infer<typeof componentTypeSchema>;

/** How initial values are given: one constant set, or per-particle from an initial-distribution table. */
export const initialDistributions = ['constant', 'table'] as const;
export const initialDistributionSchema = z.enum(initialDistributions);
export type InitialDistribution = z.infer<typeof initialDistributionSchema>;

/** `hydrostatic` derives the initial pressure from gravity and the fluid column instead of `initialPressure`. */
export const initialPresets = ['none', 'hydrostatic'] as const;
export const initialPresetSchema = z.enum(initialPresets);
export type InitialPreset = z.infer<typeof initialPresetSchema>;

export const ioDirections = ['inflow', 'outflow'] as const;
export const ioTypes = ['riemann_pressure', 'riemann_velocity'] as const;
export const ioProfileKinds = ['field', 'constant'] as const;
export const thermoKinds = ['adiabatic', 'heat_flux', 'heat_transfer_coefficient', 'temperature'] as const;
export const velocityKinds = ['slip', 'no_slip', 'moving'] as const;
export const ioDirectionSchema = z.enum(ioDirections);
export const ioTypeSchema = z.enum(ioTypes);
export const ioProfileKindSchema = z.enum(ioProfileKinds);
export const thermoKindSchema = z.enum(thermoKinds);
export const velocityKindSchema = z.enum(velocityKinds);
export type IoDirection = z.infer<typeof ioDirectionSchema>;
export type IoType = z.infer<typeof ioTypeSchema>;
export type IoProfileKind = z.infer<typeof ioProfileKindSchema>;
export type ThermoKind = z.infer<typeof thermoKindSchema>;
export type VelocityKind = z.infer<typeof velocityKindSchema>;

/** Initial state of the fluid a component brings in. SI: K, m/s, Pa. */
const initialConditions = {
  initialTemperature: numberSchema,
  initialVelocity: vec3Schema,
  initialPressure: numberSchema,
  initialDistribution: initialDistributionSchema,
  initialDistributionTableId: entityIdSchema.nullable(),
  initialPreset: initialPresetSchema,
};

/** Fluid filled from the part's seed point up to `height` (m, world z) inside the part's geometry. */
export const fillingComponentSchema = z.object({ type: z.literal('filling'), ...initialConditions, height: numberSchema });
/** The whole volume of the part's geometry is fluid. */
export const flowComponentSchema = z.object({ type: z.literal('flow'), ...initialConditions });
/**
 * Inlet or outlet. `ioVelocity` is the velocity normal to the boundary (m/s, positive into the domain),
 * `ioPressure` in Pa, `ioTemperature` in K; with `ioProfileKind` 'field' the values come from table `ioTableId`.
 */
export const openBoundaryComponentSchema = z.object({
  type: z.literal('openboundary'),
  ...initialConditions,
  ioDirection: ioDirectionSchema,
  ioType: ioTypeSchema,
  ioPressure: numberSchema,
  ioVelocity: numberSchema,
  ioTemperature: numberSchema,
  ioProfileKind: ioProfileKindSchema,
  ioTableId: entityIdSchema.nullable(),
});
/** A part that only marks a zone of finer particles; it has no conditions of its own. */
export const refinementComponentSchema = z.object({ type: z.literal('refinement') });
/**
 * Wall. heatFlux W/m², temperatures K, heatTransferCoefficient W/(m²·K), contactAngle degrees (used
 * with surface tension). With velocityKind 'moving' the wall velocity follows movement
 * `velocityConditionMovementId` without the geometry moving (moving boundary condition).
 */
export const rigidComponentSchema = z.object({
  type: z.literal('rigid'),
  heatFlux: numberSchema,
  boundaryTemperature: numberSchema,
  referenceTemperature: numberSchema,
  heatTransferCoefficient: numberSchema,
  thermoKind: thermoKindSchema,
  velocityKind: velocityKindSchema,
  velocityConditionMovementId: entityIdSchema.nullable(),
  contactAngle: numberSchema,
});

export const componentSchema = z.discriminatedUnion('type', [
  fillingComponentSchema, flowComponentSchema, openBoundaryComponentSchema, refinementComponentSchema,
  rigidComponentSchema,
]);
export type Component = z.infer<typeof componentSchema>;
export type FillingComponent = z.infer<typeof fillingComponentSchema>;
export type FlowComponent = z.infer<typeof flowComponentSchema>;
export type OpenBoundaryComponent = z.infer<typeof openBoundaryComponentSchema>;
export type RefinementComponent = z.infer<typeof refinementComponentSchema>;
export type RigidComponent = z.infer<typeof rigidComponentSchema>;
export type ComponentWithInitialConditions = FillingComponent | FlowComponent | OpenBoundaryComponent;

// Named here too: setupDefaults.ts holds them without zod, for the engine's cases and benchmarks.
export {
  defaultFillingComponent, defaultFlowComponent, defaultOpenBoundaryComponent, defaultRefinementComponent, defaultRigidComponent,
} from './setupDefaults.ts';

/** Components that put fluid into the domain: the ones with initial conditions. */
export function hasInitialConditions(c: Component): c is ComponentWithInitialConditions {
  return c.type === 'filling' || c.type === 'flow' || c.type === 'openboundary';
}

/** Spec 1 §5: a material is required for every non-rigid part. */
export function requiresMaterial(type: ComponentType): boolean {
  return type !== 'rigid';
}
