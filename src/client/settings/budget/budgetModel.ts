// The Usage & Budget page's rules without React: the page input (ignored below 1 or above the page
// count), column sorting, the credit periods as date ranges with their bar width, and the bars of the
// credit history chart stacked by credit sequence.
import { CREDIT_CHART_PALETTE, CREDIT_CHART_PERIOD_THRESHOLDS_DAYS } from '../../../domain/constants.ts';
import type { CreditHistoryGroup, CreditSequenceOrder } from '../../../domain/creditQueries.ts';
import { CREDIT_SEQUENCE_LABELS, type CreditHistoryEntry, type CreditSequence } from '../../../domain/credits.ts';

/** The page a typed page number leads to, or null when it is to be ignored. */
export function acceptedPage(input: number | string, pageCount: number): number | null {
  const page = typeof input === 'number' ? input : Number(input.trim());
  if (!Number.isInteger(page) || page < 1 || page > pageCount) return null;
  return page;
}

export type Sort = { orderBy: CreditSequenceOrder; asc: boolean };

/** Clicking a header: the same column flips its direction; another starts ascending for text, descending for dates and values. */
export function nextSort(current: Sort, column: CreditSequenceOrder): Sort {
  if (current.orderBy === column) return { orderBy: column, asc: !current.asc };
  return { orderBy: column, asc: column === 'simulationName' || column === 'kind' };
}

/** What the Transaction column says: the simulation, else the note, else the kind. */
export function transactionName(sequence: Pick<CreditSequence, 'simulationName' | 'note' | 'kind'>): string {
  return sequence.simulationName ?? sequence.note ?? CREDIT_SEQUENCE_LABELS[sequence.kind];
}

const DAY_MS = 24 * 60 * 60 * 1000;

export type PeriodRange = { start: Date; end: Date; groupBy: CreditHistoryGroup };

/** The start of the current billing year: the last anniversary of the subscription's start, not after `now`. */
export function billingYearStart(subscriptionStart: string | null | undefined, now: Date): Date | null {
  if (!subscriptionStart) return null;
  const start = new Date(subscriptionStart);
  if (Number.isNaN(start.getTime()) || start > now) return null;
  const anniversary = new Date(start);
  anniversary.setUTCFullYear(now.getUTCFullYear());
  if (anniversary > now) anniversary.setUTCFullYear(now.getUTCFullYear() - 1);
  return anniversary;
}

/** Days bucketed per day below 30, per week up to 91, per month above. */
export function groupForDays(days: number): CreditHistoryGroup {
  const [dailyBelow, weeklyUpTo] = CREDIT_CHART_PERIOD_THRESHOLDS_DAYS;
  if (days < dailyBelow) return 'day';
  if (days <= weeklyUpTo) return 'week';
  return 'month';
}

/** A credit period (days; -1 the billing year) as the range the history is asked for. */
export function periodRange(days: number, now: Date, subscriptionStart?: string | null): PeriodRange {
  const billing = days === -1 ? billingYearStart(subscriptionStart, now) : null;
  const start = billing ?? new Date(now.getTime() - (days === -1 ? 365 : days) * DAY_MS);
  const span = Math.max(1, Math.round((now.getTime() - start.getTime()) / DAY_MS));
  return { start, end: now, groupBy: groupForDays(span) };
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** First day (YYYY-MM-DD, UTC) of the bucket a day falls into; weeks start on Monday, as the server groups them. */
export function bucketStart(day: Date, groupBy: CreditHistoryGroup): string {
  const date = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()));
  if (groupBy === 'month') date.setUTCDate(1);
  if (groupBy === 'week') date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return isoDay(date);
}

/** Every bucket from start to end, so that the chart shows quiet periods as gaps, not as nothing. */
export function bucketsOf(range: PeriodRange): string[] {
  const buckets: string[] = [];
  const cursor = new Date(`${bucketStart(range.start, range.groupBy)}T00:00:00Z`);
  const last = bucketStart(range.end, range.groupBy);
  for (let guard = 0; guard < 1000; guard += 1) {
    const key = isoDay(cursor);
    buckets.push(key);
    if (key >= last) break;
    if (range.groupBy === 'day') cursor.setUTCDate(cursor.getUTCDate() + 1);
    else if (range.groupBy === 'week') cursor.setUTCDate(cursor.getUTCDate() + 7);
    else cursor.setUTCMonth(cursor.getUTCMonth() + 1);
  }
  return buckets;
}

export type ChartSeries = { key: string; label: string; color: string; total: number };
export type ChartBar = { date: string; segments: { key: string; credits: number; y0: number; y1: number }[]; total: number };

/** Sequences beyond the palette's length share its last colour as "Other". */
export const OTHER_SERIES_KEY = 'other';

/** What a credit sequence stands for in the chart: the series it adds to and that series' name. */
export type SeriesOf = { key: string; label: string };

/**
 * Each sequence's series: every run of a simulation adds to one series for that simulation (a simulation
 * shows once, not once per run); credits given or taken by hand stay one series per sequence.
 */
export function seriesOfSequences(sequences: readonly Pick<CreditSequence, 'id' | 'simulationName' | 'note' | 'kind'>[]): Map<string, SeriesOf> {
  return new Map(
    sequences.map((s) => [s.id, { key: s.simulationName !== null ? `simulation:${s.simulationName}` : s.id, label: transactionName(s) }]),
  );
}

/**
 * The chart's bars: one per bucket, stacked by series (a simulation, or a credit sequence of its own),
 * the biggest consumers first with their own colour from the palette and the rest together as Other.
 */
export function historyBars(
  entries: readonly CreditHistoryEntry[],
  buckets: readonly string[],
  sequences: ReadonlyMap<string, SeriesOf | string>,
): { bars: ChartBar[]; series: ChartSeries[] } {
  const names = new Map<string, string>();
  const groupOf = (sequenceId: string): string => {
    const known = sequences.get(sequenceId);
    const series = typeof known === 'string' ? { key: sequenceId, label: known } : known;
    if (series && !names.has(series.key)) names.set(series.key, series.label);
    return series?.key ?? sequenceId;
  };
  const totals = new Map<string, number>();
  for (const entry of entries) {
    const key = groupOf(entry.sequenceId);
    totals.set(key, (totals.get(key) ?? 0) + entry.credits);
  }
  const ranked = [...totals.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const ownColours = ranked.length > CREDIT_CHART_PALETTE.length ? CREDIT_CHART_PALETTE.length - 1 : ranked.length;
  const series: ChartSeries[] = ranked.slice(0, ownColours).map(([key, total], index) => ({
    key,
    label: names.get(key) ?? 'Simulation',
    color: CREDIT_CHART_PALETTE[index],
    total,
  }));
  const seriesOf = new Map(series.map((s) => [s.key, s.key]));
  if (ranked.length > ownColours) {
    const rest = ranked.slice(ownColours).reduce((sum, [, total]) => sum + total, 0);
    series.push({ key: OTHER_SERIES_KEY, label: `Other (${ranked.length - ownColours})`, color: CREDIT_CHART_PALETTE[CREDIT_CHART_PALETTE.length - 1], total: rest });
  }
  const perBucket = new Map<string, Map<string, number>>();
  for (const entry of entries) {
    const key = seriesOf.get(groupOf(entry.sequenceId)) ?? OTHER_SERIES_KEY;
    const bucket = perBucket.get(entry.date) ?? new Map<string, number>();
    bucket.set(key, (bucket.get(key) ?? 0) + entry.credits);
    perBucket.set(entry.date, bucket);
  }
  const bars = buckets.map((date) => {
    const values = perBucket.get(date);
    let y = 0;
    const segments = series.flatMap((s) => {
      const credits = values?.get(s.key) ?? 0;
      if (credits <= 0) return [];
      const segment = { key: s.key, credits, y0: y, y1: y + credits };
      y += credits;
      return [segment];
    });
    return { date, segments, total: y };
  });
  return { bars, series };
}

/** Axis label of a bucket: day and month for days and weeks, month and year for months. */
export function bucketLabel(date: string, groupBy: CreditHistoryGroup): string {
  const [year, month, day] = date.split('-');
  return groupBy === 'month' ? `${month}.${year}` : `${day}.${month}.`;
}
