// The acceleration file of a simulation (spec 1 §3 settings.accelerationFile): a CSV with the columns
// time (s), ax, ay, az (m/s²) giving the acceleration of the whole frame over time. One reader for the
// Setup form's check and preview and for the solver, which applies −a as an inertial body force.

export const ACCELERATION_FILE_COLUMNS = ['time', 'ax', 'ay', 'az'] as const;

/** Samples of the frame acceleration, times strictly increasing. */
export interface AccelerationSamples {
  time: number[];
  ax: number[];
  ay: number[];
  az: number[];
}

export type AccelerationParseResult = { ok: true; samples: AccelerationSamples } | { ok: false; message: string };

/** At least two rows: the acceleration is interpolated between samples. */
export const ACCELERATION_FILE_MIN_ROWS = 2;

const SEPARATOR = /\s*[,;\t]\s*/;
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

function cellsOf(line: string): string[] {
  return line.trim().split(SEPARATOR).map((cell) => cell.replace(/^"(.*)"$/, '$1').trim());
}

/**
 * Reads an acceleration file. The first non-empty line may be a header naming the four columns (in any
 * order, any case); without one the columns are time, ax, ay, az. Values are separated by commas,
 * semicolons or tabs; empty lines and lines starting with '#' are skipped.
 */
export function parseAccelerationCsv(text: string): AccelerationParseResult {
  const samples: AccelerationSamples = { time: [], ax: [], ay: [], az: [] };
  const columns: Record<(typeof ACCELERATION_FILE_COLUMNS)[number], number> = { time: 0, ax: 1, ay: 2, az: 3 };
  let width = 4;
  let first = true;
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n];
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    const cells = cellsOf(line);
    const lineNo = n + 1;
    if (first) {
      first = false;
      if (!cells.some((cell) => NUMBER.test(cell))) {
        const names = cells.map((cell) => cell.toLowerCase());
        const missing = ACCELERATION_FILE_COLUMNS.filter((c) => !names.includes(c));
        if (missing.length > 0) {
          return { ok: false, message: `The acceleration file's header lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')} (it needs time, ax, ay, az).` };
        }
        const unknown = names.filter((name) => !(ACCELERATION_FILE_COLUMNS as readonly string[]).includes(name));
        if (unknown.length > 0) {
          return { ok: false, message: `The acceleration file's header names unknown columns: ${unknown.join(', ')} (it needs time, ax, ay, az).` };
        }
        for (const c of ACCELERATION_FILE_COLUMNS) columns[c] = names.indexOf(c);
        width = names.length;
        continue;
      }
    }
    if (cells.length !== width) {
      return { ok: false, message: `Line ${lineNo} of the acceleration file has ${cells.length} values instead of ${width} (time, ax, ay, az).` };
    }
    const row = {} as Record<(typeof ACCELERATION_FILE_COLUMNS)[number], number>;
    for (const c of ACCELERATION_FILE_COLUMNS) {
      const cell = cells[columns[c]];
      const value = NUMBER.test(cell) ? Number(cell) : Number.NaN;
      if (!Number.isFinite(value)) return { ok: false, message: `Line ${lineNo} of the acceleration file: ${c} "${cell}" is not a number.` };
      row[c] = value;
    }
    const previous = samples.time.at(-1);
    if (previous !== undefined && !(row.time > previous)) {
      return { ok: false, message: `Line ${lineNo} of the acceleration file: time ${row.time} does not come after ${previous}; times must increase strictly.` };
    }
    samples.time.push(row.time);
    samples.ax.push(row.ax);
    samples.ay.push(row.ay);
    samples.az.push(row.az);
  }
  if (samples.time.length < ACCELERATION_FILE_MIN_ROWS) {
    return { ok: false, message: `The acceleration file needs at least ${ACCELERATION_FILE_MIN_ROWS} rows of time, ax, ay, az; it has ${samples.time.length}.` };
  }
  return { ok: true, samples };
}

/** The samples of an acceleration file, or an Error carrying the reason the file is refused. */
export function readAccelerationCsv(text: string): AccelerationSamples {
  const result = parseAccelerationCsv(text);
  if (!result.ok) throw new Error(result.message);
  return result.samples;
}

/**
 * Frame acceleration at time t, linear between the samples around t; before the first sample the first
 * holds, after the last the last.
 */
export function accelerationAt(samples: AccelerationSamples, t: number): [number, number, number] {
  const { time, ax, ay, az } = samples;
  const n = time.length;
  if (n === 0) return [0, 0, 0];
  if (t <= time[0]) return [ax[0], ay[0], az[0]];
  if (t >= time[n - 1]) return [ax[n - 1], ay[n - 1], az[n - 1]];
  // Largest k with time[k] <= t.
  let lo = 0, hi = n - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >>> 1;
    if (time[mid] <= t) lo = mid;
    else hi = mid;
  }
  const f = (t - time[lo]) / (time[hi] - time[lo]);
  return [ax[lo] + f * (ax[hi] - ax[lo]), ay[lo] + f * (ay[hi] - ay[lo]), az[lo] + f * (az[hi] - az[lo])];
}
