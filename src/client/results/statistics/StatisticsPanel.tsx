// The postprocessor statistics panel (spec 2 §2): a bar at the bottom of Results when minimized, the lower
// half of the screen, or all of it; below 1700 px of width it opens fullscreen only. The form sits on the
// left, the table and charts on the right.
import { ActionIcon, Badge, Box, Group, ScrollArea, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useViewportSize } from '@mantine/hooks';
import type { CSSProperties } from 'react';
import type { OutputListEntry } from '../../../domain/runOutputs.ts';
import type { SetupDocument } from '../../../domain/setup.ts';
import { Icon } from '../../ui/Icon.tsx';
import { effectivePanelMode, halfScreenOffered, openedPanelMode } from './panelMode.ts';
import { StatisticsForm } from './StatisticsForm.tsx';
import { StatisticsLoadControls } from './StatisticsLoadControls.tsx';
import { StatisticsResults } from './StatisticsResults.tsx';
import { useStatisticsStore, type StatisticsPanelMode } from './store.ts';
import { useStatisticsPanel } from './useStatisticsPanel.ts';

interface Props {
  simulationId: string;
  outputs: readonly OutputListEntry[];
  setup: SetupDocument | undefined;
  setupLoading: boolean;
  currentOutput: number | null;
  viewerSelection: readonly string[];
}

const FRAME: Record<StatisticsPanelMode, CSSProperties> = {
  minimized: { flex: '0 0 auto' },
  half: { flex: '0 0 50%', minHeight: 0 },
  fullscreen: { position: 'absolute', inset: 0, zIndex: 6 },
};

export function StatisticsPanel(props: Props) {
  const model = useStatisticsPanel(props);
  const { width } = useViewportSize();
  const stored = useStatisticsStore((s) => s.mode);
  const setMode = useStatisticsStore((s) => s.setMode);
  const result = useStatisticsStore((s) => s.result);
  // Before the first measurement the width reads 0; the window's own width is known at once.
  const viewportWidth = width > 0 ? width : window.innerWidth;
  const mode = effectivePanelMode(stored, viewportWidth);
  const halfOffered = halfScreenOffered(viewportWidth);
  const running = result?.state === 'running';

  return (
    <Box
      data-testid="statistics-panel"
      data-mode={mode}
      style={{ ...FRAME[mode], display: 'flex', flexDirection: 'column', background: 'white', borderTop: '1px solid var(--mantine-color-gray-4)', boxShadow: '0 -2px 6px rgba(0,0,0,0.06)' }}
    >
      <Group justify="space-between" wrap="nowrap" px="sm" py={4} style={{ borderBottom: mode === 'minimized' ? undefined : '1px solid var(--mantine-color-gray-3)' }}>
        <UnstyledButton onClick={() => setMode(mode === 'minimized' ? openedPanelMode(viewportWidth) : 'minimized')} data-testid="statistics-header">
          <Group gap={6} wrap="nowrap">
            <Icon name="chart" size={16} />
            <Text size="sm" fw={600}>
              Statistics
            </Text>
            {running && result && (
              <Badge size="sm" variant="light" data-testid="statistics-running-badge">
                {Math.round(result.progress)} %
              </Badge>
            )}
          </Group>
        </UnstyledButton>
        <Group gap={2} wrap="nowrap">
          {mode !== 'minimized' && (
            <Tooltip label="Minimize">
              <ActionIcon variant="subtle" size="sm" aria-label="Minimize" onClick={() => setMode('minimized')} data-testid="statistics-mode-minimized">
                <Icon name="minimize" size={15} />
              </ActionIcon>
            </Tooltip>
          )}
          {mode !== 'half' && (
            <Tooltip label={halfOffered ? 'Half screen' : 'Half screen needs a window at least 1700 px wide'}>
              <ActionIcon variant="subtle" size="sm" aria-label="Half screen" disabled={!halfOffered} onClick={() => setMode('half')} data-testid="statistics-mode-half">
                <Icon name="splitScreen" size={15} />
              </ActionIcon>
            </Tooltip>
          )}
          {mode !== 'fullscreen' && (
            <Tooltip label="Fullscreen">
              <ActionIcon variant="subtle" size="sm" aria-label="Fullscreen" onClick={() => setMode('fullscreen')} data-testid="statistics-mode-fullscreen">
                <Icon name="maximize" size={15} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Group>
      {mode !== 'minimized' && (
        <div style={{ flex: 1, minHeight: 0, display: 'flex' }}>
          <div style={{ flex: '0 0 330px', display: 'flex', flexDirection: 'column', minHeight: 0, borderRight: '1px solid var(--mantine-color-gray-3)' }}>
            <ScrollArea style={{ flex: 1, minHeight: 0 }} type="auto">
              <Box p="sm">
                <StatisticsForm model={model} />
              </Box>
            </ScrollArea>
            <Box px="sm" py={8} style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
              <StatisticsLoadControls model={model} />
            </Box>
          </div>
          <Box p="sm" style={{ flex: 1, minWidth: 0, minHeight: 0 }}>
            <StatisticsResults model={model} simulationId={props.simulationId} mode={mode} />
          </Box>
        </div>
      )}
    </Box>
  );
}
