// The solver log as the Monitor holds it: one column of numbers per log key, filled from GET .../logs and
// extended live by log.append events. Rows are ordered by runtime (wall clock, which only grows within a
// run, resumed sessions included), so an entry that arrives twice (fetched and pushed) is kept once.
import { logValueKeys, type GraphUnit, type LogValueKey } from '../../domain/dashboard.ts';

export interface LogSeries {
  /** Every column has `length` values; a key the solver does not write is NaN throughout. */
  columns: Record<LogValueKey, Float64Array>;
  length: number;
}

export type LogRow = Partial<Record<LogValueKey, number | null>>;

const EMPTY = new Float64Array(0);

export function emptyLogSeries(): LogSeries {
  return { columns: Object.fromEntries(logValueKeys.map((k) => [k, EMPTY])) as Record<LogValueKey, Float64Array>, length: 0 };
}

/** Order key of a row: runtime, else simulated time. */
function orderOf(row: LogRow): number {
  const runtime = row.runtime;
  if (typeof runtime === 'number' && Number.isFinite(runtime)) return runtime;
  const time = row.time;
  return typeof time === 'number' && Number.isFinite(time) ? time : Number.NaN;
}

function lastOrder(series: LogSeries): number {
  if (series.length === 0) return -Infinity;
  const i = series.length - 1;
  const runtime = series.columns.runtime[i];
  return Number.isFinite(runtime) ? runtime : series.columns.time[i];
}

/** Rows of an answer of GET .../logs (columns by key) or of a log.append event (rows or columns). */
export function rowsFromColumns(columns: Partial<Record<string, readonly (number | null)[]>>): LogRow[] {
  const length = Math.max(0, ...Object.values(columns).map((c) => c?.length ?? 0));
  const rows: LogRow[] = [];
  for (let i = 0; i < length; i++) {
    const row: LogRow = {};
    for (const key of logValueKeys) {
      const value = columns[key]?.[i];
      if (typeof value === 'number') row[key] = value;
    }
    rows.push(row);
  }
  return rows;
}

/** Reads the entries of a log.append event: an array of rows, or columns by key. */
export function rowsFromEvent(entries: unknown): LogRow[] {
  if (Array.isArray(entries)) {
    return entries.filter((e): e is Record<string, unknown> => typeof e === 'object' && e !== null).map((e) => {
      const row: LogRow = {};
      for (const key of logValueKeys) if (typeof e[key] === 'number') row[key] = e[key] as number;
      return row;
    });
  }
  if (entries && typeof entries === 'object') {
    const columns: Record<string, (number | null)[]> = {};
    for (const [key, value] of Object.entries(entries)) {
      if (Array.isArray(value)) columns[key] = value.map((v) => (typeof v === 'number' ? v : null));
    }
    return rowsFromColumns(columns);
  }
  return [];
}

/**
 * Appends rows that come after the last one; earlier or repeated rows are dropped. Runtime per simulated
 * second is derived from consecutive rows where the log does not state it.
 */
export function appendLogRows(series: LogSeries, rows: readonly LogRow[]): LogSeries {
  let last = lastOrder(series);
  const accepted: LogRow[] = [];
  for (const row of rows) {
    const order = orderOf(row);
    if (!(order > last)) continue;
    accepted.push(row);
    last = order;
  }
  if (accepted.length === 0) return series;
  const length = series.length + accepted.length;
  const columns = {} as Record<LogValueKey, Float64Array>;
  for (const key of logValueKeys) {
    const column = new Float64Array(length);
    const old = series.columns[key];
    if (old.length === series.length) column.set(old);
    else column.fill(Number.NaN, 0, series.length);
    for (let i = 0; i < accepted.length; i++) {
      const value = accepted[i][key];
      column[series.length + i] = typeof value === 'number' ? value : Number.NaN;
    }
    columns[key] = column;
  }
  deriveRuntimePerS(columns, series.length, length);
  deriveCredits(columns, series.length, length);
  return { columns, length };
}

/**
 * Live entries carry no credits: a run costs a fixed rate per wall-clock hour, so credits grow in
 * proportion to runtime, at the rate the last logged credits show.
 */
function deriveCredits(columns: Record<LogValueKey, Float64Array>, from: number, to: number): void {
  const { credits, runtime } = columns;
  let rate = Number.NaN;
  for (let i = from - 1; i >= 0; i--) {
    if (Number.isFinite(credits[i]) && runtime[i] > 0) {
      rate = credits[i] / runtime[i];
      break;
    }
  }
  for (let i = from; i < to; i++) {
    if (Number.isFinite(credits[i])) {
      if (runtime[i] > 0) rate = credits[i] / runtime[i];
      continue;
    }
    if (Number.isFinite(rate) && Number.isFinite(runtime[i])) credits[i] = rate * runtime[i];
  }
}

function deriveRuntimePerS(columns: Record<LogValueKey, Float64Array>, from: number, to: number): void {
  const { runtime, time, runtimePerS } = columns;
  for (let i = Math.max(1, from); i < to; i++) {
    if (Number.isFinite(runtimePerS[i])) continue;
    const dt = time[i] - time[i - 1];
    const dr = runtime[i] - runtime[i - 1];
    runtimePerS[i] = dt > 0 && Number.isFinite(dr) ? dr / dt : Number.NaN;
  }
}

export function logSeriesFromColumns(columns: Partial<Record<string, readonly (number | null)[]>>): LogSeries {
  return appendLogRows(emptyLogSeries(), rowsFromColumns(columns));
}

/**
 * Merges a fresh read of the whole log with rows that arrived live meanwhile: the read is the base and
 * live rows after its end are kept.
 */
export function mergeFetchedLog(fetched: LogSeries, live: LogSeries | null): LogSeries {
  if (!live || live.length === 0) return fetched;
  return appendLogRows(fetched, seriesRows(live));
}

export function seriesRows(series: LogSeries): LogRow[] {
  const rows: LogRow[] = [];
  for (let i = 0; i < series.length; i++) {
    const row: LogRow = {};
    for (const key of logValueKeys) {
      const value = series.columns[key][i];
      if (Number.isFinite(value)) row[key] = value;
    }
    rows.push(row);
  }
  return rows;
}

export interface ChartPoint {
  x: number;
  y: number;
}

/** Points of one log value against the graph unit (simulated time or runtime); gaps are skipped. */
export function graphPoints(series: LogSeries, key: LogValueKey, unit: GraphUnit): ChartPoint[] {
  const xs = series.columns[unit];
  const ys = series.columns[key];
  const points: ChartPoint[] = [];
  for (let i = 0; i < series.length; i++) {
    const x = xs[i];
    const y = ys[i];
    if (Number.isFinite(x) && Number.isFinite(y)) points.push({ x, y });
  }
  return points;
}

/** Latest finite value of a key, or null. */
export function latestValue(series: LogSeries, key: LogValueKey): number | null {
  const column = series.columns[key];
  for (let i = series.length - 1; i >= 0; i--) if (Number.isFinite(column[i])) return column[i];
  return null;
}

/** What tells one run's log from the next: the simulation's run and its state. */
export type LogRunMarker = { activeRunId: string | null; state: string };

/**
 * Whether the log starts over: another run became the active one (a restart, a start after a stop), or a
 * run is being created. A resume keeps its run and its log.
 */
export function startsNewLog(before: LogRunMarker, after: LogRunMarker): boolean {
  if (after.activeRunId !== null && after.activeRunId !== before.activeRunId) return true;
  return after.state === 'creating' && before.state !== 'creating';
}

/**
 * Whether a log.append event belongs to the run the log shows. Entries of another run (a stopped run's
 * last lines arriving after a restart) are left out; entries of a run the client does not know yet are
 * read with the whole log once that run becomes the active one.
 */
export function belongsToRun(eventRunId: unknown, activeRunId: string | null): boolean {
  if (typeof eventRunId !== 'string' || activeRunId === null) return true;
  return eventRunId === activeRunId;
}
