// Result attributes written by the solver and shown by the viewer, statistics and export (spec 2 §3
// 'Result attributes'): keys, labels, SI units, vector sub-options, integrated quantities and default
// colour ranges (spec 2 §9).
import { z } from 'zod';

export const resultAttributeKeys = [
  'acceleration', 'body_id', 'density', 'heat_flux', 'kinematic_viscosity', 'mass', 'mass_flux', 'normal_stress',
  'particle_id', 'particle_packing', 'position', 'power_density', 'pressure', 'shear_rate', 'shear_stress',
  'temperature', 'total_stress', 'velocity', 'volume', 'volume_flux', 'wetting', 'wetting_by_material',
] as const;
export const resultAttributeKeySchema = z.enum(resultAttributeKeys);
export type ResultAttributeKey = z.infer<typeof resultAttributeKeySchema>;

/** Sub-options of vector attributes: their magnitude or one component. */
export const vectorSubOptions = ['magnitude', 'x', 'y', 'z'] as const;
export const vectorSubOptionSchema = z.enum(vectorSubOptions);
export type VectorSubOption = z.infer<typeof vectorSubOptionSchema>;

/**
 * `components` 3 marks a vector attribute (float32 xyz triples on disk); `integer` attributes are uint32.
 * `perMaterial` attributes have one sub-option per material (wetting by material).
 */
export interface ResultAttributeDefinition {
  key: ResultAttributeKey;
  label: string;
  unit: string;
  components: 1 | 3;
  integer: boolean;
  perMaterial: boolean;
}

function def(
  key: ResultAttributeKey, label: string, unit: string, components: 1 | 3 = 1,
  integer = false, perMaterial = false,
): ResultAttributeDefinition {
  return { key, label, unit, components, integer, perMaterial };
}

export const resultAttributes: Readonly<Record<ResultAttributeKey, ResultAttributeDefinition>> = {
  acceleration: def('acceleration', 'Acceleration', 'm/s²', 3),
  body_id: def('body_id', 'Body ID', '', 1, true),
  density: def('density', 'Density', 'kg/m³'),
  heat_flux: def('heat_flux', 'Heat Flux', 'W/m²'),
  kinematic_viscosity: def('kinematic_viscosity', 'Kinematic Viscosity', 'm²/s'),
  mass: def('mass', 'Mass', 'kg'),
  mass_flux: def('mass_flux', 'Mass Flux', 'kg/(m²·s)'),
  normal_stress: def('normal_stress', 'Normal Stress', 'Pa'),
  particle_id: def('particle_id', 'Particle ID', '', 1, true),
  particle_packing: def('particle_packing', 'Particle Packing', ''),
  position: def('position', 'Position', 'm', 3),
  power_density: def('power_density', 'Power Density', 'W/m³'),
  pressure: def('pressure', 'Pressure', 'Pa'),
  shear_rate: def('shear_rate', 'Shear Rate', '1/s'),
  shear_stress: def('shear_stress', 'Shear Stress', 'Pa', 3),
  temperature: def('temperature', 'Temperature', 'K'),
  total_stress: def('total_stress', 'Total Stress', 'Pa', 3),
  velocity: def('velocity', 'Velocity', 'm/s', 3),
  volume: def('volume', 'Volume', 'm³'),
  volume_flux: def('volume_flux', 'Volume Flux', 'm/s'),
  wetting: def('wetting', 'Wetting', ''),
  wetting_by_material: def('wetting_by_material', 'Wetting by Material', '', 1, false, true),
};

export function isVectorAttribute(key: ResultAttributeKey): boolean {
  return resultAttributes[key].components === 3;
}

/** Sub-options offered after the attribute select: xyz for vectors, none for scalars. */
export function attributeSubOptions(key: ResultAttributeKey): readonly VectorSubOption[] {
  return isVectorAttribute(key) ? vectorSubOptions : [];
}

/** Label with unit as the attribute select shows it: "Pressure [Pa]". */
export function attributeLabelWithUnit(key: ResultAttributeKey): string {
  const { label, unit } = resultAttributes[key];
  return unit ? `${label} [${unit}]` : label;
}

export const integratedQuantityKeys = [
  'heat_transfer_rate', 'mass_flow_rate', 'normal_force', 'power', 'shear_force', 'total_force', 'total_volume',
  'volume_flow_rate', 'wetted_area',
] as const;
export type IntegratedQuantityKey = (typeof integratedQuantityKeys)[number];

/** Quantities obtained by integrating an attribute over a surface or volume, and their source attribute. */
export const integratedQuantities: Readonly<
  Record<IntegratedQuantityKey, { label: string; unit: string; source: ResultAttributeKey }>
> = {
  heat_transfer_rate: { label: 'Heat Transfer Rate', unit: 'W', source: 'heat_flux' },
  mass_flow_rate: { label: 'Mass Flow Rate', unit: 'kg/s', source: 'mass_flux' },
  normal_force: { label: 'Normal Force', unit: 'N', source: 'normal_stress' },
  power: { label: 'Power', unit: 'W', source: 'power_density' },
  shear_force: { label: 'Shear Force', unit: 'N', source: 'shear_stress' },
  total_force: { label: 'Total Force', unit: 'N', source: 'total_stress' },
  total_volume: { label: 'Total Volume', unit: 'm³', source: 'volume' },
  volume_flow_rate: { label: 'Volume Flow Rate', unit: 'm³/s', source: 'volume_flux' },
  wetted_area: { label: 'Wetted Area', unit: 'm²', source: 'wetting' },
};

/**
 * Fixed colour-range bounds (spec 2 §9); a side left undefined falls back to the data's min or max.
 * Particle packing is the Shepard summation, expected near 1.
 */
export const defaultAttributeRanges: Readonly<Partial<Record<ResultAttributeKey, { min?: number; max?: number }>>> = {
  particle_packing: { min: 0.9, max: 1.1 },
  power_density: { min: -100, max: 100 },
  pressure: { min: 0 },
  shear_rate: { min: 0 },
  wetting: { min: 0, max: 1 },
};

/**
 * Default colour range of an attribute: the fixed bounds where defined, otherwise the min and max of
 * the visible values.
 */
export function defaultColorRange(key: ResultAttributeKey, dataMin: number, dataMax: number): { min: number; max: number } {
  const fixed = defaultAttributeRanges[key];
  return { min: fixed?.min ?? dataMin, max: fixed?.max ?? dataMax };
}
