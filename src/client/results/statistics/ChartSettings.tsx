// Layout of one chart window (spec 2 §3 'Chart window'): name, x axis (time or outputs), y label, min and
// max Y (empty: automatic), linear or monotoneX curve, time indicator, and per dataset its name, line
// style, marker style and colour (7-character hex only) or its removal.
import { ActionIcon, ColorInput, Divider, Group, NativeSelect, NumberInput, SegmentedControl, Stack, Switch, Text, TextInput } from '@mantine/core';
import { hexColorSchema } from '../../../domain/appearance.ts';
import { lineStyles, markerStyles, type ChartWindow } from '../../../domain/chart.ts';
import { CHART_COLORS } from '../../../domain/constants.ts';
import { MESSAGES } from '../../../domain/messages.ts';
import { Icon } from '../../ui/Icon.tsx';
import { useStatisticsStore } from './store.ts';

const LINE_LABELS: Record<(typeof lineStyles)[number], string> = { solid: 'Solid', dashed: 'Dashed', none: 'None' };
const MARKER_LABELS: Record<(typeof markerStyles)[number], string> = { dot: 'Dot', triangle: 'Triangle', square: 'Square', cross: 'Cross', none: 'None' };

/** A typed bound: a number, or null for automatic when the field is cleared. */
function bound(value: string | number): number | null {
  if (value === '' || value === '-') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

export function ChartSettings({ window }: { window: ChartWindow }) {
  const setLayout = useStatisticsStore((s) => s.setLayout);
  const setDatasetLayout = useStatisticsStore((s) => s.setDatasetLayout);
  const removeDataset = useStatisticsStore((s) => s.removeDataset);
  const { layout } = window;
  const rangeError = layout.minY !== null && layout.maxY !== null && !(layout.minY < layout.maxY) ? MESSAGES.graphMinMax : null;

  return (
    <Stack gap={8} w={340} data-testid="chart-settings">
      <TextInput size="xs" label="Name" value={layout.name} onChange={(e) => setLayout(window.id, { name: e.currentTarget.value })} data-testid="chart-name" />
      <Group gap={8} grow align="flex-end">
        <Stack gap={2}>
          <Text size="xs" fw={500}>
            X axis
          </Text>
          <SegmentedControl
            size="xs"
            value={layout.xAxis}
            onChange={(v) => setLayout(window.id, { xAxis: v === 'outputs' ? 'outputs' : 'time' })}
            data={[
              { value: 'time', label: 'Time' },
              { value: 'outputs', label: 'Outputs' },
            ]}
            data-testid="chart-x-axis"
          />
        </Stack>
        <Stack gap={2}>
          <Text size="xs" fw={500}>
            Curve
          </Text>
          <SegmentedControl
            size="xs"
            value={layout.interpolation}
            onChange={(v) => setLayout(window.id, { interpolation: v === 'monotoneX' ? 'monotoneX' : 'linear' })}
            data={[
              { value: 'linear', label: 'Linear' },
              { value: 'monotoneX', label: 'Monotone' },
            ]}
            data-testid="chart-interpolation"
          />
        </Stack>
      </Group>
      <TextInput size="xs" label="Y label" value={layout.yLabel} onChange={(e) => setLayout(window.id, { yLabel: e.currentTarget.value })} data-testid="chart-y-label-input" />
      <Group gap={8} grow>
        <NumberInput
          size="xs"
          label="Min Y"
          placeholder="auto"
          value={layout.minY ?? ''}
          onChange={(v) => setLayout(window.id, { minY: bound(v) })}
          error={rangeError !== null}
          data-testid="chart-min-y"
        />
        <NumberInput
          size="xs"
          label="Max Y"
          placeholder="auto"
          value={layout.maxY ?? ''}
          onChange={(v) => setLayout(window.id, { maxY: bound(v) })}
          error={rangeError}
          data-testid="chart-max-y"
        />
      </Group>
      <Switch
        size="xs"
        label="Time indicator at the shown output"
        checked={layout.timeIndicator}
        onChange={(e) => setLayout(window.id, { timeIndicator: e.currentTarget.checked })}
        data-testid="chart-time-indicator-switch"
      />
      <Divider label="Datasets" labelPosition="left" />
      {window.datasets.map((d) => {
        const dl = layout.datasetLayouts[d.id];
        if (!dl) return null;
        return (
          <Stack key={d.id} gap={4} data-testid="chart-dataset-settings">
            <Group gap={6} wrap="nowrap">
              <TextInput size="xs" style={{ flex: 1 }} aria-label="Dataset name" value={dl.name} onChange={(e) => setDatasetLayout(window.id, d.id, { name: e.currentTarget.value })} />
              <ActionIcon variant="subtle" color="red" size="sm" aria-label="Remove dataset" onClick={() => removeDataset(window.id, d.id)} data-testid="chart-dataset-remove">
                <Icon name="trash" size={14} />
              </ActionIcon>
            </Group>
            <Group gap={6} grow wrap="nowrap">
              <NativeSelect
                size="xs"
                aria-label="Line style"
                value={dl.lineStyle}
                onChange={(e) => setDatasetLayout(window.id, d.id, { lineStyle: lineStyles.find((s) => s === e.currentTarget.value) ?? 'solid' })}
                data={lineStyles.map((s) => ({ value: s, label: `Line: ${LINE_LABELS[s]}` }))}
                data-testid="chart-line-style"
              />
              <NativeSelect
                size="xs"
                aria-label="Marker style"
                value={dl.markerStyle}
                onChange={(e) => setDatasetLayout(window.id, d.id, { markerStyle: markerStyles.find((s) => s === e.currentTarget.value) ?? 'none' })}
                data={markerStyles.map((s) => ({ value: s, label: `Marker: ${MARKER_LABELS[s]}` }))}
                data-testid="chart-marker-style"
              />
              <ColorInput
                size="xs"
                aria-label="Colour"
                format="hex"
                swatches={[...CHART_COLORS]}
                swatchesPerRow={5}
                // Uncontrolled while typing; a complete 7-character hex colour is applied (and remounts it).
                key={dl.color}
                defaultValue={dl.color}
                onChange={(value) => {
                  if (hexColorSchema.safeParse(value).success) setDatasetLayout(window.id, d.id, { color: value.toUpperCase() });
                }}
                data-testid="chart-color"
              />
            </Group>
          </Stack>
        );
      })}
    </Stack>
  );
}
