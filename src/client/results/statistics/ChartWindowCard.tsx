// One chart window of the statistics panel: its chart at the card's size, its layout settings, and the
// CSV (semicolon separated) and PNG (white background) downloads.
import { ActionIcon, Group, Paper, Popover, Tooltip } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useRef, useState } from 'react';
import type { ChartWindow } from '../../../domain/chart.ts';
import { Icon } from '../../ui/Icon.tsx';
import { showError } from '../../ui/toast.ts';
import { ChartSettings } from './ChartSettings.tsx';
import { chartPng, saveCsv, saveFile } from './chartExport.ts';
import { chartCsv, chartFileName } from './chartWindows.ts';
import { StatisticsChart } from './StatisticsChart.tsx';
import { useStatisticsStore } from './store.ts';

interface Props {
  window: ChartWindow;
  outputTimeInterval: number;
  currentOutput: number | null;
  height: number;
}

export function ChartWindowCard({ window, outputTimeInterval, currentOutput, height }: Props) {
  const { ref, width } = useElementSize();
  const svg = useRef<SVGSVGElement>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const removeWindow = useStatisticsStore((s) => s.removeWindow);

  const exportPng = async () => {
    if (!svg.current) return;
    try {
      saveFile(await chartPng(svg.current), chartFileName(window, 'png'));
    } catch (error) {
      showError('Exporting the chart failed', error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <Paper withBorder radius="sm" p={4} data-testid="chart-window" data-attribute={window.attribute} style={{ position: 'relative', minWidth: 0 }}>
      <Group gap={2} style={{ position: 'absolute', top: 6, right: 6, zIndex: 1 }}>
        <Popover opened={settingsOpen} onChange={setSettingsOpen} position="bottom-end" shadow="md" withinPortal trapFocus={false}>
          <Popover.Target>
            <Tooltip label="Chart settings">
              <ActionIcon variant="subtle" size="sm" aria-label="Chart settings" onClick={() => setSettingsOpen((o) => !o)} data-testid="chart-settings-toggle">
                <Icon name="settings" size={15} />
              </ActionIcon>
            </Tooltip>
          </Popover.Target>
          <Popover.Dropdown>
            <ChartSettings window={window} />
          </Popover.Dropdown>
        </Popover>
        <Tooltip label="Download as CSV">
          <ActionIcon variant="subtle" size="sm" aria-label="Download as CSV" onClick={() => saveCsv(chartCsv(window, outputTimeInterval), chartFileName(window, 'csv'))} data-testid="chart-csv">
            <Icon name="download" size={15} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Download as PNG">
          <ActionIcon variant="subtle" size="sm" aria-label="Download as PNG" onClick={() => void exportPng()} data-testid="chart-png">
            <Icon name="image" size={15} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Close chart">
          <ActionIcon variant="subtle" size="sm" color="gray" aria-label="Close chart" onClick={() => removeWindow(window.id)} data-testid="chart-remove">
            <Icon name="x" size={15} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <div ref={ref} style={{ width: '100%', height }}>
        {width > 0 && <StatisticsChart ref={svg} window={window} outputTimeInterval={outputTimeInterval} currentOutput={currentOutput} width={width} height={height} />}
      </div>
    </Paper>
  );
}
