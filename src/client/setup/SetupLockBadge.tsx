// The locked-setup badge (spec 1 §2): the setup belongs to the last run; Edit Setup unlocks it after the
// user agrees that the simulation will then restart from output 0 and cannot be resumed.
import { Badge, Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import type { Simulation } from '../../domain/simulation.ts';
import { errorMessage } from '../api/ApiClient.ts';
import { useApi } from '../app/services.ts';
import { simulationKey } from '../simulation/useSimulation.ts';
import { showError } from '../ui/toast.ts';
import { SetupIcon } from './SetupIcon.tsx';
import { unlockSetup } from './setupApi.ts';

export function SetupLockBadge({ simulation }: { simulation: Simulation }) {
  const api = useApi();
  const { mutate } = useSWRConfig();
  const [busy, setBusy] = useState(false);
  if (!simulation.setupLocked) return null;

  const confirm = () =>
    modals.openConfirmModal({
      title: 'Edit Setup?',
      children: (
        <Text size="sm">
          The setup belongs to the last run. Changing it means the simulation restarts from output 0: it can no longer be resumed.
        </Text>
      ),
      labels: { confirm: 'Edit Setup', cancel: 'Cancel' },
      confirmProps: { 'data-testid': 'edit-setup-confirm' },
      onConfirm: () => void (async () => {
        setBusy(true);
        try {
          const updated = await unlockSetup(api, simulation.id);
          await mutate(simulationKey(simulation.id), updated, { revalidate: false });
        } catch (error) {
          showError('The setup could not be unlocked', errorMessage(error));
        } finally {
          setBusy(false);
        }
      })(),
    });

  return (
    <Group gap={6} wrap="nowrap" data-testid="setup-locked">
      <Badge color="orange" variant="light" leftSection={<SetupIcon name="lock" size={12} />}>
        Setup locked
      </Badge>
      <Button size="compact-xs" variant="light" loading={busy} onClick={confirm} data-testid="edit-setup">
        Edit Setup
      </Button>
    </Group>
  );
}
