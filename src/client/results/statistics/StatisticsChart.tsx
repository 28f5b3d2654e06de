// One chart window drawn with d3 scales, curves and symbols into an SVG (spec 2 §3 'Chart window', §9):
// x on time or outputs and y with 6 ticks each, the window's name and labels, min/max Y, linear or
// monotoneX curves, solid/dashed/no lines, dot/triangle/square/cross markers, the time indicator at the
// shown output, and the legend. The SVG has a white background of its own so that it exports as a PNG.
import { curveLinear, curveMonotoneX, line, scaleLinear, symbol, symbolCircle, symbolCross, symbolSquare, symbolTriangle, type SymbolType } from 'd3';
import { useMemo, type Ref } from 'react';
import { CHART_X_TICKS, CHART_Y_TICKS } from '../../../domain/constants.ts';
import type { ChartWindow, DatasetLayout } from '../../../domain/chart.ts';
import { MESSAGES } from '../../../domain/messages.ts';
import { formatRangeValue } from '../../viewer/colormap.ts';
import { chartSeries, timeIndicatorX, xAxisLabel, xDomain, yDomain, type ChartSeries } from './chartWindows.ts';

const SYMBOLS: Record<Exclude<DatasetLayout['markerStyle'], 'none'>, SymbolType> = {
  dot: symbolCircle,
  triangle: symbolTriangle,
  square: symbolSquare,
  cross: symbolCross,
};

const FONT = 'Inter, Segoe UI, Helvetica, Arial, sans-serif';
const MARGIN = { top: 30, right: 18, left: 70 };
const AXIS_BOTTOM = 40;
const LEGEND_ROW = 18;
const MARKER_SIZE = 42;

interface Props {
  window: ChartWindow;
  outputTimeInterval: number;
  currentOutput: number | null;
  width: number;
  height: number;
  /** The SVG element, for the PNG export. */
  ref?: Ref<SVGSVGElement>;
}

/** Legend items placed left to right, wrapping into rows (text width estimated from its length). */
function legendLayout(series: readonly ChartSeries[], width: number): { x: number; row: number }[] {
  const places: { x: number; row: number }[] = [];
  let x = 0;
  let row = 0;
  for (const s of series) {
    const itemWidth = 34 + s.layout.name.length * 6.4 + 18;
    if (x > 0 && x + itemWidth > width) {
      x = 0;
      row += 1;
    }
    places.push({ x, row });
    x += itemWidth;
  }
  return places;
}

function Marker({ style, color, x, y }: { style: DatasetLayout['markerStyle']; color: string; x: number; y: number }) {
  if (style === 'none') return null;
  const path = symbol(SYMBOLS[style], MARKER_SIZE)() ?? '';
  return <path d={path} transform={`translate(${x},${y})${style === 'cross' ? ' rotate(45)' : ''}`} fill={color} stroke="white" strokeWidth={0.6} />;
}

export function StatisticsChart({ window, outputTimeInterval, currentOutput, width, height, ref }: Props) {
  const chart = useMemo(() => {
    const series = chartSeries(window, outputTimeInterval);
    const legend = legendLayout(series, Math.max(100, width - MARGIN.left - MARGIN.right));
    const legendRows = legend.length > 0 ? legend[legend.length - 1].row + 1 : 0;
    const bottom = AXIS_BOTTOM + legendRows * LEGEND_ROW + 6;
    const innerWidth = Math.max(20, width - MARGIN.left - MARGIN.right);
    const innerHeight = Math.max(20, height - MARGIN.top - bottom);
    const y = yDomain(window.layout, series);
    const yScale = scaleLinear().domain(y.domain).range([innerHeight, 0]);
    if (y.auto) yScale.nice(CHART_Y_TICKS);
    const xScale = scaleLinear().domain(xDomain(series)).range([0, innerWidth]);
    const curve = window.layout.interpolation === 'monotoneX' ? curveMonotoneX : curveLinear;
    const path = line<{ x: number; y: number }>()
      .curve(curve)
      .x((p) => xScale(p.x))
      .y((p) => yScale(p.y));
    const indicator = timeIndicatorX(window.layout, currentOutput, outputTimeInterval);
    const [x0, x1] = xScale.domain();
    return {
      series, legend, innerWidth, innerHeight, xScale, yScale, path, yError: y.error,
      indicator: indicator !== null && indicator >= x0 && indicator <= x1 ? xScale(indicator) : null,
      pointCount: series.reduce((n, s) => n + s.points.length, 0),
    };
  }, [window, outputTimeInterval, currentOutput, width, height]);

  const clipId = `statistics-clip-${window.id}`;
  const xTicks = chart.xScale.ticks(CHART_X_TICKS);
  // Outputs are whole numbers: no ticks between them.
  const shownXTicks = window.layout.xAxis === 'outputs' ? xTicks.filter((t) => Number.isInteger(t)) : xTicks;

  return (
    <svg
      ref={ref}
      xmlns="http://www.w3.org/2000/svg"
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={window.layout.name}
      data-testid="statistics-chart"
      data-points={chart.pointCount}
      style={{ display: 'block', fontFamily: FONT }}
    >
      <rect width={width} height={height} fill="white" />
      <text x={MARGIN.left} y={18} fontSize={13} fontWeight={600} fill="#212529" data-testid="chart-title">
        {window.layout.name}
      </text>
      {chart.yError && (
        <text x={width - MARGIN.right - 110} y={18} fontSize={11} textAnchor="end" fill="#c92a2a" data-testid="chart-range-error">
          {chart.yError}
        </text>
      )}
      <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
        <defs>
          <clipPath id={clipId}>
            <rect x={-6} y={-6} width={chart.innerWidth + 12} height={chart.innerHeight + 12} />
          </clipPath>
        </defs>
        {chart.yScale.ticks(CHART_Y_TICKS).map((t) => (
          <g key={`y${t}`} transform={`translate(0,${chart.yScale(t)})`}>
            <line x2={chart.innerWidth} stroke="#e9ecef" />
            <text x={-8} dy="0.32em" textAnchor="end" fontSize={10} fill="#495057">
              {formatRangeValue(t, 4)}
            </text>
          </g>
        ))}
        {shownXTicks.map((t) => (
          <g key={`x${t}`} transform={`translate(${chart.xScale(t)},${chart.innerHeight})`}>
            <line y2={5} stroke="#868e96" />
            <text y={17} textAnchor="middle" fontSize={10} fill="#495057">
              {formatRangeValue(t, 4)}
            </text>
          </g>
        ))}
        <line y2={chart.innerHeight} stroke="#868e96" />
        <line y1={chart.innerHeight} x2={chart.innerWidth} y2={chart.innerHeight} stroke="#868e96" />
        <text x={chart.innerWidth / 2} y={chart.innerHeight + 33} textAnchor="middle" fontSize={11} fill="#343a40" data-testid="chart-x-label">
          {xAxisLabel(window.layout.xAxis)}
        </text>
        <text
          transform={`translate(${-MARGIN.left + 14},${chart.innerHeight / 2}) rotate(-90)`}
          textAnchor="middle"
          fontSize={11}
          fill="#343a40"
          data-testid="chart-y-label"
        >
          {window.layout.yLabel}
        </text>
        {chart.pointCount === 0 && (
          <text x={chart.innerWidth / 2} y={chart.innerHeight / 2} textAnchor="middle" fontSize={12} fill="#868e96" data-testid="chart-empty">
            {MESSAGES.noChartData}
          </text>
        )}
        <g clipPath={`url(#${clipId})`}>
          {chart.indicator !== null && (
            <line x1={chart.indicator} x2={chart.indicator} y2={chart.innerHeight} stroke="#444444" strokeWidth={1.2} strokeDasharray="2 3" data-testid="chart-time-indicator" />
          )}
          {chart.series.map((s) =>
            s.layout.lineStyle === 'none' ? null : (
              <path
                key={s.id}
                d={chart.path(s.points) ?? ''}
                fill="none"
                stroke={s.layout.color}
                strokeWidth={1.8}
                strokeDasharray={s.layout.lineStyle === 'dashed' ? '6 4' : undefined}
                data-testid="chart-series"
                data-points={s.points.length}
              />
            ),
          )}
          {chart.series.map((s) => (
            <g key={`${s.id}-markers`} data-testid="chart-markers" data-marker={s.layout.markerStyle}>
              {s.points.map((p) => (
                <Marker key={p.outputNo} style={s.layout.markerStyle} color={s.layout.color} x={chart.xScale(p.x)} y={chart.yScale(p.y)} />
              ))}
            </g>
          ))}
        </g>
        <g transform={`translate(0,${chart.innerHeight + AXIS_BOTTOM + 4})`} data-testid="chart-legend">
          {chart.series.map((s, i) => {
            const place = chart.legend[i];
            return (
              <g key={s.id} transform={`translate(${place.x},${place.row * LEGEND_ROW})`}>
                {s.layout.lineStyle !== 'none' && (
                  <line x2={26} stroke={s.layout.color} strokeWidth={1.8} strokeDasharray={s.layout.lineStyle === 'dashed' ? '6 4' : undefined} />
                )}
                <Marker style={s.layout.markerStyle} color={s.layout.color} x={13} y={0} />
                <text x={32} dy="0.32em" fontSize={11} fill="#343a40">
                  {s.layout.name}
                </text>
              </g>
            );
          })}
        </g>
      </g>
    </svg>
  );
}
