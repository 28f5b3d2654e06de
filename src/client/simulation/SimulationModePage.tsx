// Setup, Monitor and Results of one simulation. Each checks first whether the mode is open for this
// simulation (spec 1 §2, spec 2 §4) and then shows the simulation's details.
import { Alert, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { SetupScreen } from '../setup/SetupScreen.tsx';
import { MonitorScreen } from '../monitor/MonitorScreen.tsx';
import { ResultsScreen } from '../results/ResultsScreen.tsx';
import { Icon } from '../ui/Icon.tsx';
import { MODE_LABEL, modeUnavailableReason, type SimulationMode } from './modes.ts';
import { ModeSwitch } from './ModeSwitch.tsx';
import { SimulationFacts } from './SimulationFacts.tsx';
import { useSimulation } from './useSimulation.ts';

export function SimulationModePage({ mode }: { mode: SimulationMode }) {
  const { simulationId } = useParams();
  const { data: simulation } = useSimulation(simulationId);
  if (!simulation) return null;
  const reason = modeUnavailableReason(simulation, mode);
  if (mode === 'setup' && !reason) return <SetupScreen simulation={simulation} />;
  if (mode === 'monitor') return <MonitorScreen simulation={simulation} />;
  if (mode === 'results' && !reason) return <ResultsScreen simulation={simulation} />;

  return (
    <Container size="lg" py="lg" data-testid={`simulation-page-${mode}`}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start">
          <div>
            <Text size="xs" c="dimmed" fw={700} tt="uppercase">
              {MODE_LABEL[mode]}
            </Text>
            <Title order={2} data-testid="simulation-title">
              {simulation.name}
            </Title>
            {simulation.description && (
              <Text c="dimmed" size="sm" mt={4} maw={720}>
                {simulation.description}
              </Text>
            )}
          </div>
          <ModeSwitch simulation={simulation} current={mode} size="sm" />
        </Group>
        {reason && (
          <Alert color="red" variant="light" icon={<Icon name="alert" />} title={`${MODE_LABEL[mode]} is not available`} data-testid="mode-unavailable">
            {reason}
          </Alert>
        )}
        <Card withBorder radius="md" padding="lg">
          <SimulationFacts simulation={simulation} />
        </Card>
      </Stack>
    </Container>
  );
}
