// A d3 line chart for log values: linear scales with 6 ticks per axis, one line per series in the chart
// colours, axis ranges automatic or fixed, and a hover read-out of the nearest logged point.
import { Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { bisector, extent, line, scaleLinear } from 'd3';
import { useMemo, useState } from 'react';
import { CHART_X_TICKS, CHART_Y_TICKS } from '../../domain/constants.ts';
import type { ChartPoint } from './logSeries.ts';
import { formatNumber } from './logValues.ts';

export interface ChartSeries {
  key: string;
  label: string;
  color: string;
  points: ChartPoint[];
}

interface Props {
  series: ChartSeries[];
  xLabel: string;
  /** Fixed axis ranges; null means automatic (the data's extent). */
  xRange: [number, number] | null;
  yRange: [number, number] | null;
  emptyText: string;
  testId?: string;
}

const MARGIN = { top: 8, right: 14, bottom: 34, left: 56 };
const byX = bisector<ChartPoint, number>((p) => p.x).center;

/** Automatic domain of values: their extent, widened a little when flat so that a line stays visible. */
export function autoDomain(values: Iterable<number>): [number, number] {
  const [lo, hi] = extent(values);
  if (lo === undefined || hi === undefined) return [0, 1];
  if (lo === hi) {
    const pad = lo === 0 ? 1 : Math.abs(lo) * 0.05;
    return [lo - pad, hi + pad];
  }
  return [lo, hi];
}

export function LineChart({ series, xLabel, xRange, yRange, emptyText, testId }: Props) {
  const { ref, width, height } = useElementSize();
  const [hoverX, setHoverX] = useState<number | null>(null);
  const pointCount = series.reduce((n, s) => n + s.points.length, 0);

  const chart = useMemo(() => {
    const innerWidth = Math.max(10, width - MARGIN.left - MARGIN.right);
    const innerHeight = Math.max(10, height - MARGIN.top - MARGIN.bottom);
    const allPoints = series.flatMap((s) => s.points);
    const x = scaleLinear()
      .domain(xRange ?? autoDomain(allPoints.map((p) => p.x)))
      .range([0, innerWidth]);
    const y = scaleLinear()
      .domain(yRange ?? autoDomain(allPoints.map((p) => p.y)))
      .range([innerHeight, 0]);
    if (!yRange) y.nice(CHART_Y_TICKS);
    const path = line<ChartPoint>()
      .defined((p) => Number.isFinite(p.x) && Number.isFinite(p.y))
      .x((p) => x(p.x))
      .y((p) => y(p.y));
    return { x, y, path, innerWidth, innerHeight };
  }, [series, width, height, xRange, yRange]);

  const hovered =
    hoverX === null
      ? []
      : series
          .filter((s) => s.points.length > 0)
          .map((s) => ({ series: s, point: s.points[byX(s.points, chart.x.invert(hoverX))] }));

  return (
    <div ref={ref} style={{ position: 'relative', width: '100%', height: '100%', minHeight: 80 }} data-testid={testId} data-points={pointCount}>
      {pointCount === 0 ? (
        <Text size="sm" c="dimmed" ta="center" style={{ position: 'absolute', top: '45%', width: '100%' }} data-testid="chart-empty">
          {emptyText}
        </Text>
      ) : (
        width > 0 &&
        height > 0 && (
          <svg width={width} height={height} role="img" aria-label={series.map((s) => s.label).join(', ')}>
            <defs>
              <clipPath id={`clip-${testId ?? 'chart'}`}>
                <rect width={chart.innerWidth} height={chart.innerHeight} />
              </clipPath>
            </defs>
            <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
              {chart.y.ticks(CHART_Y_TICKS).map((t) => (
                <g key={`y${t}`} transform={`translate(0,${chart.y(t)})`}>
                  <line x2={chart.innerWidth} stroke="#e9ecef" />
                  <text x={-6} dy="0.32em" textAnchor="end" fontSize={10} fill="#6b7280">
                    {formatNumber(t, 3)}
                  </text>
                </g>
              ))}
              {chart.x.ticks(CHART_X_TICKS).map((t) => (
                <g key={`x${t}`} transform={`translate(${chart.x(t)},${chart.innerHeight})`}>
                  <line y2={4} stroke="#adb5bd" />
                  <text y={15} textAnchor="middle" fontSize={10} fill="#6b7280">
                    {formatNumber(t, 3)}
                  </text>
                </g>
              ))}
              <line y1={chart.innerHeight} x2={chart.innerWidth} y2={chart.innerHeight} stroke="#adb5bd" />
              <text x={chart.innerWidth / 2} y={chart.innerHeight + 30} textAnchor="middle" fontSize={10} fill="#495057">
                {xLabel}
              </text>
              <g clipPath={`url(#clip-${testId ?? 'chart'})`}>
                {series.map((s) => (
                  <path key={s.key} d={chart.path(s.points) ?? ''} fill="none" stroke={s.color} strokeWidth={1.6} data-testid="chart-line" />
                ))}
                {series.map((s) =>
                  s.points.length === 1 ? <circle key={`${s.key}-dot`} cx={chart.x(s.points[0].x)} cy={chart.y(s.points[0].y)} r={3} fill={s.color} /> : null,
                )}
              </g>
              {hovered.map(({ series: s, point }) => (
                <circle key={`h-${s.key}`} cx={chart.x(point.x)} cy={chart.y(point.y)} r={3.5} fill="white" stroke={s.color} strokeWidth={2} />
              ))}
              <rect
                width={chart.innerWidth}
                height={chart.innerHeight}
                fill="transparent"
                onMouseMove={(e) => setHoverX(e.nativeEvent.offsetX - MARGIN.left)}
                onMouseLeave={() => setHoverX(null)}
              />
            </g>
          </svg>
        )
      )}
      {hovered.length > 0 && (
        <div
          style={{
            position: 'absolute', top: 4, right: 8, background: 'rgba(255,255,255,0.92)', border: '1px solid #dee2e6',
            borderRadius: 4, padding: '2px 6px', pointerEvents: 'none', fontSize: 11,
          }}
          data-testid="chart-readout"
        >
          {hovered.map(({ series: s, point }) => (
            <div key={s.key} style={{ color: s.color }}>
              {formatNumber(point.x)} → {formatNumber(point.y)}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
