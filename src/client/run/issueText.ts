// How a validation finding names its field in the Input Validation panel: "Initial velocity z" for
// "component.initialVelocity.2", with the product's words for the fields whose names say little; and how
// a setting the solver refuses ("settings.thermodynamics", `parts[0] "Tank".shape`) reads: "Heat transfer".
const FIELD_NAMES: Record<string, string> = {
  endTime: 'End time',
  outputTimeInterval: 'Output time interval',
  particleDiameter: 'Particle diameter',
  densityThreshold: 'Density threshold',
  calcDomainMin: 'Deletion boundary minimum',
  calcDomainMax: 'Deletion boundary maximum',
  calcDomainActive: 'Deletion boundary',
  sigma: 'Surface tension coefficient',
  noRiemannWall: 'Improved wall pressure',
  dynamicTimeStep: 'Time step',
  thermodynamics: 'Heat transfer',
  seedPoint: 'Seed point',
  materialId: 'Material',
  shape: 'Geometry',
  translation: 'Offset',
  ioPressure: 'Pressure',
  ioVelocity: 'Velocity',
  gamma: 'Gamma',
  thermoKind: 'Thermal condition',
  velocityKind: 'Wall velocity condition',
  velocityConditionMovementId: 'Movement',
  height: 'Fill height',
  multiphase: 'Multiphase',
  surfaceTension: 'Surface tension',
  airDrag: 'Air drag',
  rotatingSystem: 'Rotating reference frame',
  accelerationFile: 'Frame acceleration',
  accelerationLimiter: 'Acceleration limiter',
  discretizerLegacy: 'Legacy discretizer',
  densityLimiter: 'Density limiter',
  speedOfSound: 'Speed of sound',
  viscosityKind: 'Viscosity',
  viscosityShearRateTableId: 'Viscosity table (shear rate)',
  viscosityTemperatureTableId: 'Viscosity table (temperature)',
  initialDistribution: 'Initial distribution',
  ioProfileKind: 'Inlet profile',
  component: 'Part type',
};

/** Whole sections of the setup, as the tree names them. */
const SECTION_NAMES: Record<string, string> = {
  setup: 'Setup',
  settings: 'Simulation settings',
  movements: 'Movements',
  refinements: 'Refinement zones',
  periodicBoundary: 'Periodic boundary',
  parts: 'Parts',
  materials: 'Materials',
  sensors: 'Sensors',
  volumeClips: 'Volume clips',
  conditions: 'Conditions',
  airDragDomain: 'Air drag domain',
};

const AXES = ['x', 'y', 'z'];

function words(camel: string): string {
  const spaced = camel.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

export function fieldLabel(field: string): string {
  if (field === '') return '';
  const segments = field.split('.').filter((s) => s !== 'component' && s !== 'appearance');
  const last = segments[segments.length - 1];
  const index = /^\d+$/.test(last ?? '') ? Number(last) : null;
  const name = index === null ? last : segments[segments.length - 2];
  if (name === undefined) return '';
  const label = FIELD_NAMES[name] ?? words(name);
  return index === null ? label : `${label} ${AXES[index] ?? index + 1}`;
}

/** Names of the entities of the setup, to name a part or material a path points at by index. */
export interface SetupNames {
  parts: readonly { name: string }[];
  materials: readonly { name: string }[];
}

/**
 * A path into the setup as the user knows it: "Heat transfer" for `settings.thermodynamics`, "Tank · Geometry"
 * for `parts[0] "Tank".shape` or `parts.0.shape`, "Water · Density" for `materials.0.density`.
 */
export function settingLabel(setting: string, names?: SetupNames): string {
  if (setting === 'parts.materialId') return 'Fluid materials';
  const entity = /^(parts|materials)(?:\[(\d+)\]|\.(\d+))(?:\s+"((?:[^"\\]|\\.)*)")?(?:\.(.+))?$/.exec(setting);
  if (entity) {
    const [, collection, bracketIndex, dotIndex, quoted, rest] = entity;
    const index = Number(bracketIndex ?? dotIndex);
    const known = collection === 'parts' ? names?.parts[index]?.name : names?.materials[index]?.name;
    const fallback = `${collection === 'parts' ? 'Part' : 'Material'} ${index + 1}`;
    const name = quoted ?? (known || fallback);
    const field = rest ? fieldLabel(rest) : '';
    return field ? `${name} · ${field}` : name;
  }
  const dot = setting.indexOf('.');
  if (dot < 0) return SECTION_NAMES[setting] ?? fieldLabel(setting);
  const head = setting.slice(0, dot);
  const rest = setting.slice(dot + 1);
  if (head === 'settings') return fieldLabel(rest);
  const section = SECTION_NAMES[head];
  return section ? `${section} · ${fieldLabel(rest)}` : fieldLabel(setting);
}
