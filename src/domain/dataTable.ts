// Data tables (spec 1 §3, spec 2 §3): column-oriented numeric tables referenced by materials (viscosity
// curves), components (initial distributions, inlet profiles) and the air drag domain, plus the
// initial-condition CSV format.
import { z } from 'zod';
import { numberSchema, nonNegativeIntSchema } from './number.ts';
import { entityIdSchema } from './entity.ts';

/** `table[c][r]` is row r of column c; `headers[c]` names column c; `resultCount` is the row count. */
export const dataTableSchema = z.object({
  id: entityIdSchema,
  name: z.string().max(255).optional(),
  headers: z.array(z.string()),
  table: z.array(z.array(numberSchema)),
  resultCount: nonNegativeIntSchema,
});
export type DataTable = z.infer<typeof dataTableSchema>;

/** Server answer to a rejected table save: per-cell and global errors. */
export const dataTableErrorsSchema = z.object({
  cellErrors: z.array(z.object({ row: nonNegativeIntSchema, column: nonNegativeIntSchema, message: z.string() })),
  globalErrors: z.array(z.string()),
});
export type DataTableErrors = z.infer<typeof dataTableErrorsSchema>;

export function tableRowCount(table: Pick<DataTable, 'table'>): number {
  return table.table.reduce((n, col) => Math.max(n, col.length), 0);
}

/** Rows as arrays, the orientation CSV files and table editors use. */
export function tableRows(table: Pick<DataTable, 'table'>): number[][] {
  const rows = tableRowCount(table);
  return Array.from({ length: rows }, (_, r) => table.table.map((col) => col[r]));
}

export function tableFromRows(id: string, headers: string[], rows: number[][]): DataTable {
  return { id, headers, table: headers.map((_, c) => rows.map((row) => row[c])), resultCount: rows.length };
}

/** Column headers of an initial-condition CSV; positions are required, the rest optional. */
export const initialConditionCsvHeaders = ['pos_x', 'pos_y', 'pos_z', 'vel_x', 'vel_y', 'vel_z', 'prs', 'temperature'] as const;
export const requiredInitialConditionCsvHeaders = ['pos_x', 'pos_y', 'pos_z'] as const;
export type InitialConditionCsvHeader = (typeof initialConditionCsvHeaders)[number];
