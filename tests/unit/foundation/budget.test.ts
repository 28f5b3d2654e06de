// The Usage & Budget page's rules: the page input, sorting, the credit periods with their bar width, and
// the stacked bars of the credit history.
import { describe, expect, it } from 'vitest';
import { CREDIT_CHART_PALETTE } from '../../../src/domain/constants.ts';
import {
  acceptedPage,
  billingYearStart,
  bucketsOf,
  bucketStart,
  groupForDays,
  historyBars,
  seriesOfSequences,
  nextSort,
  periodRange,
  transactionName,
} from '../../../src/client/settings/budget/budgetModel.ts';
import { formatCredits, formatDateTime } from '../../../src/client/ui/format.ts';

describe('pages and sorting', () => {
  it('ignores page numbers below 1, above the page count and not whole', () => {
    expect(acceptedPage('3', 5)).toBe(3);
    expect(acceptedPage(5, 5)).toBe(5);
    expect(acceptedPage(0, 5)).toBeNull();
    expect(acceptedPage('6', 5)).toBeNull();
    expect(acceptedPage('2.5', 5)).toBeNull();
    expect(acceptedPage('', 5)).toBeNull();
    expect(acceptedPage(1, 0)).toBeNull();
  });

  it('flips the sorted column and starts others in their natural direction', () => {
    const byDate = { orderBy: 'date' as const, asc: false };
    expect(nextSort(byDate, 'date')).toEqual({ orderBy: 'date', asc: true });
    expect(nextSort(byDate, 'simulationName')).toEqual({ orderBy: 'simulationName', asc: true });
    expect(nextSort(byDate, 'credits')).toEqual({ orderBy: 'credits', asc: false });
  });

  it('names a transaction by its simulation, note or kind, shows dates as dd.MM.yyyy, HH:mm and credits with 2 decimals', () => {
    expect(transactionName({ simulationName: 'Dam break', note: null, kind: 'simulation' })).toBe('Dam break');
    expect(transactionName({ simulationName: null, note: 'Initial credits', kind: 'credits_bought' })).toBe('Initial credits');
    expect(transactionName({ simulationName: null, note: null, kind: 'one_off_credits' })).toBe('One-off credits');
    expect(formatDateTime(new Date(2026, 0, 5, 7, 3).toISOString())).toBe('05.01.2026, 07:03');
    expect(formatCredits(-12.345)).toBe('-12.35');
    expect(formatCredits(1000)).toBe('1,000.00');
  });
});

describe('credit periods', () => {
  const now = new Date('2026-05-20T12:00:00Z');

  it('bucket daily below 30 days, weekly up to 91 and monthly above', () => {
    expect([7, 29, 30, 91, 92, 365].map(groupForDays)).toEqual(['day', 'day', 'week', 'week', 'month', 'month']);
    expect(periodRange(7, now).groupBy).toBe('day');
    expect(periodRange(30, now).groupBy).toBe('week');
    expect(periodRange(91, now).groupBy).toBe('week');
    expect(periodRange(365, now)).toMatchObject({ start: new Date('2025-05-20T12:00:00Z'), end: now, groupBy: 'month' });
  });

  it('take the billing year from the subscription start, or the last year without one', () => {
    expect(billingYearStart('2024-09-01T00:00:00Z', now)).toEqual(new Date('2025-09-01T00:00:00Z'));
    expect(billingYearStart('2023-03-10T00:00:00Z', now)).toEqual(new Date('2026-03-10T00:00:00Z'));
    expect(periodRange(-1, now, '2023-03-10T00:00:00Z')).toMatchObject({ start: new Date('2026-03-10T00:00:00Z'), groupBy: 'week' });
    expect(periodRange(-1, now, null).start).toEqual(new Date('2025-05-20T12:00:00Z'));
  });

  it('list every bucket, weeks from Monday and months from the first', () => {
    expect(bucketStart(new Date('2026-05-20T12:00:00Z'), 'week')).toBe('2026-05-18');
    expect(bucketStart(new Date('2026-05-17T23:00:00Z'), 'week')).toBe('2026-05-11');
    expect(bucketsOf({ start: new Date('2026-05-14T08:00:00Z'), end: now, groupBy: 'day' })).toHaveLength(7);
    expect(bucketsOf({ start: new Date('2026-04-20T00:00:00Z'), end: now, groupBy: 'week' })).toEqual(['2026-04-20', '2026-04-27', '2026-05-04', '2026-05-11', '2026-05-18']);
    const months = bucketsOf(periodRange(365, now));
    expect(months[0]).toBe('2025-05-01');
    expect(months.at(-1)).toBe('2026-05-01');
    expect(months).toHaveLength(13);
  });
});

describe('history bars', () => {
  it('stack credit sequences in palette colours, biggest first, with empty buckets in between', () => {
    const { bars, series } = historyBars(
      [
        { date: '2026-05-01', sequenceId: 'a', credits: 2 },
        { date: '2026-05-01', sequenceId: 'b', credits: 5 },
        { date: '2026-05-03', sequenceId: 'a', credits: 1.5 },
      ],
      ['2026-05-01', '2026-05-02', '2026-05-03'],
      new Map([['b', 'Sloshing tank']]),
    );
    expect(series.map((s) => [s.key, s.label, s.color, s.total])).toEqual([
      ['b', 'Sloshing tank', CREDIT_CHART_PALETTE[0], 5],
      ['a', 'Simulation', CREDIT_CHART_PALETTE[1], 3.5],
    ]);
    expect(bars.map((b) => b.total)).toEqual([7, 0, 1.5]);
    expect(bars[0].segments).toEqual([
      { key: 'b', credits: 5, y0: 0, y1: 5 },
      { key: 'a', credits: 2, y0: 5, y1: 7 },
    ]);
  });

  it('put sequences beyond the palette together as Other', () => {
    const entries = Array.from({ length: 14 }, (_, i) => ({ date: '2026-05-01', sequenceId: `s${String(i).padStart(2, '0')}`, credits: 20 - i }));
    const { series, bars } = historyBars(entries, ['2026-05-01'], new Map());
    expect(series).toHaveLength(CREDIT_CHART_PALETTE.length);
    expect(series.at(-1)).toMatchObject({ key: 'other', label: 'Other (4)', total: 10 + 9 + 8 + 7 });
    expect(bars[0].total).toBe(entries.reduce((sum, e) => sum + e.credits, 0));
  });

  it('show a simulation once however many runs (credit sequences) it had', () => {
    const sequences = seriesOfSequences([
      { id: 'run-1', simulationName: 'Dam break', note: null, kind: 'simulation' as const },
      { id: 'run-2', simulationName: 'Dam break', note: null, kind: 'simulation' as const },
      { id: 'run-3', simulationName: 'Sloshing tank', note: null, kind: 'simulation' as const },
      { id: 'grant', simulationName: null, note: 'Welcome credits', kind: 'one_off_credits' as const },
    ]);
    const { series, bars } = historyBars(
      [
        { date: '2026-05-01', sequenceId: 'run-1', credits: 2 },
        { date: '2026-05-01', sequenceId: 'run-2', credits: 3 },
        { date: '2026-05-01', sequenceId: 'run-3', credits: 1 },
        { date: '2026-05-01', sequenceId: 'grant', credits: 0.5 },
      ],
      ['2026-05-01'],
      sequences,
    );
    expect(series.map((s) => [s.label, s.total])).toEqual([
      ['Dam break', 5],
      ['Sloshing tank', 1],
      ['Welcome credits', 0.5],
    ]);
    expect(bars[0].segments).toHaveLength(3);
  });
});
