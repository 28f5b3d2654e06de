// The credit history as a d3 bar chart: one bar per day, week or month, stacked by credit sequence in
// the palette's colours, a y axis of credits with 6 ticks, and the credits of a segment on hover.
import { Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { max, scaleBand, scaleLinear } from 'd3';
import { useMemo } from 'react';
import { CHART_Y_TICKS } from '../../../domain/constants.ts';
import type { CreditHistoryGroup } from '../../../domain/creditQueries.ts';
import { formatCredits } from '../../ui/format.ts';
import { bucketLabel, type ChartBar, type ChartSeries } from './budgetModel.ts';

interface CreditHistoryChartProps {
  bars: readonly ChartBar[];
  series: readonly ChartSeries[];
  groupBy: CreditHistoryGroup;
  height?: number;
}

const MARGIN = { top: 10, right: 12, bottom: 28, left: 64 };
/** At most this many bucket labels along the x axis; the others are skipped evenly. */
const MAX_X_LABELS = 12;

export function CreditHistoryChart({ bars, series, groupBy, height = 260 }: CreditHistoryChartProps) {
  const { ref, width } = useElementSize();
  const colours = useMemo(() => new Map(series.map((s) => [s.key, s])), [series]);

  const chart = useMemo(() => {
    const innerWidth = Math.max(10, width - MARGIN.left - MARGIN.right);
    const innerHeight = Math.max(10, height - MARGIN.top - MARGIN.bottom);
    const x = scaleBand<string>()
      .domain(bars.map((b) => b.date))
      .range([0, innerWidth])
      .paddingInner(0.2)
      .paddingOuter(0.1);
    const y = scaleLinear()
      .domain([0, max(bars, (b) => b.total) || 1])
      .range([innerHeight, 0])
      .nice(CHART_Y_TICKS);
    const labelEvery = Math.max(1, Math.ceil(bars.length / MAX_X_LABELS));
    // d3 picks the precision the tick step needs, so that small consumptions do not all read 0.00.
    const tickLabel = y.tickFormat(CHART_Y_TICKS, ',');
    return { innerWidth, innerHeight, x, y, labelEvery, tickLabel };
  }, [bars, width, height]);

  const { x, y, innerWidth, innerHeight, labelEvery, tickLabel } = chart;
  return (
    <div ref={ref} style={{ width: '100%', height }} data-testid="credit-history-chart">
      {width > 0 && (
        <svg width={width} height={height} role="img" aria-label="Credits consumed per period">
          <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
            {y.ticks(CHART_Y_TICKS).map((tick) => (
              <g key={tick} transform={`translate(0,${y(tick)})`}>
                <line x2={innerWidth} stroke="var(--mantine-color-gray-3)" strokeDasharray={tick === 0 ? undefined : '3 3'} />
                <text x={-8} dy="0.32em" textAnchor="end" fontSize={11} fill="var(--mantine-color-dimmed)">
                  {tickLabel(tick)}
                </text>
              </g>
            ))}
            {bars.map((bar, index) => (
              <g key={bar.date} transform={`translate(${x(bar.date) ?? 0},0)`} data-testid="credit-history-bar" data-date={bar.date} data-total={bar.total}>
                {bar.segments.map((segment) => {
                  const s = colours.get(segment.key);
                  return (
                    <rect key={segment.key} y={y(segment.y1)} width={x.bandwidth()} height={Math.max(0, y(segment.y0) - y(segment.y1))} fill={s?.color} rx={1}>
                      <title>{`${bucketLabel(bar.date, groupBy)} · ${s?.label ?? ''}: ${formatCredits(segment.credits)} credits`}</title>
                    </rect>
                  );
                })}
                {index % labelEvery === 0 && (
                  <text x={x.bandwidth() / 2} y={innerHeight + 18} textAnchor="middle" fontSize={11} fill="var(--mantine-color-dimmed)">
                    {bucketLabel(bar.date, groupBy)}
                  </text>
                )}
              </g>
            ))}
          </g>
        </svg>
      )}
      {width === 0 && <Text size="sm">…</Text>}
    </div>
  );
}
