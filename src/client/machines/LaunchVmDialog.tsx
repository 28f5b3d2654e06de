// Launch VM from the machines list: a project and then one of its simulations must be chosen (spec 2
// §5); simulations that already have a machine, or have no results yet, are not offered.
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import useSWR from 'swr';
import { PERMISSIONS } from '../../domain/permissions.ts';
import { formatVmHours, launchableSimulation, VM_MESSAGES, vmLaunchBlock } from '../../domain/vm.ts';
import { errorMessage } from '../api/ApiClient.ts';
import { useApi } from '../app/services.ts';
import { useSession } from '../session/session.ts';
import { useLaunchVm } from './useLaunchVm.ts';
import { useVmHours } from './useSimulationVm.ts';
import { listProjectsWithSimulations } from './vmApi.ts';

export function LaunchVmDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const api = useApi();
  const navigate = useNavigate();
  const { can } = useSession();
  const view = can(PERMISSIONS.PROJECTS_VIEW_ALL) ? 'all' : 'own';
  const projects = useSWR(opened ? ['vm-launch-projects', view] : null, ([, v]) => listProjectsWithSimulations(api, v as 'own' | 'all'));
  const hours = useVmHours();
  const { launch, launching } = useLaunchVm();
  const [projectId, setProjectId] = useState<string | null>(null);
  const [simulationId, setSimulationId] = useState<string | null>(null);

  const project = projects.data?.find((p) => p.id === projectId);
  const simulations = useMemo(() => (project?.simulations ?? []).filter(launchableSimulation), [project]);
  const hoursBlock = hours.data ? vmLaunchBlock({ hasResults: true, hoursLeft: hours.data.hoursLeft }) : null;
  const chosen = projectId !== null && simulationId !== null;

  const close = () => {
    setProjectId(null);
    setSimulationId(null);
    onClose();
  };
  const submit = async () => {
    if (!simulationId) return;
    const machine = await launch(simulationId);
    if (machine) {
      close();
      void navigate(`/machines/${simulationId}`);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="Launch VM" data-testid="launch-vm-dialog">
      <Stack gap="sm">
        {projects.error && <Alert color="red">{errorMessage(projects.error)}</Alert>}
        <Select
          label="Project"
          placeholder="Choose a project"
          searchable
          data={(projects.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
          value={projectId}
          onChange={(value) => {
            setProjectId(value);
            setSimulationId(null);
          }}
          disabled={!projects.data}
          data-testid="launch-vm-project"
        />
        <Select
          label="Simulation"
          placeholder={project && simulations.length === 0 ? 'No simulation of this project can get a machine' : 'Choose a simulation'}
          searchable
          data={simulations.map((s) => ({ value: s.id, label: s.name }))}
          value={simulationId}
          onChange={setSimulationId}
          disabled={!project || simulations.length === 0}
          data-testid="launch-vm-simulation"
        />
        <Text size="xs" c="dimmed">
          Simulations that already have a machine, or have no results yet, are not listed.
        </Text>
        {hours.data && (
          <Text size="sm" data-testid="launch-vm-hours">
            VM hours left this month: {formatVmHours(hours.data.hoursLeft)}
          </Text>
        )}
        {hoursBlock && <Alert color="orange">{hoursBlock}</Alert>}
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} disabled={!chosen || hoursBlock !== null} loading={launching} title={chosen ? undefined : VM_MESSAGES.launchNeedsChoice} data-testid="launch-vm-submit">
            Launch VM
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
