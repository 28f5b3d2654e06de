// Virtual machines for post-processing (GET /api/remote_vms), with an honest empty state.
import { Badge, Card, Container, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import useSWR from 'swr';
import { listRemoteVms } from '../api/usersApi.ts';
import { useApi } from '../app/services.ts';
import { Icon } from '../ui/Icon.tsx';
import { PageHeader } from '../ui/PageHeader.tsx';
import { QueryState } from '../ui/QueryState.tsx';
import { formatDateTime, formatHours } from '../ui/format.ts';
import { POLL_INTERVAL_MS } from '../../domain/constants.ts';
import { Anchor, Stack } from '@mantine/core';

const STATE_COLOR = { launching: 'blue', running: 'teal', stopping: 'orange', stopped: 'gray', failed: 'red' } as const;

export function MachinesPage() {
  const api = useApi();
  const vms = useSWR('remote-vms', () => listRemoteVms(api), { refreshInterval: POLL_INTERVAL_MS.vms });
  return (
    <Container size="xl" py="lg" data-testid="machines-page">
      <PageHeader title="Virtual Machines" description="Remote machines for post-processing simulation results." />
      <Card withBorder radius="md" padding="lg">
        <QueryState data={vms.data} error={vms.error} retry={() => void vms.mutate()}>
          {(list) =>
            list.length === 0 ? (
              <Stack align="center" gap="xs" py={48} data-testid="machines-empty">
                <Icon name="server" size={40} color="var(--mantine-color-gray-5)" />
                <Text fw={600}>No virtual machines</Text>
                <Text size="sm" c="dimmed" ta="center" maw={460}>
                  None of your simulations has a post-processing machine. This Surge installation does not offer remote virtual
                  machines; analyse results in the Results screen of a simulation instead.
                </Text>
              </Stack>
            ) : (
              <Table.ScrollContainer minWidth={720}>
                <Table verticalSpacing="sm" highlightOnHover data-testid="machines-table">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Machine</Table.Th>
                      <Table.Th>Simulation</Table.Th>
                      <Table.Th>Project</Table.Th>
                      <Table.Th>State</Table.Th>
                      <Table.Th>Running since</Table.Th>
                      <Table.Th>Hours used</Table.Th>
                      <Table.Th>Auto shutdown</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {list.map((vm) => (
                      <Table.Tr key={vm.id}>
                        <Table.Td>
                          <Anchor component={Link} to={`/machines/${vm.simulation.id}`}>
                            {vm.name}
                          </Anchor>
                        </Table.Td>
                        <Table.Td>{vm.simulation.name}</Table.Td>
                        <Table.Td>{vm.simulation.project.name}</Table.Td>
                        <Table.Td>
                          <Badge variant="light" color={STATE_COLOR[vm.state]}>
                            {vm.state}
                          </Badge>
                        </Table.Td>
                        <Table.Td>{formatDateTime(vm.runningSince)}</Table.Td>
                        <Table.Td>{formatHours(vm.hoursConsumed)}</Table.Td>
                        <Table.Td>{vm.shutdownTime ? formatDateTime(vm.shutdownTime) : 'Off'}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )
          }
        </QueryState>
      </Card>
    </Container>
  );
}
