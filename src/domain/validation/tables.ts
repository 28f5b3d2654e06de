// Rules for table references and initial-condition CSV files (spec 1 §5): tables need at least 2 rows;
// initial-distribution tables need a temperature column when heat transfer is on.
import type { DataTable } from '../dataTable.ts';
import {
  initialConditionCsvHeaders, requiredInitialConditionCsvHeaders, tableRowCount,
} from '../dataTable.ts';
import { TABLE_MIN_ROWS } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import type { FieldIssue, IssueList } from './issues.ts';

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
