// The remote VM screen of one simulation (/machines/:simulationId), in the spec's window states: loading
// (the machine is read, launching, or its terminal connects), connected (terminal, facts, SFTP, files),
// stopping, notFound (none, or it stopped or failed) and error (it could not be read, or the terminal's
// connection was given up after 3 retries at 1 s).
import { Alert, Badge, Button, Container, Grid, Group, Loader, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { VM_MESSAGES, vmWindowState, type VmTerminalStatus } from '../../domain/vm.ts';
import { errorMessage } from '../api/ApiClient.ts';
import { useApi } from '../app/services.ts';
import { Icon } from '../ui/Icon.tsx';
import { PageHeader } from '../ui/PageHeader.tsx';
import { StatusPage } from '../ui/StatusPage.tsx';
import { showError } from '../ui/toast.ts';
import { simulationVmKey, useSimulationVm } from './useSimulationVm.ts';
import { shutdownVm } from './vmApi.ts';
import { VmConnectionCard } from './VmConnectionCard.tsx';
import { VmFileBrowser } from './VmFileBrowser.tsx';
import { VmTerminal } from './VmTerminal.tsx';
import type { TerminalLinkStatus } from './terminalLink.ts';

function terminalStatusOf(status: TerminalLinkStatus): VmTerminalStatus {
  return status === 'connected' || status === 'ended' ? 'connected' : status === 'connecting' ? 'connecting' : 'failed';
}

export function RemoteVmPage() {
  const { simulationId = '' } = useParams();
  const api = useApi();
  const { mutate } = useSWRConfig();
  const vm = useSimulationVm(simulationId);
  const [terminal, setTerminal] = useState<VmTerminalStatus>('connecting');
  const [shuttingDown, setShuttingDown] = useState(false);
  const machine = vm.data;
  const state = vmWindowState(vm.error ? 'error' : machine === null ? 'missing' : machine, terminal);

  const shutDown = () =>
    modals.openConfirmModal({
      title: 'Shut down the Virtual Machine?',
      children: <Text size="sm">{VM_MESSAGES.homeDeleted}</Text>,
      labels: { confirm: 'Shut down', cancel: 'Cancel' },
      confirmProps: { color: 'red', 'data-testid': 'vm-shutdown-confirm' },
      onConfirm: () => {
        setShuttingDown(true);
        shutdownVm(api, simulationId)
          .then((updated) => mutate(simulationVmKey(simulationId), updated, { revalidate: false }))
          .catch((error: unknown) => showError(VM_MESSAGES.shutdownFailed, errorMessage(error)))
          .finally(() => setShuttingDown(false));
      },
    });

  if (state === 'notFound') {
    return (
      <StatusPage
        testId="vm-not-found"
        title={VM_MESSAGES.notFound}
        actions={
          <Button component={Link} to="/machines">
            All virtual machines
          </Button>
        }
      >
        {machine?.message ?? 'This simulation has no running post-processing machine.'}
      </StatusPage>
    );
  }
  if (state === 'error' && (vm.error || !machine)) {
    return (
      <Container size="md" py="xl" data-testid="vm-page" data-window-state={state}>
        <Alert color="red" title={VM_MESSAGES.loadFailed} data-testid="vm-error">
          {errorMessage(vm.error)}
        </Alert>
      </Container>
    );
  }
  if (!machine) {
    return (
      <Group justify="center" py={80} data-testid="vm-page" data-window-state="loading">
        <Loader />
      </Group>
    );
  }
  if (state === 'stopping') {
    return (
      <StatusPage testId="vm-stopping" title={VM_MESSAGES.stopping}>
        <Group justify="center">
          <Loader size="sm" />
        </Group>
      </StatusPage>
    );
  }

  const title = `${machine.simulation.project.name} / ${machine.simulation.name}`;
  return (
    <Container size="xl" py="lg" data-testid="vm-page" data-window-state={state} data-state={machine.state}>
      <PageHeader
        title={machine.name}
        description={title}
        actions={
          <Group gap="sm">
            <Badge size="lg" variant="light" color={machine.state === 'running' ? 'teal' : 'blue'} data-testid="vm-state">
              {machine.state}
            </Badge>
            <Button
              color="red"
              variant="light"
              leftSection={<Icon name="x" size={14} />}
              loading={shuttingDown}
              disabled={machine.password === null}
              onClick={shutDown}
              data-testid="vm-shutdown"
            >
              Shut down
            </Button>
          </Group>
        }
      />
      {machine.state === 'launching' ? (
        <Alert color="blue" title={VM_MESSAGES.launching} icon={<Loader size="xs" />} data-testid="vm-launching">
          {VM_MESSAGES.launchingDetail}
        </Alert>
      ) : (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Stack gap="md">
              {state === 'error' && (
                <Alert color="red" title={VM_MESSAGES.loadFailed} data-testid="vm-error">
                  The connection to the Virtual Machine was lost after 3 attempts. Reconnect from the terminal.
                </Alert>
              )}
              <VmTerminal simulationId={simulationId} onStatus={(status) => setTerminal(terminalStatusOf(status))} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <VmConnectionCard machine={machine} simulationId={simulationId} />
          </Grid.Col>
          <Grid.Col span={12}>
            <VmFileBrowser simulationId={simulationId} />
          </Grid.Col>
        </Grid>
      )}
    </Container>
  );
}
