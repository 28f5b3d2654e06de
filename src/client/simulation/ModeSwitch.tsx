// Switches between Setup, Monitor and Results of one simulation; closed modes are disabled and say why.
import { Button, Group, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import type { SimulationSummary } from '../../domain/simulation.ts';
import { MODE_LABEL, SIMULATION_MODES, modeUnavailableReason, simulationPath, type SimulationMode } from './modes.ts';

interface ModeSwitchProps {
  simulation: SimulationSummary;
  current?: SimulationMode;
  size?: 'xs' | 'compact-xs' | 'sm';
  testIdPrefix?: string;
}

export function ModeSwitch({ simulation, current, size = 'xs', testIdPrefix = 'mode' }: ModeSwitchProps) {
  return (
    <Group gap={4} wrap="nowrap">
      {SIMULATION_MODES.map((mode) => {
        const reason = modeUnavailableReason(simulation, mode);
        const common = {
          size,
          variant: mode === current ? 'filled' : 'light',
          'data-testid': `${testIdPrefix}-${mode}`,
          onClick: (event: React.MouseEvent) => event.stopPropagation(),
        } as const;
        const button =
          reason === null ? (
            <Button {...common} component={Link} to={simulationPath(simulation.id, mode)}>
              {MODE_LABEL[mode]}
            </Button>
          ) : (
            <Button {...common} disabled>
              {MODE_LABEL[mode]}
            </Button>
          );
        return reason ? (
          <Tooltip key={mode} label={reason} withArrow multiline maw={260}>
            <span>{button}</span>
          </Tooltip>
        ) : (
          <span key={mode}>{button}</span>
        );
      })}
    </Group>
  );
}
