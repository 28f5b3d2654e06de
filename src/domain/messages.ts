// User-facing texts of validation and product rules, verbatim from the spec where it gives them, in the
// same style where it does not. Forms, the Input Validation panel, toasts and the server all use these.
import { AIR_DRAG_MAX_CELLS, STATISTICS_MISSING_LIST_LIMIT } from './constants.ts';

/** Numbers in messages: plain decimal where readable, exponent notation for very small or large values. */
export function formatLimit(value: number): string {
  if (value === 0) return '0';
  const abs = Math.abs(value);
  if (abs >= 1e-4 && abs < 1e9) return String(Number(value.toPrecision(12)));
  return value.toExponential().replace('e+', 'e');
}

export const MESSAGES = {
  // general (spec 1 §5)
  validNumber: 'must be a valid number',
  required: 'is required',
  zeroLength: 'length cannot be equal to 0',
  vectorComponent: 'This field requires a valid number.',
  wholeNumber: 'must be a whole number',
  nulCharacter: 'must not contain the NUL character (\\u0000)',
  tableMinRows: 'table must have at least 2 rows',
  tableMissing: 'table does not exist',
  selectionRequired: 'a selection is required',
  // names
  nameUsed: 'Name is already used',
  nameTooLong: 'must be at most 100 characters',
  descriptionTooLong: 'must be at most 500 characters',
  viewNameExists: 'View with entered name already exists',
  templateNameExists: 'Template with entered name already exists.',
  simulationNameEmpty: 'Simulation name cannot be empty.',
  simulationRenameFailed: 'Failed updating the simulation name.',
  // parts and setup validation
  noGeometry: 'No geometry found. Please assign a geometry to the part or delete it.',
  partIssues: 'Part has potential issues. Check Information tab for details.',
  materialRequired: 'material is required',
  materialMissing: 'material does not exist',
  seedPointRequired: 'seed point is required',
  seedPointAboveFillHeight: 'the seed point must not lie above the fill height',
  addDeletionBoundary: 'Add a deletion boundary to save on cost.',
  advancedSettingsAdjusted: 'Advanced Settings Were Adjusted',
  domainMinBelowMax: 'minimum must be smaller than maximum in every direction',
  // multiphase and physics dependencies (spec 1 §4)
  multiphaseThermoKind: 'only adiabatic or temperature conditions are possible with multiphase',
  multiphaseRefinement: 'refinements cannot be combined with multiphase',
  multiphaseAirDrag: 'air drag cannot be combined with multiphase',
  multiphaseMinMaterials: 'multiphase needs at least 2 materials',
  multiphaseMaxMaterials: 'multiphase allows at most 5 materials',
  multiphaseDensityLimiter: 'the density limiter must be off with multiphase',
  multiphaseStaticTimestep: 'multiphase needs a static time step',
  multiphaseWallPressure: 'multiphase needs the improved wall pressure',
  surfaceTensionShiftingZero: 'surface tension cannot be combined with shifting "zero"',
  surfaceTensionShifting: 'surface tension requires shifting "lyu21"',
  surfaceTensionMaterials: 'surface tension is not available with more than 2 materials',
  temperatureViscosityNeedsHeat: 'temperature-dependent viscosity requires heat transfer',
  movingWallMovementRequired: 'a movement is required for a moving wall',
  temperatureColumnRequired: 'table must have a temperature column when heat transfer is on',
  temperatureIgnored: 'temperature is ignored because heat transfer is off',
  // movements
  movementStartBeforeEnd: 'must be smaller than the end',
  movementStartBeforeSimulationEnd: 'must be smaller than the simulation end time',
  movementPartMissing: 'part does not exist',
  movementLeaderMissing: 'leader movement does not exist',
  movementMissing: 'movement does not exist',
  movementLeaderCycle: 'a movement cannot follow itself or one of its followers',
  endTimeAfterMovementStarts: 'must be greater than the start of every movement',
  // periodic boundary
  sliceAngleSmall: 'Slice angles below 15° may give inaccurate results',
  sliceAngleDivisor: 'Slice angle should divide 360° evenly',
  // air drag
  airDragTooManyCells: `the grid must not exceed ${AIR_DRAG_MAX_CELLS.toLocaleString('en-US')} cells; increase the cell size or reduce the size`,
  airDragVelocityRequired: 'velocity is required',
  airDragReferenceRequired: 'a reference simulation is required',
  airDragOutputRequired: 'an output is required',
  airDragDomainMissing: 'Add an air drag domain or turn air drag off.',
  // conditions
  conditionAhead: 'must be greater than the current value',
  conditionBehind: 'must be smaller than the current value',
  conditionBelowEndTime: 'must be smaller than the end time',
  conditionOperator: 'this comparison is not available for this value',
  // CSV and tables
  csvHeaderMissing: 'required column missing',
  csvHeaderUnknown: 'unknown column',
  csvSingleFile: 'Please select a single CSV file',
  // start blockers
  startHasErrors: 'Resolve the errors listed in Input Validation before starting.',
  startNoSolver: 'No solver is available for your organisation.',
  startNoCredits: 'Your organisation has no credits left.',
  startStorageFull: 'Your organisation storage is full.',
  startMaxSimulations: 'The maximum number of simultaneously running simulations is reached.',
  startUploadedSetupMissing: 'An uploaded setup needs a zip file and a job file name.',
  stepUploadLarge: 'This STEP file is larger than 500 MB; importing it may take a long time.',
  // progress tile (spec 1 §4)
  progressFailed: 'Your setup could not be simulated to completion. Please check your setup or submit a ticket.',
  progressLaunchFailed: 'The launch of the simulation job failed. Please try again soon.',
  progressLaunchDelayed: "Simulation delayed due to resource limits. We're working on it — thanks for your patience!",
  // stop simulation dialog
  stopSimulationTitle: 'Stop simulation?',
  stopSimulationResumable: 'Stopping takes a few minutes. You can resume the simulation afterwards.',
  stopSimulationNotResumable: 'Stopping takes a few minutes. The simulation cannot be resumed afterwards; it must be restarted.',
  stopSimulationConfirm: 'Yes, stop',
  // job cancel dialog (spec 1 §4, spec 2 §4)
  cancelTitle: 'Stop computation?',
  cancelWarning: 'There is no resume option. You will need to recompute the setup.',
  cancelYesStop: 'Yes, stop',
  cancelStopping: 'Stopping...',
  cancelDone: 'Done',
  // setup mode
  loadSetup: 'Load Setup?',
  setupLocked: 'The setup is locked by the last run. Click Edit Setup to change it.',
  // connection
  connectionLost: 'Connection to the server was lost. Reconnecting...',
  connectionRestored: 'Connection restored.',
  // tables, graphs, assemblies, sensors (spec 2 §8)
  tableSaveUnexpected: 'Unexpected error saving table.',
  validationFailed: 'Validation failed',
  csvUploaded: 'CSV Uploaded',
  tessellationStarted: 'Tessellation started.',
  graphMinMax: 'Min must be smaller than max.',
  graphNoPreview: 'No Preview Data',
  graphNoResults: 'No results found.',
  graphLogValueRequired: 'Select a log value.',
  noMatches: 'No matches',
  imageSaved: 'Image saved!',
  imageSavedHint: 'You can see it on the monitoring page',
  imageSaveFailed: 'Saving image failed',
  imageSaveFailedHint: 'Try again in a few moments.',
  uploadSecurityRisk: 'The file was identified as a potential security risk. Please submit a ticket.',
  // colormap
  colormapNoneSelected: 'No color-map selected',
  colormapAllDerivedFailed: 'We could not compute any of the derived attributes for the selected output.',
  // statistics (spec 2 §8)
  statsMissingData: 'Missing data in selected outputs.',
  statsCancelled: 'Computation cancelled.',
  statsFailed: 'Computation failed for unknown reason.',
  statsClickLoad: 'Click the Load button to view the selected data.',
  statsSelectObjects: 'Select one or more objects to analyze statistics.',
  statsSameType: 'Select only objects of the same type to view their aggregated statistics.',
  statsNoSensorResults: 'No computed results for the selected part',
  statsNoClipResults: 'No computed results for the selected Volume Clip',
  statsClipNeedsFluid: 'Select Fluid for the Volume Clip',
  statsRangeStartMin: 'must be at least 0',
  statsRangeStartBeforeEnd: 'must be smaller than the end',
  statsRangeEndNotBeforeStart: 'must not be smaller than the start',
  // export (spec 2 §5, §8)
  exportSelectItem: 'Select at least 1 item to start export',
  exportMissingOutput: 'Missing data for the selected output',
  exportSurfaceNeedsFluid: 'Fluid must be selected to export the surface',
  exportNoAttributesConfirm: 'No attributes are selected. Export without attributes?',
  exportReplacePrevious: 'Previously exported files will be deleted. Are you sure?',
  exportFailedUnknown: 'Exporting files failed because of unknown reason...',
  exportExpired: 'Previously exported data was deleted. Start new export.',
  exportConfigError: 'Error in export configuration',
  exportStartRange: 'must be between 0 and the end',
  // users and account (spec 2 §5)
  invalidPhone: 'Invalid phone number format',
  typeNameToConfirm: 'Type the name to confirm',
  enterNameToConfirm: 'Enter the name to confirm',
  colorHex: 'must be a colour like #1a2b3c',
  startSimulationFirst: 'Please start the simulation first.',
  // budget
  noTransactions: 'No transactions found. Start some simulations!',
  adjustSearch: 'Try to adjust your search.',
  noChartData: 'No data to display in the selected timeframe.',
  // viewer
  movementsNotInterpreted: 'Movements could not be interpreted.',
  loadingMovements: 'Loading movements...',
  loadedAllMovements: 'Successfully loaded all movements',
  creatingFirstOutputs: 'Creating first outputs...',
} as const;

export type MessageKey = keyof typeof MESSAGES;

// ---------------------------------------------------------------- range messages
export function mustBeBetween(min: number, max: number): string {
  return `must be between ${formatLimit(min)} and ${formatLimit(max)}`;
}
export function mustBeStrictlyBetween(min: number, max: number): string {
  return `must be strictly between ${formatLimit(min)} and ${formatLimit(max)}`;
}
export function mustBeGreaterThan(min: number): string {
  return `must be greater than ${formatLimit(min)}`;
}
export function mustBeGreaterThanAndAtMost(min: number, max: number): string {
  return `must be greater than ${formatLimit(min)} and at most ${formatLimit(max)}`;
}
export function mustBeAtLeast(min: number): string {
  return `must be at least ${formatLimit(min)}`;
}
export function mustBeAtMost(max: number): string {
  return `must be at most ${formatLimit(max)}`;
}
export function mustBeLessThan(max: number): string {
  return `must be smaller than ${formatLimit(max)}`;
}
export function totalOutputsBetween(min: number, max: number): string {
  return `the number of outputs (end time / output interval) must be between ${formatLimit(min)} and ${formatLimit(max)}`;
}

// ---------------------------------------------------------------- templated texts of the spec
export const templates = {
  keyframeCap: (name: string) =>
    `Maximum number of keyframes reached for part "${name}"! Movement visualization might look odd in some cases, but simulation results are unaffected.`,
  loadingMovementsProgress: (i: number, n: number) => `Loading movements ${i}/${n}...`,
  outputsLoaded: (n: number, m: number) => `${n}/${m} outputs loaded`,
  attributeNotAvailable: (attribute: string) => `${attribute} is not available for this output.`,
  attributeComputing: (attribute: string) => `We are currently computing ${attribute} for the selected output...`,
  attributeFailed: (attribute: string) => `We could not compute ${attribute} for the selected output.`,
  tableCellError: (column: number | string, row: number, message: string) => `Column ${column}, Row: ${row}: ${message}`,
  sensorsFailedOutputs: (outputs: readonly number[]) => `Computation failed for outputs: ${outputs.join(', ')}`,
  assemblyComponentRepeated: (name: string, parts: number, occurrences: number) =>
    `Component "${name}" appears in ${parts} part(s) (${occurrences} occurrence(s) in total).`,
  uploadRejected: (file: string) => `The upload of ${file} was rejected`,
  uploadFailed: (file: string) => `The upload of ${file} failed`,
  /** Statistics: list the missing outputs below 6, otherwise give their count. */
  statsMissingOutputs: (outputs: readonly number[]) =>
    outputs.length < STATISTICS_MISSING_LIST_LIMIT
      ? `Missing data in outputs: ${outputs.join(', ')}. The calculation excludes this data.`
      : `Missing data in ${outputs.length} outputs. The calculation excludes this data.`,
  assemblyOverlayMore: (n: number) => `+${n} more`,
  unexpectedStatus: (actual: number, expected: number) =>
    `The API returned an unexpected status code (${actual}, expected ${expected})`,
} as const;
