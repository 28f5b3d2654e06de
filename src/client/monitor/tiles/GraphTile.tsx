// Graph tile: the tile's log values against simulated time or runtime (the dashboard's unit switch),
// with the tile's axis ranges where they are not automatic.
import { CHART_COLORS } from '../../../domain/constants.ts';
import type { DashboardTile, GraphUnit } from '../../../domain/dashboard.ts';
import { LineChart, type ChartSeries } from '../LineChart.tsx';
import { graphPoints, type LogSeries } from '../logSeries.ts';
import { GRAPH_UNIT_LABEL, LOG_VALUE_INFO, displayLogValue } from '../logValues.ts';
import type { TileProps } from './tileProps.ts';

export function graphSeries(tile: Pick<DashboardTile, 'logValues'>, series: LogSeries, unit: GraphUnit): ChartSeries[] {
  return tile.logValues.map((key, i) => ({
    key,
    label: LOG_VALUE_INFO[key].label,
    color: CHART_COLORS[i % CHART_COLORS.length],
    points: graphPoints(series, key, unit).map((p) => ({ x: p.x, y: displayLogValue(key, p.y) })),
  }));
}

export function axisRange(auto: boolean, min: number | null, max: number | null): [number, number] | null {
  return !auto && min !== null && max !== null && min < max ? [min, max] : null;
}

export function GraphTile({ tile, log, graphUnit, simulation }: TileProps) {
  const empty = !log.loaded
    ? 'Reading the log…'
    : log.error
      ? `The log could not be read: ${log.error}`
      : simulation.state === 'not_started'
        ? 'No values yet: the simulation has not run.'
        : 'No values logged yet.';
  return (
    <LineChart
      testId={`graph-${tile.id}`}
      series={graphSeries(tile, log.series, graphUnit)}
      xLabel={GRAPH_UNIT_LABEL[graphUnit]}
      xRange={axisRange(tile.xAuto, tile.xMin, tile.xMax)}
      yRange={axisRange(tile.yAuto, tile.yMin, tile.yMax)}
      emptyText={empty}
    />
  );
}
