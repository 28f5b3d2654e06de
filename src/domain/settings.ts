// Simulation settings (spec 1 §3 'Simulation settings'): physics, time control, deletion boundary
// (calculation domain), rotating frame and solver switches of one simulation.
import { z } from 'zod';
import { numberSchema } from './number.ts';
import { vec3Schema } from './vector.ts';
import { entityIdSchema } from './entity.ts';

export const integrationSchemes = ['dual_timestep_rk_4', 'runge_kutta_4'] as const;
export const integrationSchemeSchema = z.enum(integrationSchemes);
export type IntegrationScheme = z.infer<typeof integrationSchemeSchema>;

export const shiftingKinds = ['lyu21', 'sun17', 'zero'] as const;
export const shiftingSchema = z.enum(shiftingKinds);
export type Shifting = z.infer<typeof shiftingSchema>;

/** Uploaded CSV of a time-dependent body acceleration of the whole frame. */
export const accelerationFileSchema = z.object({ id: entityIdSchema, name: z.string().min(1).max(255) });
export type AccelerationFile = z.infer<typeof accelerationFileSchema>;

/**
 * Units: SI throughout (m, s, kg, K). `densityThreshold` is a fraction (0.3 = 30 %; the UI shows
 * percent). `rotationVelocity` is in rad/s. `noRiemannWall` false means the improved (Riemann-solver)
 * wall pressure is used; true falls back to the plain mirrored wall pressure.
 */
export const simulationSettingsSchema = z.object({
  gravity: vec3Schema,
  particleDiameter: numberSchema,
  endTime: numberSchema,
  outputTimeInterval: numberSchema,
  calcDomainMin: vec3Schema,
  calcDomainMax: vec3Schema,
  calcDomainActive: z.boolean(),
  accelerationFile: accelerationFileSchema.nullable(),
  multiphase: z.boolean(),
  integrationScheme: integrationSchemeSchema,
  shifting: shiftingSchema,
  surfaceTension: z.boolean(),
  /** Surface tension coefficient in N/m. */
  sigma: numberSchema,
  dynamicTimeStep: z.boolean(),
  densityLimiter: z.boolean(),
  densityThreshold: numberSchema,
  accelerationLimiter: z.boolean(),
  thermodynamics: z.boolean(),
  /** Kelvin. */
  ambientTemperature: numberSchema,
  airDrag: z.boolean(),
  rotatingSystem: z.boolean(),
  rotationVelocity: numberSchema,
  rotationAxis: vec3Schema,
  rotationCenter: vec3Schema,
  noRiemannWall: z.boolean(),
  discretizerLegacy: z.boolean(),
  lowDissipationOperators: z.boolean(),
});
export type SimulationSettings = z.infer<typeof simulationSettingsSchema>;

// Named here too: setupDefaults.ts holds them without zod, for the engine's cases and benchmarks.
export { DEFAULT_DENSITY_THRESHOLD, defaultSimulationSettings } from './setupDefaults.ts';

/** The UI edits the density threshold in percent (1..100); the document stores a fraction. */
export function densityThresholdToPercent(fraction: number): number {
  return Math.round(fraction * 100 * 1e9) / 1e9;
}

export function percentToDensityThreshold(percent: number): number {
  return Math.round((percent / 100) * 1e12) / 1e12;
}

/** Improved wall pressure is the Riemann-solver wall treatment, i.e. `noRiemannWall === false`. */
export function improvedWallPressure(settings: Pick<SimulationSettings, 'noRiemannWall'>): boolean {
  return !settings.noRiemannWall;
}

// Named here too: outputLayout.ts holds it without zod, for the engine.
export { outputCount } from './outputLayout.ts';

/** The ratio end time / output interval that the 'total outputs' rule bounds (spec 1 §5). */
export function totalOutputsRatio(settings: Pick<SimulationSettings, 'endTime' | 'outputTimeInterval'>): number {
  return settings.endTime / settings.outputTimeInterval;
}
