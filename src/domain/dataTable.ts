// Data tables (spec 1 §3, spec 2 §3): column-oriented numeric tables referenced by materials (viscosity
// curves), components (initial distributions, inlet profiles) and the air drag domain, plus the
// initial-condition CSV format.
import { z } from 'zod';
import { numberSchema, nonNegativeIntSchema } from './number.ts';
import { entityIdSchema } from './entity.ts';
import type { IoType } from './component.ts';

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

/**
 * Columns of an inlet/outlet profile table (ioProfileKind 'field'): points of the boundary surface and the
 * value prescribed there, the velocity normal to the boundary (m/s, positive into the domain) for
 * riemann_velocity or the pressure (Pa) for riemann_pressure.
 */
export const IO_PROFILE_POSITION_COLUMNS = ['pos_x', 'pos_y', 'pos_z'] as const;
export function ioProfileValueColumn(ioType: IoType): 'vel_n' | 'prs' {
  return ioType === 'riemann_velocity' ? 'vel_n' : 'prs';
}
export function ioProfileColumns(ioType: IoType): string[] {
  return [...IO_PROFILE_POSITION_COLUMNS, ioProfileValueColumn(ioType)];
}

/**
 * Columns of a material's viscosity table (viscosityKind shear_rate or temperature): the shear rate
 * √(2 D:D) in 1/s or the temperature in K, and the kinematic viscosity there in m²/s. The engine
 * interpolates linearly between rows and holds the end values beyond them.
 */
export const VISCOSITY_TABLE_COLUMNS = {
  shear_rate: ['shear_rate', 'kinematic_viscosity'],
  temperature: ['temperature', 'kinematic_viscosity'],
} as const;
export type ViscosityTableKind = keyof typeof VISCOSITY_TABLE_COLUMNS;

/** A new table with the given columns and `rows` rows of zeros. */
export function emptyTable(id: string, headers: readonly string[], rows: number, name?: string): DataTable {
  return { id, ...(name !== undefined ? { name } : {}), headers: [...headers], table: headers.map(() => new Array<number>(rows).fill(0)), resultCount: rows };
}

/**
 * Reads a table from CSV text: the first non-empty line names the columns (comma or semicolon separated),
 * every further non-empty line is a row. `cells` keeps each cell's text; in `rows` a cell that is no
 * number is NaN, so that the table's rules can name it by column and row.
 */
export function parseTableCsv(text: string): { headers: string[]; rows: number[][]; cells: string[][] } {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/).filter((line) => line.trim() !== '');
  if (lines.length === 0) return { headers: [], rows: [], cells: [] };
  const separator = lines[0].includes(';') && !lines[0].includes(',') ? ';' : ',';
  const split = (line: string) => line.split(separator).map((cell) => cell.trim().replace(/^"(.*)"$/, '$1').trim());
  const headers = split(lines[0]);
  const cells = lines.slice(1).map((line) => {
    const found = split(line);
    return headers.map((_, c) => found[c] ?? '');
  });
  const rows = cells.map((row) => row.map((cell) => (cell === '' ? Number.NaN : Number(cell))));
  return { headers, rows, cells };
}
