// One project on the projects page: its heading (name, description, size, owner in the all view) with
// Edit, Delete and New Simulation for users who may change it (nobody acting through an access grant),
// and its simulations.
import { Button, Card, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { Project } from '../../domain/project.ts';
import { canEditProject } from '../../domain/permissions.ts';
import { useSession } from '../session/session.ts';
import { UserAvatar } from '../shell/UserAvatar.tsx';
import { Icon } from '../ui/Icon.tsx';
import { formatBytes } from '../ui/formatBytes.ts';
import { useProjectsDialogs } from './dialogStore.ts';
import { ProjectDescription } from './ProjectDescription.tsx';
import { readOnlyReason } from './readOnlyAccess.ts';
import { SimulationsTable } from './SimulationsTable.tsx';

export function ProjectSection({ project, showOwner }: { project: Project; showOwner: boolean }) {
  const { user } = useSession();
  const open = useProjectsDialogs((state) => state.open);
  const canEdit = readOnlyReason(user) === null && canEditProject(user.permissions, user.id, project.creator.id);
  const size = project.size > 0 ? formatBytes(project.size) : 'N/A';

  return (
    <Card withBorder radius="md" padding={0} data-testid="project-section" data-project-id={project.id} data-project-name={project.name}>
      <Group justify="space-between" align="flex-start" p="md" gap="md" wrap="wrap" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
        <Stack gap={4} style={{ flex: 1, minWidth: 260 }}>
          <Group gap="sm" align="baseline" wrap="wrap">
            <Title order={3} fz="lg" data-testid="project-name" style={{ overflowWrap: 'anywhere' }}>
              {project.name}
            </Title>
            <Tooltip label="Stored data of all its simulations">
              <Text size="xs" c="dimmed" data-testid="project-size">
                {size}
              </Text>
            </Tooltip>
            {showOwner && (
              <Group gap={6} data-testid="project-owner">
                <UserAvatar fullName={project.creator.fullName} avatarId={project.creator.avatarId} size={20} />
                <Text size="xs" c="dimmed">
                  {project.creator.id === user.id ? 'You' : project.creator.fullName}
                </Text>
              </Group>
            )}
          </Group>
          <ProjectDescription text={project.description} />
        </Stack>
        {canEdit && (
          <Group gap="xs">
            <Button size="xs" variant="default" leftSection={<Icon name="pencil" size={14} />} onClick={() => open({ kind: 'editProject', project })} data-testid="project-edit">
              Edit
            </Button>
            <Button size="xs" variant="default" color="red" leftSection={<Icon name="trash" size={14} />} onClick={() => open({ kind: 'deleteProject', project })} data-testid="project-delete">
              Delete
            </Button>
            <Button size="xs" leftSection={<Icon name="plus" size={14} />} onClick={() => open({ kind: 'newSimulation', project })} data-testid="project-new-simulation">
              New Simulation
            </Button>
          </Group>
        )}
      </Group>
      <SimulationsTable project={project} canEdit={canEdit} onNewSimulation={() => open({ kind: 'newSimulation', project })} />
    </Card>
  );
}
