// What the Setup screen has open: the object selected in the tree or canvas and the left form that edits
// it (spec 1 §2 'Setup': forms and their sizes), and where a validation finding leads when clicked.
import type { MovementType } from '../../domain/movement.ts';
import type { ValidationIssue } from '../../domain/validation/issues.ts';

export const PART_TABS = ['geometry', 'information', 'initialConditions', 'material', 'motion', 'boundaryConditions', 'appearance'] as const;
export type PartTab = (typeof PART_TABS)[number];

export const PART_TAB_LABEL: Record<PartTab, string> = {
  geometry: 'Geometry',
  information: 'Information',
  initialConditions: 'Initial conditions',
  material: 'Material',
  motion: 'Motion',
  boundaryConditions: 'Boundary conditions',
  appearance: 'Appearance',
};

/** Tab captions short enough for one row in the 400 px form; the full names show on hover. */
export const PART_TAB_SHORT: Record<PartTab, string> = {
  geometry: 'Geometry',
  information: 'Info',
  initialConditions: 'Initial',
  material: 'Material',
  motion: 'Motion',
  boundaryConditions: 'Boundary',
  appearance: 'Appearance',
};

/**
 * The tabs a part shows: solids get Motion and Boundary conditions, fluids Initial conditions and
 * Material; inlets and outlets, which may move too, both.
 */
export function partTabs(part: { component: { type: string } }): PartTab[] {
  switch (part.component.type) {
    case 'rigid':
      return ['geometry', 'information', 'motion', 'boundaryConditions', 'appearance'];
    case 'refinement':
      return ['geometry', 'information', 'appearance'];
    case 'openboundary':
      return ['geometry', 'information', 'initialConditions', 'material', 'motion', 'appearance'];
    default:
      return ['geometry', 'information', 'initialConditions', 'material', 'appearance'];
  }
}

/** Entries of the Add-objects menu that this build offers. */
export const ADD_PART_KINDS = ['solidCube', 'solidStl', 'solidStep', 'fluidCube', 'fluidLevel'] as const;
export type AddPartKind = (typeof ADD_PART_KINDS)[number];

export const ADD_PART_TITLE: Record<AddPartKind, string> = {
  solidCube: 'Add Solid: Cube',
  solidStl: 'Add Solid: Upload STL',
  solidStep: 'Add Solid: Upload STEP',
  fluidCube: 'Add Fluid: Filled Cube',
  fluidLevel: 'Add Fluid: Fluid Level',
};

/**
 * The movement form (spec 1 §4): adding when `movementId` is absent (for part `partId`, starting as
 * `movementType`), editing the movement `movementId` otherwise. 'motion' edits movements of the part's
 * geometry (Motion tab); 'movingBoundaryCondition' those that move only a wall's velocity (Boundary
 * conditions tab).
 */
export type MovementSelection = {
  form: 'motion' | 'movingBoundaryCondition';
  partId?: string;
  movementId?: string;
  movementType?: MovementType;
};

export type SetupSelection =
  | { form: 'part'; partId: string; tab?: PartTab }
  | { form: 'addPart'; kind: AddPartKind }
  | { form: 'material'; materialId: number }
  | MovementSelection
  | { form: 'settings' }
  | { form: 'physics' }
  | { form: 'coordinateSystem' }
  | { form: 'calcDomain' };

export type SetupFormId = SetupSelection['form'];

/**
 * Spec 1 §2: part, addPart, material, motion, movingBoundaryCondition, settings and physics are large left
 * forms; calcDomain and coordinateSystem are small.
 */
export function formSize(form: SetupFormId): 'large' | 'small' {
  return form === 'calcDomain' || form === 'coordinateSystem' ? 'small' : 'large';
}

export const FORM_WIDTH_PX = { large: 400, small: 300 } as const;

/** The add forms create something on submit: while one is open the canvas ignores hover and selection. */
export function isSubmitForm(selection: SetupSelection | null): boolean {
  return selection?.form === 'addPart';
}

export function sameSelection(a: SetupSelection | null, b: SetupSelection | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.form !== b.form) return false;
  switch (a.form) {
    case 'part':
      return a.partId === (b as typeof a).partId;
    case 'addPart':
      return a.kind === (b as typeof a).kind;
    case 'material':
      return a.materialId === (b as typeof a).materialId;
    case 'motion':
    case 'movingBoundaryCondition': {
      const other = b as typeof a;
      return a.partId === other.partId && a.movementId === other.movementId && a.movementType === other.movementType;
    }
    default:
      return true;
  }
}

/** Settings fields edited by the Physics form; every other settings field is on the Settings form. */
export const PHYSICS_FIELDS = ['gravity', 'multiphase', 'surfaceTension', 'sigma', 'thermodynamics', 'ambientTemperature', 'airDrag'] as const;
/** The rotating reference frame, on the coordinate system form reached from Physics. */
export const COORDINATE_SYSTEM_FIELDS = ['rotatingSystem', 'rotationVelocity', 'rotationAxis', 'rotationCenter'] as const;
export const CALC_DOMAIN_FIELDS = ['calcDomainMin', 'calcDomainMax', 'calcDomainActive'] as const;

function topField(field: string): string {
  return field.split('.')[0];
}

/** The form a settings field lives on. */
export function settingsFormFor(field: string): SetupSelection {
  const top = topField(field);
  if ((PHYSICS_FIELDS as readonly string[]).includes(top)) return { form: 'physics' };
  if ((COORDINATE_SYSTEM_FIELDS as readonly string[]).includes(top)) return { form: 'coordinateSystem' };
  if ((CALC_DOMAIN_FIELDS as readonly string[]).includes(top)) return { form: 'calcDomain' };
  return { form: 'settings' };
}

/** The part tab that shows a field of a part ("component.initialVelocity.2" -> initial conditions). */
export function partTabFor(field: string, severity: ValidationIssue['severity'] = 'error'): PartTab {
  const [top, second] = field.split('.');
  if (top === 'shape' && severity === 'warning') return 'information';
  if (top === 'materialId') return 'material';
  if (top === 'appearance') return 'appearance';
  if (top === 'component') {
    if (second === 'height') return 'geometry';
    if (second === 'velocityKind' || second === 'velocityConditionMovementId') return 'boundaryConditions';
    if (second !== undefined && second.startsWith('initial')) return 'initialConditions';
    return 'boundaryConditions';
  }
  return 'geometry';
}

/**
 * Where clicking a finding of the Input Validation panel leads; null for objects this build has no
 * form for (refinements, sensors, volume clips, periodic boundary, air drag domain).
 */
export function issueTarget(issue: Pick<ValidationIssue, 'group' | 'field' | 'entityId' | 'severity'>): SetupSelection | 'start' | null {
  switch (issue.group) {
    case 'simulationSettings':
      return settingsFormFor(issue.field);
    case 'parts':
      return issue.entityId ? { form: 'part', partId: issue.entityId, tab: partTabFor(issue.field, issue.severity) } : null;
    case 'materials': {
      const id = issue.entityId === undefined ? NaN : Number(issue.entityId);
      return Number.isInteger(id) ? { form: 'material', materialId: id } : { form: 'physics' };
    }
    case 'movements':
      return issue.entityId ? { form: 'motion', movementId: issue.entityId } : null;
    case 'airDrag':
      return issue.field === 'airDrag' ? { form: 'physics' } : null;
    case 'conditions':
      return 'start';
    default:
      return null;
  }
}

/**
 * The solver's refusals name document paths ("settings.thermodynamics", 'parts[0] "Tank".component.thermoKind',
 * "materials[1] \"Oil\".viscosityKind"); this finds the form that edits the named setting.
 */
export function supportIssueTarget(
  setting: string,
  ids: { partIds: readonly string[]; materialIds: readonly number[] },
): SetupSelection | null {
  const settings = /^settings\.(.+)$/.exec(setting);
  if (settings) return settingsFormFor(settings[1]);
  const part = /^parts\[(\d+)\](?:\s+"[^"]*")?(?:\.(.+))?$/.exec(setting);
  if (part) {
    const partId = ids.partIds[Number(part[1])];
    return partId === undefined ? null : { form: 'part', partId, tab: partTabFor(part[2] ?? 'shape') };
  }
  const material = /^materials\[(\d+)\]/.exec(setting);
  if (material) {
    const materialId = ids.materialIds[Number(material[1])];
    return materialId === undefined ? null : { form: 'material', materialId };
  }
  if (setting === 'parts.materialId') return { form: 'physics' };
  return null;
}
