// A simulation's state as a coloured badge, coloured by how the state groups (spec 1 §4).
import { Badge } from '@mantine/core';
import { displayGroup, simulationStateLabels, type RunContext } from '../../domain/simulationState.ts';

const GROUP_COLOR = {
  not_started: 'gray',
  running: 'blue',
  stopping: 'orange',
  restartable: 'teal',
  resumable: 'violet',
} as const;

export function SimulationStateBadge({ simulation }: { simulation: RunContext }) {
  const failed = simulation.state === 'failed' || simulation.state === 'launch_failed' || simulation.state === 'creation_failed';
  const color = failed ? 'red' : GROUP_COLOR[displayGroup(simulation)];
  return (
    <Badge color={color} variant="light" radius="sm" data-testid="simulation-state" data-state={simulation.state}>
      {simulationStateLabels[simulation.state]}
    </Badge>
  );
}
