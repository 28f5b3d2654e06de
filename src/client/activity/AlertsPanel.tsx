// Alerts panel of the right sidebar: warning conditions that fired during a run and jobs that failed,
// newest first, each with its time and text. Kept on the server, so they are there after a reload; the
// page's live subscription reads them again when a condition fires or a job fails.
import { Alert as Notice, Badge, Card, Group, Loader, Stack, Text } from '@mantine/core';
import type { Alert } from '../../domain/alerts.ts';
import type { Simulation } from '../../domain/simulation.ts';
import { errorMessage } from '../api/ApiClient.ts';
import { JOB_KIND_LABEL } from '../run/JobCard.tsx';
import { formatDateTime } from '../ui/format.ts';
import { useAlerts } from './activityApi.ts';

/** The alert's heading: what raised it. */
export function alertTitle(alert: Alert): string {
  if (alert.source === 'job') return `${alert.jobKind ? JOB_KIND_LABEL[alert.jobKind] : 'Job'} failed`;
  return 'Condition reached';
}

export function AlertsPanel({ simulation }: { simulation: Simulation }) {
  const { data: alerts, error } = useAlerts(simulation.id);
  if (error) return <Notice color="red" title="The alerts could not be loaded">{errorMessage(error)}</Notice>;
  if (!alerts) return <Loader size="sm" />;
  if (alerts.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="alerts-empty">
        No alerts. Warning conditions you set when starting a run, and jobs that fail, show here.
      </Text>
    );
  }
  return (
    <Stack gap="xs" data-testid="alerts-panel">
      {alerts.map((alert) => (
        <Card key={alert.id} withBorder padding="xs" radius="md" data-testid="alert-item" data-level={alert.level} data-source={alert.source}>
          <Group justify="space-between" wrap="nowrap" gap={6}>
            <Text size="sm" fw={600} data-testid="alert-title">
              {alertTitle(alert)}
            </Text>
            <Badge size="xs" variant="light" color={alert.level === 'error' ? 'red' : 'orange'}>
              {alert.level}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed" data-testid="alert-time">
            {formatDateTime(alert.at)}
          </Text>
          <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }} data-testid="alert-message">
            {alert.message}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}
