// The Monitor's rules without a browser: the live log (fetched, then appended without duplicates, derived
// runtime per simulated second and credits), the grid (12 columns, kinds' minimum sizes, stacking order,
// what a drag changed), live patches of the simulation and its jobs, and the graph form's search.
import { describe, expect, it } from 'vitest';
import { createTile, defaultDashboardTiles, type DashboardTile } from '../../../src/domain/dashboard.ts';
import type { JobRecord } from '../../../src/domain/jobRecords.ts';
import type { Simulation } from '../../../src/domain/simulation.ts';
import {
  appendLogRows,
  emptyLogSeries,
  graphPoints,
  latestValue,
  logSeriesFromColumns,
  mergeFetchedLog,
  rowsFromEvent,
  belongsToRun,
  startsNewLog,
} from '../../../src/client/monitor/logSeries.ts';
import {
  GRID,
  applyPlacements,
  changedPlacements,
  gridItems,
  placeNewTile,
  readingOrder,
  tileHeightPx,
} from '../../../src/client/monitor/dashboardLayout.ts';
import { formatDuration, formatLogValue, formatNumber } from '../../../src/client/monitor/logValues.ts';
import { applyJobUpdate, applySimulationPatch } from '../../../src/client/simulation/useLiveSimulation.ts';
import { matchingLogValues } from '../../../src/client/monitor/GraphFormModal.tsx';
import { currentView } from '../../../src/client/monitor/MonitorScreen.tsx';
import { axisRange, graphSeries } from '../../../src/client/monitor/tiles/GraphTile.tsx';

const entry = (runtime: number, time: number, particles = 1000) => ({
  event: 'progress', time, runtime, dt: 1e-4, step: runtime * 10, particles, progress: time / 2, runtimeLeft: null, output: 0,
});

describe('live solver log', () => {
  it('reads the columns of GET .../logs and derives runtime per simulated second', () => {
    const series = logSeriesFromColumns({ time: [0, 0.1, 0.2], runtime: [0, 5, 15], particles: [10, 10, 9], runtimeLeft: [null, 95, 80] });
    expect(series.length).toBe(3);
    expect(Array.from(series.columns.runtimePerS)).toEqual([Number.NaN, 50, 100]);
    expect(graphPoints(series, 'particles', 'time')).toEqual([
      { x: 0, y: 10 },
      { x: 0.1, y: 10 },
      { x: 0.2, y: 9 },
    ]);
    expect(graphPoints(series, 'runtimeLeft', 'runtime')).toEqual([
      { x: 5, y: 95 },
      { x: 15, y: 80 },
    ]);
    expect(latestValue(series, 'dt')).toBeNull();
  });

  it('appends log.append entries after the last row only, so a row fetched and pushed is kept once', () => {
    const fetched = logSeriesFromColumns({ time: [0, 0.1], runtime: [0, 4], particles: [10, 10], credits: [0, 0.004] });
    const next = appendLogRows(fetched, rowsFromEvent([entry(4, 0.1), entry(8, 0.2), entry(6, 0.15)]));
    expect(next.length).toBe(3);
    expect(Array.from(next.columns.time)).toEqual([0, 0.1, 0.2]);
    // Credits grow with runtime at the rate of the last logged value.
    expect(next.columns.credits[2]).toBeCloseTo(0.008, 12);
    expect(appendLogRows(next, rowsFromEvent([entry(8, 0.2)]))).toBe(next);
  });

  it('keeps rows that arrived live while the whole log was being read', () => {
    const live = appendLogRows(emptyLogSeries(), rowsFromEvent([entry(10, 0.3), entry(12, 0.35)]));
    const fetched = logSeriesFromColumns({ time: [0, 0.1, 0.3], runtime: [0, 4, 10] });
    const merged = mergeFetchedLog(fetched, live);
    expect(Array.from(merged.columns.runtime)).toEqual([0, 4, 10, 12]);
  });

  it('reads entries sent as columns too, and ignores what is not a log', () => {
    expect(rowsFromEvent({ time: [1, 2], runtime: [3, 4] })).toEqual([
      { time: 1, runtime: 3 },
      { time: 2, runtime: 4 },
    ]);
    expect(rowsFromEvent('nonsense')).toEqual([]);
  });
});

describe('dashboard grid', () => {
  it('uses 12 columns, 150 px rows and 16 px margins', () => {
    expect(GRID).toEqual({ columns: 12, rowHeightPx: 150, marginPx: 16 });
    expect(tileHeightPx(1)).toBe(150);
    expect(tileHeightPx(2)).toBe(316);
  });

  it('keeps tiles inside the columns and at their kind’s smallest size', () => {
    const graph = { ...createTile({ type: 'graph', x: 11, y: 0, w: 1, h: 1 }, 'g') };
    expect(gridItems([graph])).toEqual([{ i: 'g', x: 9, y: 0, w: 3, h: 2, minW: 3, minH: 2 }]);
  });

  it('lays the default tiles out without overlaps inside 12 columns', () => {
    const items = gridItems(defaultDashboardTiles());
    expect(items).toHaveLength(10);
    for (const a of items) {
      expect(a.x + a.w).toBeLessThanOrEqual(12);
      for (const b of items) {
        if (a === b) continue;
        const overlap = a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
        expect(overlap).toBe(false);
      }
    }
  });

  it('stacks tiles on narrow screens in reading order', () => {
    const tiles = [
      createTile({ type: 'note', x: 6, y: 2, w: 6, h: 2 }, 'c'),
      createTile({ type: 'details', x: 4, y: 0, w: 4, h: 2 }, 'b'),
      createTile({ type: 'progress', x: 0, y: 0, w: 4, h: 1 }, 'a'),
    ];
    expect(readingOrder(tiles).map((t) => t.id)).toEqual(['a', 'b', 'c']);
  });

  it('reports the placements after a drag only when something moved', () => {
    const tiles: DashboardTile[] = [createTile({ type: 'note', x: 0, y: 0, w: 4, h: 2 }, 'n'), createTile({ type: 'image', x: 4, y: 0, w: 4, h: 2 }, 'i')];
    const still = tiles.map((t) => ({ i: t.id, x: t.x, y: t.y, w: t.w, h: t.h }));
    expect(changedPlacements(tiles, still)).toEqual([]);
    const moved = [{ i: 'n', x: 4, y: 2, w: 4, h: 2 }, { i: 'i', x: 4, y: 0, w: 4, h: 2 }];
    const placements = changedPlacements(tiles, moved);
    expect(placements).toEqual([
      { id: 'n', x: 4, y: 2, w: 4, h: 2 },
      { id: 'i', x: 4, y: 0, w: 4, h: 2 },
    ]);
    expect(applyPlacements(tiles, placements)[0]).toMatchObject({ id: 'n', x: 4, y: 2 });
    expect(placeNewTile(tiles, { w: 4, h: 2 })).toEqual({ x: 0, y: 2, w: 4, h: 2 });
  });
});

describe('live simulation and jobs', () => {
  const simulation = { id: 's', state: 'launching', creditsConsumed: 0, log: null, name: 'Dam break' } as unknown as Simulation;

  it('applies the fields of simulation.update it knows and ignores malformed ones', () => {
    const log = { progress: 0.5, time: 1, runtime: 10, runtimeLeft: 10, particles: 5000, output: 10 };
    const next = applySimulationPatch(simulation, { type: 'simulation.update', simId: 's', state: 'running', log, creditsConsumed: 1.5 });
    expect(next).toMatchObject({ state: 'running', log, creditsConsumed: 1.5, name: 'Dam break' });
    expect(applySimulationPatch(simulation, { state: 'exploded' })).toBe(simulation);
  });

  it('replaces a job by id or puts a new one first', () => {
    const job = (id: string, state: JobRecord['state']) => ({ id, state }) as JobRecord;
    const jobs = [job('a', 'running'), job('b', 'completed')];
    expect(applyJobUpdate(jobs, job('a', 'completed')).map((j) => `${j.id}:${j.state}`)).toEqual(['a:completed', 'b:completed']);
    expect(applyJobUpdate(jobs, job('c', 'scheduled')).map((j) => j.id)).toEqual(['c', 'a', 'b']);
  });
});

describe('log value display', () => {
  it('formats progress in percent, durations in h m s, counts grouped', () => {
    expect(formatLogValue('progress', 0.256)).toBe('25.6 %');
    expect(formatLogValue('runtime', 3725)).toBe('1h 02m 05s');
    expect(formatDuration(42.25)).toBe('42.3 s');
    expect(formatLogValue('particles', 123456)).toBe('123,456');
    expect(formatLogValue('dt', 0.00012)).toBe('1.200e-4 s');
    expect(formatLogValue('time', null)).toBe('—');
    expect(formatNumber(0.123456)).toBe('0.1235');
  });
});

describe('graphs and views', () => {
  it('finds log values by key, label or description, and nothing for unknown words', () => {
    expect(matchingLogValues('')).toHaveLength(9);
    expect(matchingLogValues('step')).toEqual(['dt']);
    expect(matchingLogValues('wall-clock')).toEqual(['runtime', 'runtimeLeft', 'runtimePerS']);
    expect(matchingLogValues('zzz')).toEqual([]);
  });

  it('plots progress in percent and uses manual axes only when min < max', () => {
    const series = logSeriesFromColumns({ time: [0, 1], runtime: [0, 2], progress: [0, 0.5] });
    expect(graphSeries({ logValues: ['progress'] }, series, 'runtime')[0].points).toEqual([
      { x: 0, y: 0 },
      { x: 2, y: 50 },
    ]);
    expect(axisRange(true, 0, 1)).toBeNull();
    expect(axisRange(false, 0, 1)).toEqual([0, 1]);
    expect(axisRange(false, 2, 1)).toBeNull();
    expect(axisRange(false, null, 1)).toBeNull();
  });

  it('opens the chosen view, else the default one, else the first', () => {
    const view = (id: string, isDefault = false) => ({ id, name: id, default: isDefault, tiles: [] });
    const views = [view('a'), view('b', true), view('c')];
    expect(currentView(views, 'c')?.id).toBe('c');
    expect(currentView(views, 'gone')?.id).toBe('b');
    expect(currentView([view('x')], undefined)?.id).toBe('x');
    expect(currentView([], undefined)).toBeNull();
  });
});

describe('the log the Progress tile and graphs show', () => {
  it('starts over when another run becomes the active one, and carries on through a resume or a stop', () => {
    const running = { activeRunId: 'run-1', state: 'running' };
    // Restart: a new run, whatever states the client happened to see on the way.
    expect(startsNewLog({ activeRunId: 'run-1', state: 'completed' }, { activeRunId: 'run-2', state: 'running' })).toBe(true);
    expect(startsNewLog({ activeRunId: 'run-1', state: 'stopped' }, { activeRunId: 'run-2', state: 'launching' })).toBe(true);
    expect(startsNewLog({ activeRunId: null, state: 'not_started' }, { activeRunId: 'run-1', state: 'launching' })).toBe(true);
    // Stop and resume keep the run and its log.
    expect(startsNewLog(running, { activeRunId: 'run-1', state: 'stopped' })).toBe(false);
    expect(startsNewLog({ activeRunId: 'run-1', state: 'stopped' }, { activeRunId: 'run-1', state: 'launching' })).toBe(false);
    expect(startsNewLog(running, running)).toBe(false);
  });

  it("leaves out log lines of another run than the one shown", () => {
    expect(belongsToRun('run-2', 'run-2')).toBe(true);
    expect(belongsToRun('run-1', 'run-2')).toBe(false);
    expect(belongsToRun(undefined, 'run-2')).toBe(true);
    expect(belongsToRun('run-1', null)).toBe(true);
  });
});
