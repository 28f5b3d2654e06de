// Statistics charts (spec 2 §3 'Chart window'): datasets of (output, value) points and their layout,
// with the chart constants and the CSV export format.
import { z } from 'zod';
import { numberSchema, nonNegativeIntSchema } from './number.ts';
import { entityIdSchema } from './entity.ts';
import { resultAttributeKeySchema } from './attributes.ts';
import { statisticsOperationSchema } from './statistics.ts';
import { hexColorSchema } from './appearance.ts';
import { CHART_COLORS, CHART_MARKERS } from './constants.ts';
import { CHART_CSV, toCsv } from './csv.ts';

export const lineStyles = ['solid', 'dashed', 'none'] as const;
export const markerStyles = [...CHART_MARKERS, 'none'] as const;
export const chartInterpolations = ['linear', 'monotoneX'] as const;
export const chartXAxes = ['time', 'outputs'] as const;

export const chartPointSchema = z.object({ x: nonNegativeIntSchema, y: numberSchema });
export type ChartPoint = z.infer<typeof chartPointSchema>;

export const chartDatasetSchema = z.object({
  id: entityIdSchema,
  operation: statisticsOperationSchema,
  attribute: resultAttributeKeySchema,
  subAttribute: z.string().nullable(),
  objs: z.array(entityIdSchema),
  /** x is the output number; the time axis multiplies it by the output interval. */
  data: z.array(chartPointSchema),
});
export type ChartDataset = z.infer<typeof chartDatasetSchema>;

export const datasetLayoutSchema = z.object({
  name: z.string(),
  lineStyle: z.enum(lineStyles),
  markerStyle: z.enum(markerStyles),
  color: hexColorSchema,
});
export type DatasetLayout = z.infer<typeof datasetLayoutSchema>;

export const chartLayoutSchema = z.object({
  name: z.string(),
  xAxis: z.enum(chartXAxes),
  yLabel: z.string(),
  minY: numberSchema.nullable(),
  maxY: numberSchema.nullable(),
  interpolation: z.enum(chartInterpolations),
  timeIndicator: z.boolean(),
  datasetLayouts: z.record(z.string(), datasetLayoutSchema),
});
export type ChartLayout = z.infer<typeof chartLayoutSchema>;

export const chartWindowSchema = z.object({
  id: entityIdSchema,
  attribute: resultAttributeKeySchema,
  datasets: z.array(chartDatasetSchema),
  layout: chartLayoutSchema,
});
export type ChartWindow = z.infer<typeof chartWindowSchema>;

/** Layout of the n-th dataset: colours and markers cycle through the chart palettes. */
export function defaultDatasetLayout(index: number, name: string): DatasetLayout {
  return {
    name,
    lineStyle: 'solid',
    markerStyle: CHART_MARKERS[index % CHART_MARKERS.length],
    color: CHART_COLORS[index % CHART_COLORS.length],
  };
}

/**
 * x value of a point on the chosen axis. Times are rounded to 12 significant digits so that output 7 at
 * 0.04 s reads 0.28, not the 0.28000000000000004 of the binary product.
 */
export function chartX(point: ChartPoint, xAxis: ChartLayout['xAxis'], outputTimeInterval: number): number {
  return xAxis === 'time' ? Number((point.x * outputTimeInterval).toPrecision(12)) : point.x;
}

/** Semicolon-separated CSV: one x column, then one column per dataset; missing values stay empty. */
export function chartToCsv(window: Pick<ChartWindow, 'datasets' | 'layout'>, outputTimeInterval: number): string {
  const xs = [...new Set(window.datasets.flatMap((d) => d.data.map((p) => p.x)))].sort((a, b) => a - b);
  const header = [window.layout.xAxis === 'time' ? 'time' : 'output', ...window.datasets.map((d) => window.layout.datasetLayouts[d.id]?.name ?? d.id)];
  const rows = xs.map((x) => [chartX({ x, y: 0 }, window.layout.xAxis, outputTimeInterval), ...window.datasets.map((d) => d.data.find((q) => q.x === x)?.y)]);
  return toCsv([header, ...rows], CHART_CSV);
}
