// The right sidebar of the simulation screens: a rail of panel tabs (50 px closed) that opens the chosen
// panel at its width from the spec (spec 1 §2).
import { ActionIcon, Box, CloseButton, Group, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useMatch } from 'react-router';
import type { Simulation } from '../../domain/simulation.ts';
import { Icon, type IconName } from '../ui/Icon.tsx';
import { modeFromRoute } from './modes.ts';
import { PANEL_LABEL, panelDisabledReason, sidebarWidth, visiblePanels, type SidebarPanel } from './sidebarPanels.ts';
import { SidebarPanelBody } from './SidebarPanelBody.tsx';
import { useSidebarStore } from './sidebarStore.ts';
import { RunButton } from '../run/RunButton.tsx';
import { StartFlow } from '../run/StartFlow.tsx';

const PANEL_ICON: Record<SidebarPanel, IconName> = {
  jobs: 'refresh',
  checklist: 'check',
  alerts: 'alert',
  download: 'download',
  info: 'info',
  history: 'clone',
};

export function RightSidebar({ simulation }: { simulation: Simulation }) {
  const match = useMatch('/simulation/:simulationId/:mode');
  const mode = modeFromRoute(match?.params.mode) ?? 'monitor';
  const open = useSidebarStore((state) => state.open);
  const toggle = useSidebarStore((state) => state.toggle);
  const close = useSidebarStore((state) => state.close);
  const panels = visiblePanels(mode);
  // A panel that this mode does not show is closed when the user switches mode.
  const shown = open && (open === 'start' || panels.includes(open)) ? open : null;
  const width = sidebarWidth(shown);

  return (
    <Box
      component="aside"
      aria-label="Simulation sidebar"
      data-testid="right-sidebar"
      data-open-panel={shown ?? 'none'}
      style={{ width, flex: `0 0 ${width}px`, display: 'flex', borderLeft: '1px solid var(--mantine-color-gray-3)', background: 'white', transition: 'width 150ms ease, flex-basis 150ms ease' }}
    >
      {shown && shown !== 'start' && (
        <Box style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }} data-testid={`sidebar-panel-${shown}`}>
          <Group justify="space-between" px="md" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
            <Text fw={700} size="sm">
              {PANEL_LABEL[shown]}
            </Text>
            <CloseButton size="sm" aria-label="Close panel" onClick={close} />
          </Group>
          <Box p="md" style={{ overflow: 'auto', flex: 1 }}>
            <SidebarPanelBody panel={shown} simulation={simulation} />
          </Box>
        </Box>
      )}
      {shown === 'start' && (
        <Box style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }} data-testid="sidebar-panel-start">
          <StartFlow simulation={simulation} />
        </Box>
      )}
      <Stack gap={4} align="center" py="sm" style={{ width: 50, flex: '0 0 50px', borderLeft: shown ? '1px solid var(--mantine-color-gray-2)' : undefined }}>
        <RunButton simulation={simulation} />
        {panels.map((panel) => {
          const disabledReason = panelDisabledReason(panel, mode, simulation.state);
          return (
            <Tooltip key={panel} label={disabledReason ?? PANEL_LABEL[panel]} position="left" withArrow>
              <UnstyledButton component="span" style={{ display: 'inline-flex' }}>
                <ActionIcon
                  size="lg"
                  variant={shown === panel ? 'light' : 'subtle'}
                  color={shown === panel ? 'blue' : 'gray'}
                  aria-label={PANEL_LABEL[panel]}
                  aria-pressed={shown === panel}
                  disabled={disabledReason !== null}
                  data-testid={`sidebar-tab-${panel}`}
                  onClick={() => toggle(panel)}
                >
                  <Icon name={PANEL_ICON[panel]} />
                </ActionIcon>
              </UnstyledButton>
            </Tooltip>
          );
        })}
      </Stack>
    </Box>
  );
}
