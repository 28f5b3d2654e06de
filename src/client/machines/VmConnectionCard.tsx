// A running machine's facts: running since, hours used and left this month, auto shutdown (a toggle that
// sets the shutdown time 24 h ahead or clears it), and what an SFTP client needs: host, port, user and
// password, each to copy.
import { ActionIcon, Card, CopyButton, Divider, Group, PasswordInput, SimpleGrid, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { autoShutdownTime, formatVmHours, VM_MESSAGES, type RemoteVm } from '../../domain/vm.ts';
import { errorMessage } from '../api/ApiClient.ts';
import { useApi } from '../app/services.ts';
import { formatDateTime } from '../ui/format.ts';
import { Icon } from '../ui/Icon.tsx';
import { showError } from '../ui/toast.ts';
import { simulationVmKey, useVmHours } from './useSimulationVm.ts';
import { setVmShutdownTime } from './vmApi.ts';

function Fact({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <Stack gap={2} data-testid={testId}>
      <Text size="xs" c="dimmed" fw={700} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

function Copyable({ value, label, testId }: { value: string; label: string; testId: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="sm" ff="monospace" data-testid={testId} style={{ wordBreak: 'break-all' }}>
        {value}
      </Text>
      <CopyButton value={value} timeout={2000}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copied!' : `Copy ${label}`}>
            <ActionIcon size="sm" variant="subtle" color={copied ? 'teal' : 'gray'} aria-label={`Copy ${label}`} onClick={copy}>
              <Icon name={copied ? 'check' : 'copy'} size={14} />
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

export function VmConnectionCard({ machine, simulationId }: { machine: RemoteVm; simulationId: string }) {
  const api = useApi();
  const { mutate } = useSWRConfig();
  const hours = useVmHours();
  const [toggling, setToggling] = useState(false);
  const mayChange = machine.password !== null;

  const toggle = async (on: boolean) => {
    setToggling(true);
    try {
      const updated = await setVmShutdownTime(api, simulationId, on ? autoShutdownTime(new Date()).toISOString() : null);
      await mutate(simulationVmKey(simulationId), updated, { revalidate: false });
    } catch (error) {
      showError(VM_MESSAGES.toggleFailed, errorMessage(error));
    } finally {
      setToggling(false);
    }
  };

  return (
    <Card withBorder radius="md" padding="md" data-testid="vm-details">
      <SimpleGrid cols={2} spacing="sm" verticalSpacing="sm">
        <Fact label="Running since">{formatDateTime(machine.runningSince)}</Fact>
        <Fact label="Hours used" testId="vm-hours-used">
          {formatVmHours(machine.hoursConsumed)}
        </Fact>
        <Fact label="VM hours left" testId="vm-hours-left">
          {hours.data ? formatVmHours(hours.data.hoursLeft) : '—'}
        </Fact>
        <Fact label="Auto shutdown">{machine.shutdownTime ? formatDateTime(machine.shutdownTime) : 'Off'}</Fact>
      </SimpleGrid>
      <Switch
        mt="sm"
        label="Shut down automatically 24 hours from now"
        checked={machine.shutdownTime !== null}
        disabled={toggling || !mayChange}
        onChange={(event) => void toggle(event.currentTarget.checked)}
        data-testid="vm-auto-shutdown"
      />
      <Divider my="sm" label="File transfer (SFTP)" labelPosition="left" />
      {machine.sftp ? (
        <Stack gap={6} data-testid="vm-sftp">
          <SimpleGrid cols={2} spacing="xs">
            <Fact label="Host">
              <Copyable value={machine.sftp.host} label="host" testId="vm-sftp-host" />
            </Fact>
            <Fact label="Port">
              <Copyable value={String(machine.sftp.port)} label="port" testId="vm-sftp-port" />
            </Fact>
          </SimpleGrid>
          <Fact label="User">
            <Copyable value={machine.sftp.username} label="user" testId="vm-sftp-user" />
          </Fact>
          {machine.password ? (
            <Group gap={4} align="flex-end" wrap="nowrap">
              <PasswordInput label="Password" size="xs" readOnly value={machine.password} style={{ flex: 1 }} data-testid="vm-sftp-password" />
              <CopyButton value={machine.password} timeout={2000}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? 'Copied!' : 'Copy password'}>
                    <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} aria-label="Copy password" onClick={copy} mb={4}>
                      <Icon name={copied ? 'check' : 'copy'} size={14} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
            </Group>
          ) : (
            <Text size="xs" c="dimmed">
              The password is shown to those who may change this simulation.
            </Text>
          )}
          <Text size="xs" c="dimmed">
            sftp -P {machine.sftp.port} {machine.sftp.username}@{machine.sftp.host}
          </Text>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          SFTP is not available on this server.
        </Text>
      )}
    </Card>
  );
}
