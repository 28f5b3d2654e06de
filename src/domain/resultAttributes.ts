// The result attributes the solver writes (spec 2 §3 'Result attributes'): keys, labels, SI units, vector
// or scalar, integer or float. Apart from the attribute schemas (attributes.ts), so that the engine,
// which writes them, loads no zod.
export const resultAttributeKeys = [
  'acceleration', 'body_id', 'density', 'heat_flux', 'kinematic_viscosity', 'mass', 'mass_flux', 'normal_stress',
  'particle_id', 'particle_packing', 'position', 'power_density', 'pressure', 'shear_rate', 'shear_stress',
  'temperature', 'total_stress', 'velocity', 'volume', 'volume_flux', 'wetting', 'wetting_by_material',
] as const;
export type ResultAttributeKey = (typeof resultAttributeKeys)[number];

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
