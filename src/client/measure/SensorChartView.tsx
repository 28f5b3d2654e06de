// A sensor's values over the outputs of the run as a chart (the statistics panel's chart), for any sensor
// and any quantity it offers, with the shown output marked and CSV and PNG downloads.
import { ActionIcon, Group, Select, Stack, Text, Tooltip } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useMemo, useRef, useState } from 'react';
import { chartToCsv } from '../../domain/chart.ts';
import type { CustomSensor } from '../../domain/postprocessing.ts';
import { chartPng, saveCsv, saveFile } from '../results/statistics/chartExport.ts';
import { chartFileName } from '../results/statistics/chartWindows.ts';
import { StatisticsChart } from '../results/statistics/StatisticsChart.tsx';
import { Icon } from '../ui/Icon.tsx';
import { showError } from '../ui/toast.ts';
import { sensorChartWindow, sensorQuantityOptions } from './sensorCharts.ts';

interface Props {
  sensors: readonly CustomSensor[];
  initialSensorId: string | null;
  outputTimeInterval: number;
  currentOutput: number | null;
  height?: number;
}

export function SensorChartView({ sensors, initialSensorId, outputTimeInterval, currentOutput, height = 320 }: Props) {
  const [sensorId, setSensorId] = useState<string | null>(initialSensorId ?? sensors[0]?.sensor.id ?? null);
  const entry = sensors.find((s) => s.sensor.id === sensorId) ?? sensors[0] ?? null;
  const options = useMemo(() => (entry ? sensorQuantityOptions(entry.sensor) : []), [entry]);
  const [quantityKey, setQuantityKey] = useState<string | null>(null);
  const option = options.find((o) => o.key === quantityKey) ?? options[0] ?? null;
  const window = useMemo(() => (entry && option ? sensorChartWindow(entry, option) : null), [entry, option]);
  const { ref, width } = useElementSize();
  const svg = useRef<SVGSVGElement>(null);

  if (sensors.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="sensor-chart-empty">
        The setup has no sensors.
      </Text>
    );
  }

  const exportPng = async () => {
    if (!svg.current || !window) return;
    try {
      saveFile(await chartPng(svg.current), chartFileName(window, 'png'));
    } catch (error) {
      showError('Exporting the chart failed', error instanceof Error ? error.message : String(error));
    }
  };

  const points = window?.datasets[0]?.data.length ?? 0;
  return (
    <Stack gap="xs" data-testid="sensor-chart" data-sensor={entry?.sensor.id ?? ''} data-quantity={option?.key ?? ''} data-points={points}>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Select
          label="Sensor"
          size="xs"
          data={sensors.map((s) => ({ value: s.sensor.id, label: s.sensor.name }))}
          value={entry?.sensor.id ?? null}
          allowDeselect={false}
          onChange={(value) => {
            setSensorId(value);
            setQuantityKey(null);
          }}
          comboboxProps={{ withinPortal: true }}
          data-testid="sensor-chart-sensor"
          style={{ flex: 1 }}
        />
        <Select
          label="Quantity"
          size="xs"
          data={options.map((o) => ({ value: o.key, label: o.label }))}
          value={option?.key ?? null}
          allowDeselect={false}
          onChange={setQuantityKey}
          comboboxProps={{ withinPortal: true }}
          data-testid="sensor-chart-quantity"
          style={{ flex: 1.3 }}
        />
        <Tooltip label="Download as CSV">
          <ActionIcon variant="subtle" aria-label="Download as CSV" disabled={!window} data-testid="sensor-chart-csv"
            onClick={() => window && saveCsv(chartToCsv(window, outputTimeInterval), chartFileName(window, 'csv'))}>
            <Icon name="download" size={16} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Download as PNG">
          <ActionIcon variant="subtle" aria-label="Download as PNG" disabled={!window} onClick={() => void exportPng()} data-testid="sensor-chart-png">
            <Icon name="image" size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
      {entry && entry.results.length === 0 && (
        <Text size="xs" c="dimmed" data-testid="sensor-chart-no-results">
          No computed results for this sensor yet: Compute Sensors computes it for every output.
        </Text>
      )}
      <div ref={ref} style={{ width: '100%', height }}>
        {window && width > 0 && <StatisticsChart ref={svg} window={window} outputTimeInterval={outputTimeInterval} currentOutput={currentOutput} width={width} height={height} />}
      </div>
    </Stack>
  );
}
