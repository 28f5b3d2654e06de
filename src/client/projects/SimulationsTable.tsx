// The simulations of one project (spec 1 §2): Simulation, Status, Credits, Last edit, Size, Owned by,
// Open in, Actions. A row click opens the dashboard for uploaded setups, otherwise the setup.
import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import type { Project } from '../../domain/project.ts';
import { UserAvatar } from '../shell/UserAvatar.tsx';
import { defaultMode, simulationPath } from '../simulation/modes.ts';
import { ModeSwitch } from '../simulation/ModeSwitch.tsx';
import { Icon } from '../ui/Icon.tsx';
import { SimulationStateBadge } from '../ui/SimulationStateBadge.tsx';
import { formatBytes } from '../ui/formatBytes.ts';
import { formatCredits, formatDateTime } from '../ui/format.ts';
import { SimulationActionsMenu } from './SimulationActionsMenu.tsx';

interface SimulationsTableProps {
  project: Project;
  canEdit: boolean;
  onNewSimulation: () => void;
}

export function SimulationsTable({ project, canEdit, onNewSimulation }: SimulationsTableProps) {
  const navigate = useNavigate();
  if (project.simulations.length === 0) {
    return (
      <Stack align="center" gap={6} py="lg" data-testid="no-simulations">
        <Text fw={600} c="dimmed">
          No simulations
        </Text>
        {canEdit && (
          <Button size="xs" variant="light" leftSection={<Icon name="plus" size={14} />} onClick={onNewSimulation}>
            Add the first simulation
          </Button>
        )}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={1180}>
      <Table highlightOnHover verticalSpacing="xs" layout="fixed" data-testid="simulations-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Simulation</Table.Th>
            <Table.Th w={140}>Status</Table.Th>
            <Table.Th w={90} ta="right">
              Credits
            </Table.Th>
            <Table.Th w={150}>Last edit</Table.Th>
            <Table.Th w={90} ta="right">
              Size
            </Table.Th>
            <Table.Th w={180}>Owned by</Table.Th>
            <Table.Th w={230}>Open in</Table.Th>
            <Table.Th w={56} aria-label="Actions" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {project.simulations.map((simulation) => (
            <Table.Tr
              key={simulation.id}
              style={{ cursor: 'pointer' }}
              data-testid="simulation-row"
              data-simulation-id={simulation.id}
              data-simulation-name={simulation.name}
              onClick={() => void navigate(simulationPath(simulation.id, defaultMode(simulation)))}
            >
              <Table.Td>
                <Text size="sm" fw={600} truncate data-testid="simulation-name">
                  {simulation.name}
                </Text>
                {simulation.description && (
                  <Text size="xs" c="dimmed" truncate>
                    {simulation.description}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <SimulationStateBadge simulation={simulation} />
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm">{formatCredits(simulation.creditsConsumed)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(simulation.updatedAt)}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatBytes(simulation.size)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <UserAvatar fullName={simulation.creator.fullName} avatarId={simulation.creator.avatarId} size={22} />
                  <Text size="sm" truncate maw={140}>
                    {simulation.creator.fullName}
                  </Text>
                </Group>
              </Table.Td>
              <Table.Td>
                <ModeSwitch simulation={simulation} size="compact-xs" testIdPrefix="open-in" />
              </Table.Td>
              <Table.Td>
                <SimulationActionsMenu simulation={simulation} projectName={project.name} canEdit={canEdit} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
