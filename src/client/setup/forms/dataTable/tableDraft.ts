// The data table modal's working copy: cells as the user typed them (text), so that a cell that is no
// number stays on screen with its message; converted to the domain's column-oriented table on save.
import { DATA_TABLE_EDITOR_MAX_ROWS, DATA_TABLE_EDITOR_MIN_ROWS } from '../../../../domain/constants.ts';
import type { DataTable, DataTableErrors } from '../../../../domain/dataTable.ts';
import { tableRows } from '../../../../domain/dataTable.ts';
import { tableErrors, type TableColumnRule } from '../../../../domain/validation/tables.ts';
import { formatNumber } from '../../fields/numberText.ts';

export interface TableDraft {
  headers: string[];
  /** rows[r][c]: the text of the cell in row r, column c. */
  rows: string[][];
}

/**
 * The draft of a table with the columns `headers`: the stored table's values under the same headers, or
 * DATA_TABLE_EDITOR_MIN_ROWS empty rows for a new table.
 */
export function draftOf(table: Pick<DataTable, 'headers' | 'table'> | null, headers: readonly string[]): TableDraft {
  if (!table) return { headers: [...headers], rows: Array.from({ length: DATA_TABLE_EDITOR_MIN_ROWS }, () => headers.map(() => '')) };
  const rows = tableRows(table);
  return {
    headers: [...headers],
    rows: rows.map((row) => headers.map((h) => {
      const c = table.headers.indexOf(h);
      return c >= 0 && row[c] !== undefined ? formatNumber(row[c]) : '';
    })),
  };
}

/** A draft from an uploaded CSV: its own headers and its cells as the file has them. */
export function draftFromCsv(parsed: { headers: string[]; cells: string[][] }): TableDraft {
  return { headers: [...parsed.headers], rows: parsed.cells.map((row) => [...row]) };
}

/** Cell texts as numbers: '' and text that is no number become NaN, which the column rules report. */
export function draftValues(draft: TableDraft): number[][] {
  return draft.rows.map((row) => row.map((text) => (text.trim() === '' ? Number.NaN : Number(text.trim()))));
}

export function draftErrors(draft: TableDraft, rules: readonly TableColumnRule[]): DataTableErrors {
  return tableErrors(draft.headers, draftValues(draft), rules);
}

export function tableOfDraft(id: string, draft: TableDraft, name?: string): DataTable {
  const values = draftValues(draft);
  return {
    id,
    ...(name !== undefined ? { name } : {}),
    headers: [...draft.headers],
    table: draft.headers.map((_, c) => values.map((row) => row[c])),
    resultCount: values.length,
  };
}

export function setCell(draft: TableDraft, row: number, column: number, text: string): TableDraft {
  return { ...draft, rows: draft.rows.map((r, i) => (i === row ? r.map((cell, c) => (c === column ? text : cell)) : r)) };
}

export function addRow(draft: TableDraft): TableDraft {
  if (draft.rows.length >= DATA_TABLE_EDITOR_MAX_ROWS) return draft;
  return { ...draft, rows: [...draft.rows, draft.headers.map(() => '')] };
}

export function removeRow(draft: TableDraft, row: number): TableDraft {
  return { ...draft, rows: draft.rows.filter((_, i) => i !== row) };
}
