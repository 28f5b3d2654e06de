// Plot tab of the data table modal: the table's value column (its last) over a chosen column, as points
// joined in the order of that column (d3 scales and paths). Rows with a cell that is no number are left out.
import { SegmentedControl, Stack, Text } from '@mantine/core';
import { line, scaleLinear } from 'd3';
import { useMemo, useState } from 'react';
import { draftValues, type TableDraft } from './tableDraft.ts';

const WIDTH = 620;
const HEIGHT = 260;
const MARGIN = { top: 10, right: 14, bottom: 34, left: 56 };

function padded(values: number[]): [number, number] {
  let lo = Math.min(...values);
  let hi = Math.max(...values);
  if (lo === hi) {
    lo -= Math.abs(lo) * 0.1 || 1;
    hi += Math.abs(hi) * 0.1 || 1;
  }
  return [lo, hi];
}

export function DataTablePlot({ draft }: { draft: TableDraft }) {
  const valueColumn = draft.headers.length - 1;
  const axes = draft.headers.slice(0, Math.max(valueColumn, 0));
  const [axis, setAxis] = useState(0);
  const chart = useMemo(() => {
    const values = draftValues(draft);
    const points = values
      .map((row) => ({ x: row[axis], y: row[valueColumn] }))
      .filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y))
      .sort((a, b) => a.x - b.x);
    if (points.length === 0) return null;
    const innerWidth = WIDTH - MARGIN.left - MARGIN.right;
    const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
    const x = scaleLinear().domain(padded(points.map((p) => p.x))).range([0, innerWidth]).nice(6);
    const y = scaleLinear().domain(padded(points.map((p) => p.y))).range([innerHeight, 0]).nice(6);
    const d = line<{ x: number; y: number }>().x((p) => x(p.x)).y((p) => y(p.y))(points) ?? '';
    return { x, y, d, points, innerWidth, innerHeight };
  }, [draft, axis, valueColumn]);

  if (valueColumn < 1) return <Text size="sm" c="dimmed">The table has no columns to plot.</Text>;
  return (
    <Stack gap="xs" data-testid="data-table-plot" data-points={chart?.points.length ?? 0}>
      <SegmentedControl size="xs" value={String(axis)} onChange={(v) => setAxis(Number(v))} data={axes.map((h, i) => ({ value: String(i), label: h }))} />
      {chart === null ? (
        <Text size="sm" c="dimmed" data-testid="data-table-plot-empty">
          No rows with numbers to plot yet.
        </Text>
      ) : (
        <svg width="100%" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={`${draft.headers[valueColumn]} over ${draft.headers[axis]}`} style={{ display: 'block' }}>
          <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
            {chart.y.ticks(6).map((t) => (
              <g key={`y${t}`} transform={`translate(0,${chart.y(t)})`}>
                <line x2={chart.innerWidth} stroke="#e9ecef" />
                <text x={-6} dy="0.32em" textAnchor="end" fontSize={10} fill="#495057">
                  {t}
                </text>
              </g>
            ))}
            {chart.x.ticks(6).map((t) => (
              <g key={`x${t}`} transform={`translate(${chart.x(t)},${chart.innerHeight})`}>
                <line y2={4} stroke="#868e96" />
                <text y={16} textAnchor="middle" fontSize={10} fill="#495057">
                  {t}
                </text>
              </g>
            ))}
            <line y1={chart.innerHeight} y2={chart.innerHeight} x2={chart.innerWidth} stroke="#868e96" />
            <line y2={chart.innerHeight} stroke="#868e96" />
            <path d={chart.d} fill="none" stroke="#2D69B2" strokeWidth={1.6} />
            {chart.points.map((p, i) => (
              <circle key={i} cx={chart.x(p.x)} cy={chart.y(p.y)} r={3} fill="#2D69B2" />
            ))}
            <text x={chart.innerWidth / 2} y={chart.innerHeight + 30} textAnchor="middle" fontSize={11} fill="#343a40">
              {draft.headers[axis]}
            </text>
            <text transform={`translate(${-44},${chart.innerHeight / 2}) rotate(-90)`} textAnchor="middle" fontSize={11} fill="#343a40">
              {draft.headers[valueColumn]}
            </text>
          </g>
        </svg>
      )}
    </Stack>
  );
}
