// Result attributes written by the solver and shown by the viewer, statistics and export (spec 2 §3
// 'Result attributes'): keys, labels, SI units, vector sub-options, integrated quantities and default
// colour ranges (spec 2 §9).
import { z } from 'zod';
import { resultAttributeKeys, resultAttributes, type ResultAttributeKey } from './resultAttributes.ts';

// The keys and definitions, named here too: resultAttributes.ts holds them without zod, for the engine.
export { resultAttributeKeys, resultAttributes, type ResultAttributeDefinition, type ResultAttributeKey } from './resultAttributes.ts';

export const resultAttributeKeySchema = z.enum(resultAttributeKeys);

/** Sub-options of vector attributes: their magnitude or one component. */
export const vectorSubOptions = ['magnitude', 'x', 'y', 'z'] as const;
export const vectorSubOptionSchema = z.enum(vectorSubOptions);
export type VectorSubOption = z.infer<typeof vectorSubOptionSchema>;

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
