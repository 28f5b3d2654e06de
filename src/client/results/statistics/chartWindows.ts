// Chart windows of the statistics panel (spec 2 §3 'Chart window', §9 'Charts and statistics'): loaded
// results become datasets of the window of their attribute, and a window's datasets become the series,
// axis domains and time indicator its chart draws.
import { extent } from 'd3';
import { attributeLabelWithUnit, integratedQuantities, integratedQuantityKeys, resultAttributes, type ResultAttributeKey } from '../../../domain/attributes.ts';
import { chartToCsv, chartX, defaultDatasetLayout, type ChartDataset, type ChartLayout, type ChartWindow, type DatasetLayout } from '../../../domain/chart.ts';
import { MESSAGES } from '../../../domain/messages.ts';
import type { StatisticsOperation } from '../../../domain/statistics.ts';
import { operationLabels } from './statisticsConfig.ts';
import type { StatisticsResult } from './statisticsResult.ts';

/** Unit of an integral over the surface an attribute acts on (stress times area is a force). */
function integralUnit(attribute: ResultAttributeKey): string {
  const quantity = integratedQuantityKeys.map((k) => integratedQuantities[k]).find((q) => q.source === attribute);
  return quantity?.unit ?? `${resultAttributes[attribute].unit}·m²`;
}

/** Integrals have another unit than their attribute, so they get a window of their own. */
function isIntegralWindow(window: Pick<ChartWindow, 'datasets'>): boolean {
  return window.datasets.length > 0 && window.datasets.every((d) => d.operation === 'integral');
}

function windowLayout(attribute: ResultAttributeKey, integral: boolean): ChartLayout {
  const { label } = resultAttributes[attribute];
  return {
    name: integral ? `Integral of ${label}` : label,
    xAxis: 'time',
    yLabel: integral ? `Integral of ${label} [${integralUnit(attribute)}]` : attributeLabelWithUnit(attribute),
    minY: null,
    maxY: null,
    interpolation: 'linear',
    timeIndicator: true,
    datasetLayouts: {},
  };
}

/** Legend name of a dataset: 'Mean · Water', 'Max x · Tank, Lid'. */
export function datasetName(op: StatisticsOperation, subAttribute: string | null, selectionLabel: string): string {
  const sub = subAttribute && subAttribute !== 'magnitude' ? ` ${subAttribute}` : '';
  return `${operationLabels[op]}${sub} · ${selectionLabel}`;
}

function sameDataset(a: Pick<ChartDataset, 'operation' | 'attribute' | 'subAttribute' | 'objs'>, b: typeof a): boolean {
  return a.operation === b.operation && a.attribute === b.attribute && a.subAttribute === b.subAttribute && a.objs.length === b.objs.length && a.objs.every((o, i) => o === b.objs[i]);
}

/** Per-output values of one operation as chart points (outputs without a value are left out). */
export function resultPoints(result: StatisticsResult, op: StatisticsOperation): ChartDataset['data'] {
  return Object.keys(result.perOutput)
    .map(Number)
    .sort((a, b) => a - b)
    .flatMap((outputNo) => {
      const y = result.perOutput[outputNo][op];
      return y === null || y === undefined || !Number.isFinite(y) ? [] : [{ x: outputNo, y }];
    });
}

/**
 * The windows after a result came in: one dataset per operation, in the window of its attribute (the
 * integral in one of its own). A dataset of the same operation, attribute, component and objects is
 * replaced in place and keeps its layout; a new one takes the next colour and marker of the palettes.
 */
export function addResultToCharts(windows: readonly ChartWindow[], result: StatisticsResult, makeId: () => string): ChartWindow[] {
  let next = [...windows];
  for (const op of result.operations) {
    const integral = op === 'integral';
    const dataset: ChartDataset = {
      id: makeId(),
      operation: op,
      attribute: result.attribute,
      subAttribute: result.subAttribute,
      objs: [...result.selection],
      data: resultPoints(result, op),
    };
    const at = next.findIndex((w) => w.attribute === result.attribute && isIntegralWindow(w) === integral);
    const window: ChartWindow = at >= 0 ? next[at] : { id: makeId(), attribute: result.attribute, datasets: [], layout: windowLayout(result.attribute, integral) };
    const existing = window.datasets.findIndex((d) => sameDataset(d, dataset));
    let updated: ChartWindow;
    if (existing >= 0) {
      const kept = window.datasets[existing];
      updated = { ...window, datasets: window.datasets.map((d, i) => (i === existing ? { ...dataset, id: kept.id } : d)) };
    } else {
      const layout = defaultDatasetLayout(window.datasets.length, datasetName(op, result.subAttribute, result.selectionLabel));
      updated = {
        ...window,
        datasets: [...window.datasets, dataset],
        layout: { ...window.layout, datasetLayouts: { ...window.layout.datasetLayouts, [dataset.id]: layout } },
      };
    }
    next = at >= 0 ? next.map((w, i) => (i === at ? updated : w)) : [...next, updated];
  }
  return next;
}

/** A window without one of its datasets; a window left without any is removed. */
export function removeDataset(windows: readonly ChartWindow[], windowId: string, datasetId: string): ChartWindow[] {
  return windows.flatMap((w) => {
    if (w.id !== windowId) return [w];
    const datasets = w.datasets.filter((d) => d.id !== datasetId);
    if (datasets.length === 0) return [];
    const datasetLayouts = Object.fromEntries(Object.entries(w.layout.datasetLayouts).filter(([id]) => id !== datasetId));
    return [{ ...w, datasets, layout: { ...w.layout, datasetLayouts } }];
  });
}

export interface ChartSeries {
  id: string;
  layout: DatasetLayout;
  /** x on the window's axis (seconds or output numbers), ascending. */
  points: { x: number; y: number; outputNo: number }[];
}

/** What the chart draws for each dataset: its layout and its points on the chosen x axis. */
export function chartSeries(window: Pick<ChartWindow, 'datasets' | 'layout'>, outputTimeInterval: number): ChartSeries[] {
  return window.datasets.map((d, i) => ({
    id: d.id,
    layout: window.layout.datasetLayouts[d.id] ?? defaultDatasetLayout(i, d.id),
    points: d.data
      .map((p) => ({ x: chartX(p, window.layout.xAxis, outputTimeInterval), y: p.y, outputNo: p.x }))
      .sort((a, b) => a.x - b.x),
  }));
}

export function xAxisLabel(xAxis: ChartLayout['xAxis']): string {
  return xAxis === 'time' ? 'Time [s]' : 'Output';
}

/** Extent of values, widened when flat so that a constant line sits in the middle of the plot. */
export function paddedExtent(values: readonly number[]): [number, number] {
  const [lo, hi] = extent(values);
  if (lo === undefined || hi === undefined) return [0, 1];
  if (lo === hi) {
    const pad = lo === 0 ? 1 : Math.abs(lo) * 0.05;
    return [lo - pad, hi + pad];
  }
  return [lo, hi];
}

export interface AxisDomain {
  domain: [number, number];
  /** The min/max the user typed are not usable ('Min must be smaller than max.'); the automatic range applies. */
  error: string | null;
  /** The domain comes from the data (and may be rounded outwards to nice ticks). */
  auto: boolean;
}

/** Y range: the layout's min and max where set (each side on its own), otherwise the data's. */
export function yDomain(layout: Pick<ChartLayout, 'minY' | 'maxY'>, series: readonly ChartSeries[]): AxisDomain {
  const data = paddedExtent(series.flatMap((s) => s.points.map((p) => p.y)));
  const lo = layout.minY ?? data[0];
  const hi = layout.maxY ?? data[1];
  if (layout.minY !== null && layout.maxY !== null && !(layout.minY < layout.maxY)) return { domain: data, error: MESSAGES.graphMinMax, auto: true };
  if (!(lo < hi)) return { domain: data, error: MESSAGES.graphMinMax, auto: true };
  return { domain: [lo, hi], error: null, auto: layout.minY === null && layout.maxY === null };
}

export function xDomain(series: readonly ChartSeries[]): [number, number] {
  return paddedExtent(series.flatMap((s) => s.points.map((p) => p.x)));
}

/** Where the time indicator stands: the shown output on the window's axis; null when it is off or unknown. */
export function timeIndicatorX(layout: Pick<ChartLayout, 'timeIndicator' | 'xAxis'>, currentOutput: number | null, outputTimeInterval: number): number | null {
  if (!layout.timeIndicator || currentOutput === null) return null;
  return chartX({ x: currentOutput, y: 0 }, layout.xAxis, outputTimeInterval);
}

/** The window's data as the semicolon-separated CSV download (the domain's chart format). */
export function chartCsv(window: Pick<ChartWindow, 'datasets' | 'layout'>, outputTimeInterval: number): string {
  return chartToCsv(window, outputTimeInterval);
}

/** A file name from a window's name: letters, digits, dashes and underscores. */
export function chartFileName(window: Pick<ChartWindow, 'layout'>, extension: 'csv' | 'png'): string {
  const base = window.layout.name.trim().replace(/[^A-Za-z0-9_-]+/g, '_').replace(/^_+|_+$/g, '') || 'chart';
  return `${base}.${extension}`;
}
