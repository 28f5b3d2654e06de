// The facts of one simulation as the API reports them: state, project, owner, dates, resources, credits.
import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Simulation } from '../../domain/simulation.ts';
import { formatBytes } from '../ui/formatBytes.ts';
import { formatCredits, formatDateTime, formatHours } from '../ui/format.ts';
import { SimulationStateBadge } from '../ui/SimulationStateBadge.tsx';
import { UserAvatar } from '../shell/UserAvatar.tsx';

interface Fact {
  label: string;
  value: React.ReactNode;
  testId: string;
}

export function SimulationFacts({ simulation, compact = false }: { simulation: Simulation; compact?: boolean }) {
  const facts: Fact[] = [
    { label: 'Status', value: <SimulationStateBadge simulation={simulation} />, testId: 'fact-state' },
    { label: 'Project', value: simulation.project.name, testId: 'fact-project' },
    {
      label: 'Owned by',
      value: (
        <Group gap={6} wrap="nowrap">
          <UserAvatar fullName={simulation.creator.fullName} avatarId={simulation.creator.avatarId} size={20} />
          <span>{simulation.creator.fullName}</span>
        </Group>
      ),
      testId: 'fact-owner',
    },
    { label: 'Created', value: formatDateTime(simulation.createdAt), testId: 'fact-created' },
    { label: 'Last edit', value: formatDateTime(simulation.updatedAt), testId: 'fact-updated' },
    { label: 'Started', value: simulation.startedAt ? formatDateTime(simulation.startedAt) : 'Not started yet', testId: 'fact-started' },
    { label: 'Solver', value: simulation.solver?.name ?? 'Chosen when the run starts', testId: 'fact-solver' },
    {
      label: 'Resources',
      value: simulation.gpu ? 'GPU' : simulation.freeInstance || simulation.cores === 0 ? 'Free instance' : `${simulation.cores} cores`,
      testId: 'fact-resources',
    },
    { label: 'Credits consumed', value: formatCredits(simulation.creditsConsumed), testId: 'fact-credits' },
    { label: 'Simulation hours', value: formatHours(simulation.simulationHoursConsumed), testId: 'fact-hours' },
    { label: 'Size', value: formatBytes(simulation.size), testId: 'fact-size' },
    { label: 'Setup', value: simulation.uploadedSetup ? 'Uploaded setup' : simulation.setupLocked ? 'Locked by the last run' : 'Editable', testId: 'fact-setup' },
  ];
  if (simulation.log) {
    facts.push(
      { label: 'Progress', value: `${Math.round(simulation.log.progress * 100)} %`, testId: 'fact-progress' },
      { label: 'Simulated time', value: `${simulation.log.time.toPrecision(4)} s`, testId: 'fact-time' },
      { label: 'Particles', value: simulation.log.particles.toLocaleString('en-US'), testId: 'fact-particles' },
    );
  }
  return (
    <SimpleGrid cols={compact ? 1 : { base: 1, sm: 2, lg: 3 }} spacing={compact ? 'xs' : 'lg'} verticalSpacing={compact ? 'sm' : 'md'}>
      {facts.map((fact) => (
        <Stack key={fact.label} gap={2} data-testid={fact.testId}>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            {fact.label}
          </Text>
          <Text size="sm" component="div">
            {fact.value}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
