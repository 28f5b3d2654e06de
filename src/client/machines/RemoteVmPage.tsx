// The remote VM screen of one simulation (/machines/:simulationId), in the spec's window states:
// loading, connected (running), stopping, notFound and error.
import { Alert, Badge, Button, Card, Container, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import useSWR from 'swr';
import { NotFoundError } from '../../domain/errors.ts';
import { errorMessage } from '../api/ApiClient.ts';
import { getSimulationVm } from '../api/usersApi.ts';
import { useApi } from '../app/services.ts';
import { PageHeader } from '../ui/PageHeader.tsx';
import { StatusPage } from '../ui/StatusPage.tsx';
import { formatDateTime, formatHours } from '../ui/format.ts';
import { POLL_INTERVAL_MS } from '../../domain/constants.ts';

export function RemoteVmPage() {
  const { simulationId } = useParams();
  const api = useApi();
  const vm = useSWR(simulationId ? ['remote-vm', simulationId] : null, ([, id]) => getSimulationVm(api, id), {
    refreshInterval: POLL_INTERVAL_MS.vms,
    shouldRetryOnError: false,
  });

  if (vm.error instanceof NotFoundError) {
    return (
      <StatusPage
        testId="vm-not-found"
        title="The Virtual Machine was not found"
        actions={
          <Button component={Link} to="/machines">
            All virtual machines
          </Button>
        }
      >
        This simulation has no post-processing machine.
      </StatusPage>
    );
  }
  if (vm.error) {
    return (
      <Container size="md" py="xl">
        <Alert color="red" title="Loading this Virtual Machine failed" data-testid="vm-error">
          {errorMessage(vm.error)}
        </Alert>
      </Container>
    );
  }
  if (!vm.data) {
    return (
      <Group justify="center" py={80} data-testid="vm-loading">
        <Loader />
      </Group>
    );
  }
  const machine = vm.data;
  return (
    <Container size="lg" py="lg" data-testid="vm-page" data-state={machine.state}>
      <PageHeader title={machine.name} description={`${machine.simulation.project.name} / ${machine.simulation.name}`} actions={<Badge size="lg">{machine.state}</Badge>} />
      {machine.state === 'stopping' && (
        <Alert color="orange" mb="md">
          The Virtual Machine is stopping.
        </Alert>
      )}
      {machine.state === 'launching' && (
        <Alert color="blue" mb="md" title="Virtual Machine is launching">
          This usually takes a few minutes.
        </Alert>
      )}
      <Card withBorder radius="md" padding="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Stack gap={2}>
            <Text size="xs" c="dimmed" fw={700} tt="uppercase">
              Running since
            </Text>
            <Text size="sm">{formatDateTime(machine.runningSince)}</Text>
          </Stack>
          <Stack gap={2}>
            <Text size="xs" c="dimmed" fw={700} tt="uppercase">
              Hours used
            </Text>
            <Text size="sm">{formatHours(machine.hoursConsumed)}</Text>
          </Stack>
          <Stack gap={2}>
            <Text size="xs" c="dimmed" fw={700} tt="uppercase">
              Auto shutdown
            </Text>
            <Text size="sm">{machine.shutdownTime ? formatDateTime(machine.shutdownTime) : 'Off'}</Text>
          </Stack>
          <Stack gap={2}>
            <Text size="xs" c="dimmed" fw={700} tt="uppercase">
              File transfer (SFTP)
            </Text>
            <Text size="sm">{machine.state === 'running' && machine.sftpUrl ? machine.sftpUrl : 'Only while running'}</Text>
          </Stack>
        </SimpleGrid>
      </Card>
    </Container>
  );
}
