// Details tile: what the simulation is and where it runs (project, owner, state, solver, resources, dates).
import { Group, SimpleGrid } from '@mantine/core';
import { formatBytes } from '../../ui/formatBytes.ts';
import { formatDateTime } from '../../ui/format.ts';
import { SimulationStateBadge } from '../../ui/SimulationStateBadge.tsx';
import { UserAvatar } from '../../shell/UserAvatar.tsx';
import { TileFact } from './TileFact.tsx';
import type { TileProps } from './tileProps.ts';

export function DetailsTile({ simulation }: TileProps) {
  const resources = simulation.gpu ? 'GPU' : simulation.freeInstance || simulation.cores === 0 ? 'Free instance' : `${simulation.cores} cores`;
  return (
    <SimpleGrid cols={2} spacing="md" verticalSpacing={10} data-testid="details-tile">
      <TileFact label="Status" testId="details-state">
        <SimulationStateBadge simulation={simulation} />
      </TileFact>
      <TileFact label="Project">{simulation.project.name}</TileFact>
      <TileFact label="Owned by">
        <Group gap={6} wrap="nowrap">
          <UserAvatar fullName={simulation.creator.fullName} avatarId={simulation.creator.avatarId} size={18} />
          <span>{simulation.creator.fullName}</span>
        </Group>
      </TileFact>
      <TileFact label="Solver" testId="details-solver">
        {simulation.solver?.name ?? 'Chosen when the run starts'}
      </TileFact>
      <TileFact label="Resources">{resources}</TileFact>
      <TileFact label="Started">{simulation.startedAt ? formatDateTime(simulation.startedAt) : 'Not started yet'}</TileFact>
      <TileFact label="Last edit">{formatDateTime(simulation.updatedAt)}</TileFact>
      <TileFact label="Size">{formatBytes(simulation.size)}</TileFact>
    </SimpleGrid>
  );
}
