// Rules for table references and initial-condition CSV files (spec 1 §5): tables need at least 2 rows;
// initial-distribution tables need a temperature column when heat transfer is on.
import type { DataTable, DataTableErrors } from '../dataTable.ts';
import {
  VISCOSITY_TABLE_COLUMNS, type ViscosityTableKind,
  initialConditionCsvHeaders, ioProfileColumns, ioProfileValueColumn, requiredInitialConditionCsvHeaders, tableRowCount,
} from '../dataTable.ts';
import type { IoType } from '../component.ts';
import { DATA_TABLE_EDITOR_MAX_ROWS, TABLE_MIN_ROWS } from '../constants.ts';
import { limitsFor, type NumberRange, type ValidationProfile } from '../limits.ts';
import { MESSAGES, templates } from '../messages.ts';
import { checkRange, type FieldIssue, type IssueList } from './issues.ts';

/** Resolves a table id; absent when the caller does not know the tables (then only presence is checked). */
export type TableLookup = (id: string) => Pick<DataTable, 'headers' | 'table'> | undefined;

export function tableLookupOf(tables: readonly DataTable[]): TableLookup {
  const byId = new Map(tables.map((t) => [t.id, t]));
  return (id) => byId.get(id);
}

export interface TableReferenceOptions {
  /** Message when no table is chosen. */
  missingMessage?: string;
  requireTemperatureColumn?: boolean;
}

/** Checks a table reference field; returns whether it is usable. */
export function checkTableReference(
  list: IssueList, field: string, tableId: string | null, tables: TableLookup | undefined,
  options: TableReferenceOptions = {},
): boolean {
  if (tableId === null) {
    list.error(field, options.missingMessage ?? MESSAGES.required);
    return false;
  }
  if (!tables) return true;
  const table = tables(tableId);
  if (!table) {
    list.error(field, MESSAGES.tableMissing);
    return false;
  }
  if (tableRowCount(table) < TABLE_MIN_ROWS) {
    list.error(field, MESSAGES.tableMinRows);
    return false;
  }
  if (options.requireTemperatureColumn && !table.headers.includes('temperature')) {
    list.error(field, MESSAGES.temperatureColumnRequired);
    return false;
  }
  return true;
}

/**
 * Header check of an initial-condition CSV: pos_x, pos_y, pos_z required; vel_*, prs, temperature
 * optional; unknown columns are errors; temperature without heat transfer is ignored with an info.
 * `field` of each issue is the column header concerned.
 */
export function initialConditionCsvIssues(headers: readonly string[], rowCount: number, thermodynamics: boolean): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const known = new Set<string>(initialConditionCsvHeaders);
  const present = new Set(headers.map((h) => h.trim()));
  for (const h of requiredInitialConditionCsvHeaders) {
    if (!present.has(h)) issues.push({ field: h, message: MESSAGES.csvHeaderMissing, severity: 'error' });
  }
  for (const h of present) {
    if (!known.has(h)) issues.push({ field: h, message: MESSAGES.csvHeaderUnknown, severity: 'error' });
  }
  if (present.has('temperature') && !thermodynamics) {
    issues.push({ field: 'temperature', message: MESSAGES.temperatureIgnored, severity: 'info' });
  }
  if (rowCount < TABLE_MIN_ROWS) issues.push({ field: '', message: MESSAGES.tableMinRows, severity: 'error' });
  return issues;
}

/** Acceleration file and CSV uploads take exactly one .csv file. */
export function singleCsvFileIssue(fileNames: readonly string[]): string | null {
  return fileNames.length === 1 && fileNames[0].toLowerCase().endsWith('.csv') ? null : MESSAGES.csvSingleFile;
}

/** A column a table must have, with the range each of its cells must lie in. */
export interface TableColumnRule {
  header: string;
  range: NumberRange;
}

/** The columns of an inlet/outlet profile table and their ranges in `profile` (spec 1 §5 'Open boundary'). */
export function ioProfileColumnRules(ioType: IoType, profile: ValidationProfile): TableColumnRule[] {
  const L = limitsFor(profile);
  return ioProfileColumns(ioType).map((header) => {
    if (header === ioProfileValueColumn(ioType)) return { header, range: ioType === 'riemann_velocity' ? L.ioVelocity : L.ioPressure };
    return { header, range: {} };
  });
}

/**
 * The columns of a material's viscosity table and their ranges in `profile`: shear rates not negative,
 * temperatures within the temperature limits, viscosities within the limits of a constant viscosity
 * (spec 1 §5 'Material').
 */
export function viscosityColumnRules(kind: ViscosityTableKind, profile: ValidationProfile): TableColumnRule[] {
  const L = limitsFor(profile);
  const [argument, viscosity] = VISCOSITY_TABLE_COLUMNS[kind];
  return [
    { header: argument, range: kind === 'shear_rate' ? { min: 0 } : L.temperature },
    { header: viscosity, range: L.kinematicViscosity },
  ];
}

/**
 * Errors of a table against its column rules, as the data table modal and the server report them: global
 * errors (missing or unknown columns, too few or too many rows) and one error per cell that is no number
 * or out of its column's range. `row` and `column` are 0-based indices into `rows` and `headers`.
 */
export function tableErrors(headers: readonly string[], rows: readonly (readonly number[])[], rules: readonly TableColumnRule[]): DataTableErrors {
  const globalErrors: string[] = [];
  const expected = rules.map((r) => r.header);
  if (expected.some((h) => !headers.includes(h)) || headers.some((h) => !expected.includes(h)) || new Set(headers).size !== headers.length) {
    globalErrors.push(templates.tableColumns(expected));
  }
  if (rows.length < TABLE_MIN_ROWS) globalErrors.push(MESSAGES.tableMinRows);
  if (rows.length > DATA_TABLE_EDITOR_MAX_ROWS) globalErrors.push(MESSAGES.tableMaxRows);
  const cellErrors: DataTableErrors['cellErrors'] = [];
  rows.forEach((row, r) => {
    headers.forEach((header, column) => {
      const rule = rules.find((x) => x.header === header);
      if (!rule) return;
      const message = checkRange(row[column], rule.range);
      if (message) cellErrors.push({ row: r, column, message });
    });
  });
  return { cellErrors, globalErrors };
}

/** The first error of a table as its toast says it: a global error, or 'Column {c}, Row: {r}: {message}' (row 1-based). */
export function firstTableError(errors: DataTableErrors, headers: readonly string[]): string | null {
  if (errors.globalErrors.length > 0) return errors.globalErrors[0];
  const cell = errors.cellErrors[0];
  return cell ? templates.tableCellError(headers[cell.column] ?? cell.column + 1, cell.row + 1, cell.message) : null;
}
