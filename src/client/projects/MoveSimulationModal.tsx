// Moves a simulation to another project the user may change; a project must be chosen (spec 1 §2).
import { useState } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { PERMISSIONS } from '../../domain/permissions.ts';
import type { SimulationSummary } from '../../domain/simulation.ts';
import { errorMessage } from '../api/ApiClient.ts';
import { updateSimulation } from '../api/simulationsApi.ts';
import { useApi } from '../app/services.ts';
import { useSession } from '../session/session.ts';
import { showSuccess } from '../ui/toast.ts';
import { useAllProjects } from './projectsData.ts';

interface MoveSimulationModalProps {
  opened: boolean;
  simulation: SimulationSummary;
  projectName: string;
  onClose: () => void;
  onMoved: () => void;
}

export function MoveSimulationModal({ opened, simulation, projectName, onClose, onMoved }: MoveSimulationModalProps) {
  const api = useApi();
  const { can } = useSession();
  const view = can(PERMISSIONS.PROJECTS_VIEW_ALL) && can(PERMISSIONS.PROJECTS_EDIT_ALL) ? 'all' : 'own';
  const projects = useAllProjects(view);
  const [target, setTarget] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const options = (projects.data ?? [])
    .filter((project) => project.id !== simulation.projectId)
    .map((project) => ({ value: project.id, label: project.name }));

  const close = () => {
    setTarget(null);
    setMissing(false);
    setFailure(null);
    onClose();
  };

  const move = async () => {
    if (!target) {
      setMissing(true);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await updateSimulation(api, simulation.id, { projectId: target });
      const name = options.find((option) => option.value === target)?.label ?? 'the project';
      showSuccess('Simulation moved', `${simulation.name} is now in ${name}`);
      onMoved();
      close();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="Move simulation" data-testid="move-simulation-modal" centered>
      <Stack gap="md">
        <Text size="sm">
          Move <b>{simulation.name}</b> out of <b>{projectName}</b> into:
        </Text>
        <Select
          label="Project"
          placeholder={projects.data && options.length === 0 ? 'No other project to move to' : 'Choose a project'}
          data={options}
          value={target}
          onChange={(value) => {
            setTarget(value);
            setMissing(false);
          }}
          searchable
          nothingFoundMessage="No project with this name"
          error={missing ? 'Choose the project to move the simulation to' : projects.error ? errorMessage(projects.error) : undefined}
          disabled={!projects.data}
          comboboxProps={{ withinPortal: true }}
          data-testid="move-simulation-select"
        />
        {failure && (
          <Alert color="red" variant="light" data-testid="move-simulation-error">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => void move()} loading={busy} data-testid="move-simulation-confirm">
            Move
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
