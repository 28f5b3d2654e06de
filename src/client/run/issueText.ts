// How a validation finding names its field in the Input Validation panel: "Initial velocity z" for
// "component.initialVelocity.2", with the product's words for the fields whose names say little.
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
