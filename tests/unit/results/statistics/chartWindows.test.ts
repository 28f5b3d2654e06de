// Chart windows of the statistics panel (spec 2 §3 'Chart window', §9 'Charts and statistics'): loaded
// results become datasets of their attribute's window with the spec's colours and markers, integrals get
// a window of their own, and a window's layout shapes the series, axes, time indicator and CSV.
import { describe, expect, it } from 'vitest';
import type { ChartWindow } from '../../../../src/domain/chart.ts';
import { MESSAGES } from '../../../../src/domain/messages.ts';
import {
  addResultToCharts,
  chartCsv,
  chartFileName,
  chartSeries,
  removeDataset,
  timeIndicatorX,
  xAxisLabel,
  xDomain,
  yDomain,
} from '../../../../src/client/results/statistics/chartWindows.ts';
import { startedResult, type StatisticsResult } from '../../../../src/client/results/statistics/statisticsResult.ts';
import { effectivePanelMode, halfScreenOffered, openedPanelMode } from '../../../../src/client/results/statistics/panelMode.ts';

function completed(patch: Partial<StatisticsResult>, perOutput: StatisticsResult['perOutput']): StatisticsResult {
  const base = startedResult({ calcId: 'c', attribute: 'pressure', subAttribute: null, selection: ['fluid_0'], selectionLabel: 'Water', operations: ['mean'], outputs: [0, 1, 2] });
  return { ...base, ...patch, perOutput, state: 'completed', progress: 100 };
}

function ids() {
  let n = 0;
  return () => `id-${++n}`;
}

const pressure = completed({ operations: ['mean', 'max'] }, { 0: { mean: 1, max: 2 }, 1: { mean: 3, max: null }, 2: { mean: 5, max: 8 } });

describe('chart windows from results', () => {
  it('puts each operation in the window of its attribute, with the palette colours and markers in turn', () => {
    const windows = addResultToCharts([], pressure, ids());
    expect(windows).toHaveLength(1);
    const [w] = windows;
    expect(w.attribute).toBe('pressure');
    expect(w.layout).toMatchObject({ name: 'Pressure', xAxis: 'time', yLabel: 'Pressure [Pa]', minY: null, maxY: null, interpolation: 'linear', timeIndicator: true });
    expect(w.datasets.map((d) => [d.operation, d.data])).toEqual([
      ['mean', [{ x: 0, y: 1 }, { x: 1, y: 3 }, { x: 2, y: 5 }]],
      // Outputs without a value are left out of the line.
      ['max', [{ x: 0, y: 2 }, { x: 2, y: 8 }]],
    ]);
    expect(w.datasets.map((d) => w.layout.datasetLayouts[d.id])).toEqual([
      { name: 'Mean · Water', lineStyle: 'solid', markerStyle: 'dot', color: '#2D69B2' },
      { name: 'Max · Water', lineStyle: 'solid', markerStyle: 'triangle', color: '#FFB10F' },
    ]);
  });

  it('replaces a dataset loaded again in place, keeping its layout, and appends other objects and components', () => {
    const makeId = ids();
    let windows = addResultToCharts([], pressure, makeId);
    const meanId = windows[0].datasets[0].id;
    windows = windows.map((w) => ({ ...w, layout: { ...w.layout, datasetLayouts: { ...w.layout.datasetLayouts, [meanId]: { ...w.layout.datasetLayouts[meanId], color: '#000000' } } } }));
    windows = addResultToCharts(windows, completed({ operations: ['mean'] }, { 0: { mean: 7 } }), makeId);
    expect(windows[0].datasets).toHaveLength(2);
    expect(windows[0].datasets[0]).toMatchObject({ id: meanId, data: [{ x: 0, y: 7 }] });
    expect(windows[0].layout.datasetLayouts[meanId].color).toBe('#000000');
    windows = addResultToCharts(windows, completed({ operations: ['mean'], selection: ['fluid_1'], selectionLabel: 'Oil' }, { 0: { mean: 1 } }), makeId);
    windows = addResultToCharts(windows, completed({ operations: ['median'], attribute: 'velocity', subAttribute: 'x' }, { 0: { median: 1 } }), makeId);
    expect(windows.map((w) => w.attribute)).toEqual(['pressure', 'velocity']);
    const third = windows[0].datasets[2];
    expect(windows[0].layout.datasetLayouts[third.id]).toEqual({ name: 'Mean · Oil', lineStyle: 'solid', markerStyle: 'square', color: '#25C189' });
    expect(windows[1].layout.datasetLayouts[windows[1].datasets[0].id].name).toBe('Median x · Water');
  });

  it('gives integrals of a stress a window of their own in newtons', () => {
    const stress = completed({ attribute: 'total_stress', subAttribute: 'magnitude', selection: ['wall_0'], selectionLabel: 'Tank', operations: ['integral', 'max'] }, { 0: { integral: 12, max: 3 } });
    const windows = addResultToCharts([], stress, ids());
    expect(windows.map((w) => [w.layout.name, w.layout.yLabel, w.datasets.map((d) => d.operation)])).toEqual([
      ['Integral of Total Stress', 'Integral of Total Stress [N]', ['integral']],
      ['Total Stress', 'Total Stress [Pa]', ['max']],
    ]);
  });

  it('drops a dataset, and the window with its last one', () => {
    const windows = addResultToCharts([], pressure, ids());
    const [mean, max] = windows[0].datasets;
    const one = removeDataset(windows, windows[0].id, mean.id);
    expect(one[0].datasets.map((d) => d.id)).toEqual([max.id]);
    expect(Object.keys(one[0].layout.datasetLayouts)).toEqual([max.id]);
    expect(removeDataset(one, windows[0].id, max.id)).toEqual([]);
  });
});

describe('what a chart draws', () => {
  const window: ChartWindow = addResultToCharts([], pressure, ids())[0];

  it('puts points on the time axis (output times the interval, without binary noise) or on outputs', () => {
    const series = chartSeries(window, 0.1);
    expect(series[0].points.map((p) => p.x)).toEqual([0, 0.1, 0.2]);
    expect(chartSeries({ ...window, datasets: [{ ...window.datasets[0], data: [{ x: 7, y: 1 }] }] }, 0.04)[0].points[0].x).toBe(0.28);
    const outputs = chartSeries({ ...window, layout: { ...window.layout, xAxis: 'outputs' } }, 0.1);
    expect(outputs[0].points.map((p) => p.x)).toEqual([0, 1, 2]);
    expect(xAxisLabel('time')).toBe('Time [s]');
    expect(xAxisLabel('outputs')).toBe('Output');
    expect(xDomain(series)).toEqual([0, 0.2]);
  });

  it('takes min and max Y where set, the data otherwise, and refuses a min not below the max', () => {
    const series = chartSeries(window, 0.1);
    expect(yDomain({ minY: null, maxY: null }, series)).toEqual({ domain: [1, 8], error: null, auto: true });
    expect(yDomain({ minY: 0, maxY: null }, series)).toEqual({ domain: [0, 8], error: null, auto: false });
    expect(yDomain({ minY: 0, maxY: 10 }, series)).toEqual({ domain: [0, 10], error: null, auto: false });
    expect(yDomain({ minY: 10, maxY: 10 }, series)).toEqual({ domain: [1, 8], error: MESSAGES.graphMinMax, auto: true });
    expect(yDomain({ minY: 9, maxY: null }, series).error).toBe('Min must be smaller than max.');
    // A flat line is widened so that it shows.
    expect(yDomain({ minY: null, maxY: null }, [{ ...series[0], points: [{ x: 0, y: 4, outputNo: 0 }] }]).domain).toEqual([3.8, 4.2]);
  });

  it('stands the time indicator at the shown output on the window\'s axis, and nowhere when it is off', () => {
    expect(timeIndicatorX(window.layout, 3, 0.1)).toBe(0.3);
    expect(timeIndicatorX({ ...window.layout, xAxis: 'outputs' }, 3, 0.1)).toBe(3);
    expect(timeIndicatorX({ ...window.layout, timeIndicator: false }, 3, 0.1)).toBeNull();
    expect(timeIndicatorX(window.layout, null, 0.1)).toBeNull();
  });

  it('exports semicolon-separated CSV named after the window', () => {
    expect(chartCsv(window, 0.1)).toBe('time;Mean · Water;Max · Water\r\n0;1;2\r\n0.1;3;\r\n0.2;5;8\r\n');
    expect(chartCsv({ ...window, layout: { ...window.layout, xAxis: 'outputs' } }, 0.1).split('\r\n')[0]).toBe('output;Mean · Water;Max · Water');
    expect(chartFileName(window, 'csv')).toBe('Pressure.csv');
    expect(chartFileName({ layout: { ...window.layout, name: ' Max: pressure / tank ' } }, 'png')).toBe('Max_pressure_tank.png');
    expect(chartFileName({ layout: { ...window.layout, name: '***' } }, 'png')).toBe('chart.png');
  });
});

describe('panel modes', () => {
  it('offers half-screen from 1700 px and forces fullscreen below', () => {
    expect(halfScreenOffered(1700)).toBe(true);
    expect(halfScreenOffered(1699)).toBe(false);
    expect(effectivePanelMode('half', 1699)).toBe('fullscreen');
    expect(effectivePanelMode('half', 1920)).toBe('half');
    expect(effectivePanelMode('minimized', 1200)).toBe('minimized');
    expect(openedPanelMode(1200)).toBe('fullscreen');
    expect(openedPanelMode(1800)).toBe('half');
  });
});
