// The run button of the simulation frame (spec 1 §4): Run, Stop, Stopping (disabled), Restart or Resume
// as the simulation's state says. Run, Restart and Resume open the start flow in the right sidebar; Stop
// asks first, saying truthfully whether the run can be resumed (whether the stop leaves a checkpoint). Also announces launching, failed and completed runs
// with toasts while the user is not on the dashboard.
import { ActionIcon, Stack, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useEffect, useRef } from 'react';
import { useMatch } from 'react-router';
import { useSWRConfig } from 'swr';
import { MESSAGES } from '../../domain/messages.ts';
import type { Simulation } from '../../domain/simulation.ts';
import { runButton, shouldToastStateChange, stopConfirmation, type SimulationState } from '../../domain/simulationState.ts';
import { errorMessage } from '../api/ApiClient.ts';
import { useApi } from '../app/services.ts';
import { SetupIcon } from '../setup/SetupIcon.tsx';
import { useSidebarStore } from '../simulation/sidebarStore.ts';
import { simulationKey } from '../simulation/useSimulation.ts';
import { showError, showSuccess } from '../ui/toast.ts';
import { stopSimulation } from './runApi.ts';
import { resumableAfterStop } from './startFlowModel.ts';

function announce(state: SimulationState, name: string): void {
  if (state === 'launching') showSuccess(`${name} is launching`, 'The run starts as soon as its machine is ready.');
  if (state === 'failed') showError(`${name} failed`, MESSAGES.progressFailed);
  if (state === 'completed') showSuccess(`${name} completed`, 'All outputs are written.');
}

export function RunButton({ simulation }: { simulation: Simulation }) {
  const api = useApi();
  const { mutate } = useSWRConfig();
  const toggle = useSidebarStore((s) => s.toggle);
  const onDashboard = useMatch('/simulation/:simulationId/dashboard') !== null;
  const button = runButton(simulation);

  const previous = useRef<{ id: string; state: SimulationState } | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = { id: simulation.id, state: simulation.state };
    if (!before || before.id !== simulation.id || before.state === simulation.state) return;
    if (shouldToastStateChange(simulation.state, onDashboard)) announce(simulation.state, simulation.name);
  }, [simulation.id, simulation.state, simulation.name, onDashboard]);

  const confirmStop = () => {
    const text = stopConfirmation(resumableAfterStop(simulation));
    modals.openConfirmModal({
      title: text.title,
      children: (
        <Text size="sm" data-testid="stop-confirm-text">
          {text.text}
        </Text>
      ),
      labels: { confirm: text.confirm, cancel: 'Cancel' },
      confirmProps: { color: 'red', 'data-testid': 'stop-confirm' },
      onConfirm: () => void (async () => {
        try {
          const updated = await stopSimulation(api, simulation.id);
          await mutate(simulationKey(simulation.id), updated, { revalidate: true });
          showSuccess('Stopping the simulation', 'This takes a few minutes; you will be notified.');
        } catch (error) {
          showError('The simulation could not be stopped', errorMessage(error));
        }
      })(),
    });
  };

  const stop = button.action === 'stop';
  const color = stop || button.label === 'Stopping' ? 'red' : 'green';
  return (
    <Tooltip label={button.action === null ? 'The simulation is stopping' : `${button.label} the simulation`} position="left" withArrow>
      <Stack gap={2} align="center" mb={6}>
        <ActionIcon
          size={38}
          radius="md"
          variant="filled"
          color={color}
          disabled={button.disabled}
          aria-label={button.label}
          data-testid="run-button"
          data-action={button.action ?? 'none'}
          onClick={() => (stop ? confirmStop() : toggle('start'))}
        >
          <SetupIcon name={stop || button.label === 'Stopping' ? 'stop' : 'play'} size={18} />
        </ActionIcon>
        <Text size="10px" fw={700} c={button.disabled ? 'dimmed' : `${color}.8`} data-testid="run-button-label">
          {button.label}
        </Text>
      </Stack>
    </Tooltip>
  );
}
