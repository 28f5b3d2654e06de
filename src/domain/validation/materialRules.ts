// Material rules (spec 1 §5 'Material') in both profiles: physical property ranges, thermal properties
// only with heat transfer, viscosity by kind.
import type { Material } from '../material.ts';
import { limitsFor, type ValidationProfile } from '../limits.ts';
import { MESSAGES } from '../messages.ts';
import { IssueList, type FieldIssue } from './issues.ts';
import { nameIssue } from './names.ts';
import { tableRows } from '../dataTable.ts';
import { checkTableReference, firstTableError, tableErrors, viscosityColumnRules, type TableLookup } from './tables.ts';

export interface MaterialRuleOptions {
  profile: ValidationProfile;
  /** Heat transfer (settings.thermodynamics) is on. */
  thermodynamics: boolean;
  tables?: TableLookup;
  /** Names of the other materials, for uniqueness. */
  otherNames?: readonly string[];
}

export function materialIssues(material: Material, options: MaterialRuleOptions): FieldIssue[] {
  const L = limitsFor(options.profile);
  const list = new IssueList();
  const nameMessage = nameIssue(material.name, options.otherNames);
  if (nameMessage) list.error('name', nameMessage);
  list.range('density', material.density, L.density);
  list.range('gamma', material.gamma, L.gamma);
  list.range('speedOfSound', material.speedOfSound, L.speedOfSound);
  if (options.thermodynamics) {
    list.range('thermalConductivity', material.thermalConductivity, L.thermalConductivity);
    list.range('specificHeatCapacity', material.specificHeatCapacity, L.specificHeatCapacity);
  }
  switch (material.viscosityKind) {
    case 'constant':
      list.range('kinematicViscosity', material.kinematicViscosity, L.kinematicViscosity);
      break;
    case 'shear_rate':
      checkViscosityTable(list, 'viscosityShearRateTableId', 'shear_rate', material.viscosityShearRateTableId, options);
      break;
    case 'temperature':
      if (!options.thermodynamics) list.error('viscosityKind', MESSAGES.temperatureViscosityNeedsHeat);
      checkViscosityTable(list, 'viscosityTemperatureTableId', 'temperature', material.viscosityTemperatureTableId, options);
      break;
  }
  return list.issues;
}

/**
 * A viscosity table: chosen, at least 2 rows, the columns of its kind and every cell within its column's
 * range, each cell error as the data table modal words it ('Column {c}, Row: {r}: {message}').
 */
function checkViscosityTable(
  list: IssueList, field: string, kind: 'shear_rate' | 'temperature', tableId: string | null, options: MaterialRuleOptions,
): void {
  if (!checkTableReference(list, field, tableId, options.tables) || tableId === null) return;
  const table = options.tables?.(tableId);
  if (!table) return;
  const errors = tableErrors(table.headers, tableRows(table), viscosityColumnRules(kind, options.profile));
  for (const message of errors.globalErrors) list.error(field, message);
  const first = firstTableError({ cellErrors: errors.cellErrors, globalErrors: [] }, table.headers);
  if (first) list.error(field, first);
}
