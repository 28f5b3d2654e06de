// The acceleration file of a simulation (spec 1 §3 settings.accelerationFile, §5 'Acceleration file: CSV,
// single file'): a CSV of the frame's acceleration over time, one row per sample with the columns time
// (s), ax, ay, az (m/s²). One parser for the Settings form's preview, the server's upload check and the
// solver, so that a file is judged the same everywhere.

/** Column names, in the order the file holds them. */
export const ACCELERATION_COLUMNS = ['time', 'ax', 'ay', 'az'] as const;

/** Largest acceleration file accepted (bytes): a million samples fit comfortably. */
export const ACCELERATION_FILE_MAX_BYTES = 32 * 1024 * 1024;

/** Fewest samples a file must hold: the acceleration is interpolated between them. */
export const ACCELERATION_MIN_ROWS = 2;

/** Frame acceleration samples, one entry per row, times strictly increasing. */
export interface AccelerationSamples {
  time: number[];
  ax: number[];
  ay: number[];
  az: number[];
}

export type AccelerationParseResult = { ok: true; samples: AccelerationSamples } | { ok: false; message: string };

export const ACCELERATION_FILE_MESSAGES = {
  notCsv: 'Please select a CSV file (.csv).',
  singleFile: 'Please select a single CSV file',
  empty: 'The acceleration file is empty.',
  tooLarge: `The acceleration file is larger than the limit of ${ACCELERATION_FILE_MAX_BYTES / (1024 * 1024)} MB.`,
  notText: 'The acceleration file is not a text (CSV) file.',
  missingFile: 'The acceleration file does not exist. Upload it again.',
  tooFewRows: `The acceleration file needs at least ${ACCELERATION_MIN_ROWS} rows of data (time, ax, ay, az).`,
  missingColumns: (missing: readonly string[]) =>
    `The acceleration file lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}; it needs time, ax, ay, az.`,
  columnCount: (line: number, found: number) =>
    `Line ${line} has ${found} value${found === 1 ? '' : 's'}; every row needs 4: time, ax, ay, az.`,
  notANumber: (line: number, column: string, text: string) =>
    `Line ${line}, column ${column}: "${text.length > 20 ? `${text.slice(0, 20)}…` : text}" is not a number.`,
  timeNotIncreasing: (line: number, time: number, previous: number) =>
    `Line ${line}: time ${time} does not come after ${previous} on the line before; times must increase from row to row.`,
} as const;

/** "1.5", "-2e-3", " 4 " → number; anything else (empty, "abc", "1,5", "Infinity") → null. */
function parseNumber(text: string): number | null {
  const trimmed = text.trim();
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

function splitCells(line: string): string[] {
  return line.split(/[,;\t]/).map((cell) => cell.trim().replace(/^"(.*)"$/, '$1').trim());
}

/**
 * Reads the text of an acceleration file. An optional header names the columns (any order, case and
 * surrounding spaces ignored; unknown extra columns are refused); without one the four values of each row
 * are time, ax, ay, az. Separators: comma, semicolon or tab. Blank lines and lines starting with '#' are
 * skipped. Every value must be a finite number, times must increase strictly, and at least two rows are needed.
 */
export function parseAccelerationCsv(text: string): AccelerationParseResult {
  const fail = (message: string): AccelerationParseResult => ({ ok: false, message });
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  if (body.includes('\u0000')) return fail(ACCELERATION_FILE_MESSAGES.notText);
  const lines = body.split(/\r\n|\n|\r/);
  const samples: AccelerationSamples = { time: [], ax: [], ay: [], az: [] };
  /** Column index in the file of time, ax, ay, az. */
  let order: number[] | null = null;
  let width = ACCELERATION_COLUMNS.length;
  let sawContent = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const lineNo = i + 1;
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const cells = splitCells(line);
    if (!sawContent) {
      sawContent = true;
      const names = cells.map((cell) => cell.toLowerCase());
      const isHeader = cells.every((cell) => parseNumber(cell) === null) || names.some((name) => (ACCELERATION_COLUMNS as readonly string[]).includes(name));
      if (isHeader) {
        const missing = ACCELERATION_COLUMNS.filter((column) => !names.includes(column));
        if (missing.length > 0) return fail(ACCELERATION_FILE_MESSAGES.missingColumns(missing));
        if (names.length !== ACCELERATION_COLUMNS.length) return fail(ACCELERATION_FILE_MESSAGES.columnCount(lineNo, names.length));
        order = ACCELERATION_COLUMNS.map((column) => names.indexOf(column));
        width = names.length;
        continue;
      }
    }
    if (cells.length !== width) return fail(ACCELERATION_FILE_MESSAGES.columnCount(lineNo, cells.length));
    const columns = order ?? [0, 1, 2, 3];
    const values: number[] = [];
    for (let k = 0; k < ACCELERATION_COLUMNS.length; k++) {
      const raw = cells[columns[k]];
      const value = parseNumber(raw);
      if (value === null) return fail(ACCELERATION_FILE_MESSAGES.notANumber(lineNo, ACCELERATION_COLUMNS[k], raw));
      values.push(value);
    }
    const previous = samples.time[samples.time.length - 1];
    if (previous !== undefined && !(values[0] > previous)) {
      return fail(ACCELERATION_FILE_MESSAGES.timeNotIncreasing(lineNo, values[0], previous));
    }
    samples.time.push(values[0]);
    samples.ax.push(values[1]);
    samples.ay.push(values[2]);
    samples.az.push(values[3]);
  }
  if (!sawContent) return fail(ACCELERATION_FILE_MESSAGES.empty);
  if (samples.time.length < ACCELERATION_MIN_ROWS) return fail(ACCELERATION_FILE_MESSAGES.tooFewRows);
  return { ok: true, samples };
}

/** The parser for callers that stop on a bad file: the samples, or an Error with the parser's message. */
export function readAccelerationCsv(text: string): AccelerationSamples {
  const result = parseAccelerationCsv(text);
  if (!result.ok) throw new Error(result.message);
  return result.samples;
}

/**
 * Frame acceleration at time t (m/s²), interpolated linearly between the samples around t; before the
 * first and after the last sample the nearest sample holds.
 */
export function accelerationAt(samples: AccelerationSamples, t: number): [number, number, number] {
  const { time } = samples;
  const last = time.length - 1;
  if (last < 0) return [0, 0, 0];
  if (!(t > time[0])) return [samples.ax[0], samples.ay[0], samples.az[0]];
  if (t >= time[last]) return [samples.ax[last], samples.ay[last], samples.az[last]];
  let lo = 0;
  let hi = last;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (time[mid] <= t) lo = mid;
    else hi = mid;
  }
  const f = (t - time[lo]) / (time[hi] - time[lo]);
  const lerp = (values: number[]) => values[lo] + (values[hi] - values[lo]) * f;
  return [lerp(samples.ax), lerp(samples.ay), lerp(samples.az)];
}

/** Whether a file name is a CSV file's (the Settings form and the upload route accept only those). */
export function isCsvName(name: string): boolean {
  return /\.csv$/i.test(name.trim());
}
