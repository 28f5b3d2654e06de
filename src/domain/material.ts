// Fluid materials of a simulation (spec 1 §3 'Material') and the preset library offered by the
// material presets dialog. Material id 0 is "Fluid 1"; ids are small integers unique per simulation.
import { z } from 'zod';
import { numberSchema, nonNegativeIntSchema } from './number.ts';
import { entityIdSchema, timestampSchema } from './entity.ts';

export const viscosityKinds = ['constant', 'shear_rate', 'temperature'] as const;
export const viscosityKindSchema = z.enum(viscosityKinds);
export type ViscosityKind = z.infer<typeof viscosityKindSchema>;

export const materialIdSchema = nonNegativeIntSchema;
export type MaterialId = z.infer<typeof materialIdSchema>;

/**
 * SI units: density kg/m³, speedOfSound m/s (the artificial sound speed of weakly-compressible SPH),
 * thermalConductivity W/(m·K), specificHeatCapacity J/(kg·K), kinematicViscosity m²/s. `gamma` is the
 * exponent of the Tait equation of state. Tables hold viscosity over shear rate or over temperature.
 */
export const materialSchema = z.object({
  id: materialIdSchema,
  name: z.string(),
  density: numberSchema,
  gamma: numberSchema,
  speedOfSound: numberSchema,
  thermalConductivity: numberSchema,
  specificHeatCapacity: numberSchema,
  viscosityKind: viscosityKindSchema,
  kinematicViscosity: numberSchema,
  viscosityShearRateTableId: entityIdSchema.nullable(),
  viscosityTemperatureTableId: entityIdSchema.nullable(),
  createdAt: timestampSchema.optional(),
});
export type Material = z.infer<typeof materialSchema>;

// Named here too: setupDefaults.ts holds them without zod, for the engine's cases and benchmarks.
export { defaultFluidMaterial, defaultMaterialName } from './setupDefaults.ts';

/** Next free material id (ids are never reused within a document while a material holds them). */
export function nextMaterialId(materials: readonly Pick<Material, 'id'>[]): number {
  return materials.reduce((max, m) => Math.max(max, m.id + 1), 0);
}

/** Presets carry a Prandtl number and a source for display; both are dropped when a preset is loaded. */
export const materialPresetSchema = materialSchema
  .omit({ id: true, createdAt: true, viscosityShearRateTableId: true, viscosityTemperatureTableId: true })
  .extend({ key: z.string(), prandtlNumber: numberSchema, source: z.string() });
export type MaterialPreset = z.infer<typeof materialPresetSchema>;

const INCROPERA_300K = 'Incropera et al., Fundamentals of Heat and Mass Transfer, property tables at 300 K';

/** Property values at 300 K and 1 atm; speed of sound is the solver's artificial value, not the physical one. */
export const materialPresets: readonly MaterialPreset[] = [
  {
    key: 'water', name: 'Water', density: 997, gamma: 7, speedOfSound: 50, thermalConductivity: 0.613,
    specificHeatCapacity: 4179, viscosityKind: 'constant', kinematicViscosity: 8.58e-7, prandtlNumber: 5.83,
    source: INCROPERA_300K,
  },
  {
    key: 'engine_oil', name: 'Engine oil (unused)', density: 884.1, gamma: 7, speedOfSound: 50,
    thermalConductivity: 0.145, specificHeatCapacity: 1909, viscosityKind: 'constant', kinematicViscosity: 5.5e-4,
    prandtlNumber: 6400, source: INCROPERA_300K,
  },
  {
    key: 'glycerin', name: 'Glycerin', density: 1259.9, gamma: 7, speedOfSound: 50, thermalConductivity: 0.286,
    specificHeatCapacity: 2427, viscosityKind: 'constant', kinematicViscosity: 6.34e-4, prandtlNumber: 6780,
    source: INCROPERA_300K,
  },
  {
    key: 'ethylene_glycol', name: 'Ethylene glycol', density: 1114.4, gamma: 7, speedOfSound: 50,
    thermalConductivity: 0.252, specificHeatCapacity: 2415, viscosityKind: 'constant', kinematicViscosity: 1.41e-5,
    prandtlNumber: 151, source: INCROPERA_300K,
  },
  {
    key: 'air', name: 'Air', density: 1.1614, gamma: 1.4, speedOfSound: 50, thermalConductivity: 0.0263,
    specificHeatCapacity: 1007, viscosityKind: 'constant', kinematicViscosity: 1.589e-5, prandtlNumber: 0.707,
    source: INCROPERA_300K,
  },
];

/** Material built from a preset: keeps id and name of the edited material, drops prandtlNumber and source. */
export function materialFromPreset(preset: MaterialPreset, target: Pick<Material, 'id' | 'name'>): Material {
  return {
    id: target.id,
    name: target.name,
    density: preset.density,
    gamma: preset.gamma,
    speedOfSound: preset.speedOfSound,
    thermalConductivity: preset.thermalConductivity,
    specificHeatCapacity: preset.specificHeatCapacity,
    viscosityKind: preset.viscosityKind,
    kinematicViscosity: preset.kinematicViscosity,
    viscosityShearRateTableId: null,
    viscosityTemperatureTableId: null,
  };
}
