// Preview of an acceleration file: ax, ay and az over time as three lines (d3 scales and paths), with
// axes, a legend, and at most a few hundred points per line however long the file is.
import { Group, Text } from '@mantine/core';
import { line, scaleLinear } from 'd3';
import { useMemo } from 'react';
import type { AccelerationSamples } from '../../../../domain/accelerationFile.ts';
import { plotIndices } from './plotIndices.ts';

const WIDTH = 352;
const HEIGHT = 170;
const MARGIN = { top: 8, right: 10, bottom: 28, left: 44 };
const SERIES = [
  { key: 'ax', label: 'ax', color: '#e03131' },
  { key: 'ay', label: 'ay', color: '#2f9e44' },
  { key: 'az', label: 'az', color: '#1971c2' },
] as const;

export function AccelerationPlot({ samples }: { samples: AccelerationSamples }) {
  const chart = useMemo(() => {
    const indices = plotIndices(samples.time.length);
    const innerWidth = WIDTH - MARGIN.left - MARGIN.right;
    const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
    const t0 = samples.time[0];
    const t1 = samples.time[samples.time.length - 1];
    const values = SERIES.flatMap((s) => indices.map((i) => samples[s.key][i]));
    let lo = Math.min(0, ...values);
    let hi = Math.max(0, ...values);
    if (lo === hi) {
      lo -= 1;
      hi += 1;
    }
    const x = scaleLinear().domain([t0, t1]).range([0, innerWidth]);
    const y = scaleLinear().domain([lo, hi]).range([innerHeight, 0]).nice(5);
    const paths = SERIES.map((s) => ({
      ...s,
      d: line<number>()
        .x((i) => x(samples.time[i]))
        .y((i) => y(samples[s.key][i]))(indices) ?? '',
    }));
    return { x, y, paths, innerWidth, innerHeight };
  }, [samples]);

  return (
    <div data-testid="acceleration-plot" data-points={samples.time.length}>
      <svg width={WIDTH} height={HEIGHT} role="img" aria-label="Acceleration over time" style={{ display: 'block', maxWidth: '100%' }}>
        <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
          {chart.y.ticks(5).map((tick) => (
            <g key={`y${tick}`} transform={`translate(0,${chart.y(tick)})`}>
              <line x2={chart.innerWidth} stroke={tick === 0 ? '#868e96' : '#e9ecef'} />
              <text x={-6} dy="0.32em" textAnchor="end" fontSize={10} fill="#868e96">
                {tick}
              </text>
            </g>
          ))}
          {chart.x.ticks(5).map((tick) => (
            <g key={`x${tick}`} transform={`translate(${chart.x(tick)},${chart.innerHeight})`}>
              <line y2={4} stroke="#868e96" />
              <text y={15} textAnchor="middle" fontSize={10} fill="#868e96">
                {tick}
              </text>
            </g>
          ))}
          <line y1={chart.innerHeight} y2={chart.innerHeight} x2={chart.innerWidth} stroke="#868e96" />
          {chart.paths.map((p) => (
            <path key={p.key} d={p.d} fill="none" stroke={p.color} strokeWidth={1.5} data-testid={`acceleration-line-${p.key}`} />
          ))}
          <text x={chart.innerWidth} y={chart.innerHeight + 26} textAnchor="end" fontSize={10} fill="#868e96">
            time (s)
          </text>
          <text transform="rotate(-90)" x={0} y={-34} textAnchor="end" fontSize={10} fill="#868e96">
            m/s²
          </text>
        </g>
      </svg>
      <Group gap="md" justify="center">
        {SERIES.map((s) => (
          <Group key={s.key} gap={4}>
            <span style={{ width: 12, height: 2, background: s.color, display: 'inline-block' }} />
            <Text size="xs">{s.label}</Text>
          </Group>
        ))}
      </Group>
    </div>
  );
}
