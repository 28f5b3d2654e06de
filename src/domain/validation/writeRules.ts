// Which findings of the setup validation refuse a save of the setup and which only block a run.
// A value outside its range, a zero-length axis, a deletion boundary whose minimum is not below its
// maximum or a fluid level seeded above its surface is wrong whatever else the case holds: saving it
// would store one value while the screen shows it refused, so the server refuses the whole write. So is
// a broken movement: a start not before its end or the simulation end time, a leader that is missing or
// follows it (a cycle no pose can be computed for), a movement of a part that does not exist, and a
// moving wall without an existing movement; the screens edit movements and their references together
// (movementEdits.ts), so a document from them never holds one. What a case being built still lacks (a
// geometry, a material, a seed point, a table) and what depends on other entities or on switches the
// screens adjust together stays saveable: the Input Validation panel lists it and it blocks the start of a run.
import type { SetupDocument } from '../setup.ts';
import type { FieldError } from '../errors.ts';
import { MESSAGES } from '../messages.ts';
import type { IssueGroup, ValidationIssue } from './issues.ts';
import { validateSetup } from './validateSetup.ts';

/** Errors that mean "not complete yet" or "inconsistent with something else": they block a run only. */
const RUN_BLOCKING_ONLY: ReadonlySet<string> = new Set<string>([
  // missing pieces of a case being built
  MESSAGES.required,
  MESSAGES.noGeometry,
  MESSAGES.materialRequired,
  MESSAGES.materialMissing,
  MESSAGES.seedPointRequired,
  MESSAGES.selectionRequired,
  MESSAGES.tableMinRows,
  MESSAGES.tableMissing,
  MESSAGES.temperatureColumnRequired,
  MESSAGES.airDragVelocityRequired,
  MESSAGES.airDragReferenceRequired,
  MESSAGES.airDragOutputRequired,
  MESSAGES.airDragDomainMissing,
  MESSAGES.nameUsed,
  // relations to other entities: the end time, the run's current values
  MESSAGES.conditionBelowEndTime,
  MESSAGES.conditionAhead,
  MESSAGES.conditionBehind,
  // physics switches that the screens adjust one after the other (spec 1 §4)
  MESSAGES.multiphaseThermoKind,
  MESSAGES.multiphaseRefinement,
  MESSAGES.multiphaseAirDrag,
  MESSAGES.multiphaseMinMaterials,
  MESSAGES.multiphaseMaxMaterials,
  MESSAGES.multiphaseDensityLimiter,
  MESSAGES.multiphaseStaticTimestep,
  MESSAGES.multiphaseWallPressure,
  MESSAGES.surfaceTensionShiftingZero,
  MESSAGES.surfaceTensionShifting,
  MESSAGES.surfaceTensionMaterials,
  MESSAGES.temperatureViscosityNeedsHeat,
  // size against cell size of the air drag grid, and output ranges of its reference simulation
  MESSAGES.airDragTooManyCells,
  MESSAGES.statsRangeEndNotBeforeStart,
]);

/** Whether a finding of `validateSetup` refuses the write of the setup (not only the start of a run). */
export function refusesWrite(issue: Pick<ValidationIssue, 'severity' | 'message'>): boolean {
  return issue.severity === 'error' && !RUN_BLOCKING_ONLY.has(issue.message);
}

const DOCUMENT_KEY: Readonly<Record<IssueGroup, keyof SetupDocument>> = {
  simulationSettings: 'settings',
  airDrag: 'airDragDomain',
  periodicBoundary: 'periodicBoundary',
  parts: 'parts',
  refinements: 'refinements',
  materials: 'materials',
  movements: 'movements',
  sensors: 'sensors',
  volumeClips: 'volumeClips',
  conditions: 'conditions',
};

/** Dot path of a finding in the setup document ("materials.0.density", "settings.calcDomainMax"). */
export function documentPath(setup: SetupDocument, issue: ValidationIssue): string {
  const key = DOCUMENT_KEY[issue.group];
  const collection = setup[key];
  let head: string = key;
  if (Array.isArray(collection) && issue.entityId !== undefined) {
    const index = (collection as { id: string | number }[]).findIndex((entity) => String(entity.id) === issue.entityId);
    if (index >= 0) head = `${key}.${index}`;
  }
  return issue.field ? `${head}.${issue.field}` : head;
}

/**
 * The errors that refuse a write of `setup`, in the Input Validation panel's order, with their paths in
 * the document. Always checked with the default profile: the strict one is a choice for a run.
 */
export function setupWriteErrors(setup: SetupDocument): FieldError[] {
  return validateSetup(setup, { profile: 'default' })
    .issues.filter(refusesWrite)
    .map((issue) => ({ path: documentPath(setup, issue), message: issue.message }));
}
