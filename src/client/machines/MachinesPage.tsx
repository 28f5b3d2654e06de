// Virtual machines for post-processing (GET /api/remote_vms, polled every 10 s): each simulation's newest
// machine with its state, hours and auto shutdown; the VM hours left this month; Launch VM.
import { Anchor, Badge, Button, Card, Container, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import useSWR from 'swr';
import { POLL_INTERVAL_MS } from '../../domain/constants.ts';
import { formatVmHours } from '../../domain/vm.ts';
import { useApi } from '../app/services.ts';
import { formatDateTime } from '../ui/format.ts';
import { Icon } from '../ui/Icon.tsx';
import { PageHeader } from '../ui/PageHeader.tsx';
import { QueryState } from '../ui/QueryState.tsx';
import { LaunchVmDialog } from './LaunchVmDialog.tsx';
import { useVmHours } from './useSimulationVm.ts';
import { listRemoteVms } from './vmApi.ts';

const STATE_COLOR = { launching: 'blue', running: 'teal', stopping: 'orange', stopped: 'gray', failed: 'red' } as const;

export function MachinesPage() {
  const api = useApi();
  const vms = useSWR('remote-vms', () => listRemoteVms(api), { refreshInterval: POLL_INTERVAL_MS.vms });
  const hours = useVmHours();
  const [launching, setLaunching] = useState(false);
  return (
    <Container size="xl" py="lg" data-testid="machines-page">
      <PageHeader
        title="Virtual Machines"
        description="Machines for post-processing results: a terminal with Python, numpy and VTK next to the simulation's outputs, and file transfer over SFTP."
        actions={
          <Group gap="sm">
            {hours.data && (
              <Badge size="lg" variant="light" color={hours.data.hoursLeft > 0 ? 'blue' : 'red'} data-testid="machines-hours-left">
                VM hours left: {formatVmHours(hours.data.hoursLeft)} of {formatVmHours(hours.data.hoursPerMonth)}
              </Badge>
            )}
            <Button leftSection={<Icon name="plus" size={16} />} onClick={() => setLaunching(true)} data-testid="machines-launch">
              Launch VM
            </Button>
          </Group>
        }
      />
      <LaunchVmDialog opened={launching} onClose={() => setLaunching(false)} />
      <Card withBorder radius="md" padding="lg">
        <QueryState data={vms.data} error={vms.error} retry={() => void vms.mutate()}>
          {(list) =>
            list.length === 0 ? (
              <Stack align="center" gap="xs" py={48} data-testid="machines-empty">
                <Icon name="server" size={40} color="var(--mantine-color-gray-5)" />
                <Text fw={600}>No virtual machines</Text>
                <Text size="sm" c="dimmed" ta="center" maw={460}>
                  Launch one for a simulation with results, from here or from the simulation's menu bar.
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
                      <Table.Tr key={vm.id} data-testid="machine-row" data-state={vm.state}>
                        <Table.Td>
                          {vm.state === 'running' ? (
                            <Anchor component={Link} to={`/machines/${vm.simulation.id}`} data-testid="machine-open">
                              {vm.name}
                            </Anchor>
                          ) : (
                            <Text size="sm">{vm.name}</Text>
                          )}
                        </Table.Td>
                        <Table.Td>{vm.simulation.name}</Table.Td>
                        <Table.Td>{vm.simulation.project.name}</Table.Td>
                        <Table.Td>
                          <Badge variant="light" color={STATE_COLOR[vm.state]}>
                            {vm.state}
                          </Badge>
                        </Table.Td>
                        <Table.Td>{formatDateTime(vm.runningSince)}</Table.Td>
                        <Table.Td>{formatVmHours(vm.hoursConsumed)}</Table.Td>
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
