// The one CSV writer of the product (credit transactions, the solver log of exports, chart data), shared
// by client and server: RFC 4180 quoting and line endings, with the separator a parameter because the
// spec's chart CSV is semicolon-separated.
import { CHART_CSV_SEPARATOR } from './constants.ts';

/** A cell: text, a number, or nothing (null, undefined and non-finite numbers are written as empty cells). */
export type CsvCell = string | number | boolean | null | undefined;

export type CsvOptions = {
  /** One character between cells; ',' unless given. */
  separator?: string;
};

/** Line ending after every record, the last included (RFC 4180). */
export const CSV_LINE_ENDING = '\r\n';

/** Separator of chart CSV downloads (spec 2: charts export as semicolon-separated CSV). */
export const CHART_CSV: CsvOptions = { separator: CHART_CSV_SEPARATOR };

/**
 * Text that a spreadsheet would run as a formula when the file is opened (a name like `=HYPERLINK(…)`
 * typed by another user): such text cells are written with a leading apostrophe, which spreadsheets show
 * as plain text. Numbers, and text that is just a number (a formatted value like "-12.35"), are never
 * touched, so negative values stay numbers.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/**
 * A cell as CSV text: numbers as JavaScript writes them (a full-precision decimal, no locale grouping),
 * text quoted when it holds the separator, a quote or a line break, with its quotes doubled; text that
 * would start a formula is neutralised first.
 */
export function csvCell(value: CsvCell, separator = ','): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' && !Number.isFinite(value)) return '';
  const raw = String(value);
  const text = typeof value === 'string' && FORMULA_START.test(raw) && !PLAIN_NUMBER.test(raw) ? `'${raw}` : raw;
  const needsQuotes = text.includes(separator) || text.includes('"') || text.includes('\n') || text.includes('\r');
  return needsQuotes ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows (the header first, if any) as a CSV document. */
export function toCsv(rows: readonly (readonly CsvCell[])[], options: CsvOptions = {}): string {
  const separator = options.separator ?? ',';
  if (separator.length !== 1 || separator === '"' || separator === '\n' || separator === '\r') {
    throw new Error(`A CSV separator is one character other than a quote or a line break, not ${JSON.stringify(separator)}.`);
  }
  return rows.map((row) => row.map((cell) => csvCell(cell, separator)).join(separator) + CSV_LINE_ENDING).join('');
}
