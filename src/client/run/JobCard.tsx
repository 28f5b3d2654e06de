// One job of the Jobs Progress panel: kind, state, progress (indeterminate while unknown), errors and
// warnings, and the cancel action where the job can be cancelled.
import { ActionIcon, Badge, Card, Group, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { displayedJobState, isJobActive, type DisplayedJobState, type JobKind } from '../../domain/jobs.ts';
import { formatDateTime } from '../ui/format.ts';
import { Icon } from '../ui/Icon.tsx';
import { CancelJobDialog } from './CancelJobDialog.tsx';
import type { SimulationJob } from './runApi.ts';

export const JOB_KIND_LABEL: Record<JobKind, string> = {
  discretization: 'Discretization',
  assembly: 'Assembly import',
  tessellation: 'Tessellation',
  sensor_recomputation: 'Sensor computation',
  user_export: 'Export',
  statistics: 'Statistics',
  solver_run: 'Simulation run',
  remote_vm: 'Virtual machine',
};

const STATE_COLOR: Record<DisplayedJobState, string> = {
  scheduled: 'gray',
  running: 'blue',
  completed: 'teal',
  failed: 'red',
  canceled: 'orange',
  unknown: 'gray',
};

interface Props {
  job: SimulationJob;
  /** Present when this kind of job can be cancelled from here. */
  onCancel?: () => Promise<void>;
  children?: React.ReactNode;
}

export function JobCard({ job, onCancel, children }: Props) {
  const [confirming, setConfirming] = useState(false);
  const state = displayedJobState(job.state);
  const active = isJobActive(job.state);
  return (
    <Card withBorder padding="sm" radius="md" data-testid={`job-${job.kind}`} data-state={state}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap={6}>
          <Text size="sm" fw={600} truncate="end" style={{ minWidth: 0 }}>
            {JOB_KIND_LABEL[job.kind]}
          </Text>
          {onCancel && active && (
            <Tooltip label="Stop computation" withArrow>
              <ActionIcon size="sm" variant="subtle" color="red" aria-label="Stop computation" data-testid="job-cancel" onClick={() => setConfirming(true)}>
                <Icon name="x" size={14} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
        <Group gap={6} wrap="nowrap">
          <Badge size="xs" color={STATE_COLOR[state]} variant="light" data-testid="job-state" style={{ flex: 'none' }}>
            {state}
          </Badge>
          <Text size="xs" c="dimmed" truncate="end">
            {active && job.progress !== null ? `${Math.round(job.progress)} % · ` : ''}
            {formatDateTime(job.createdAt)}
          </Text>
        </Group>
        {active && (
          <Progress
            value={job.progress ?? 100}
            striped={job.progress === null}
            animated={job.progress === null || job.state === 'running'}
            size="sm"
            data-testid="job-progress"
            aria-label={job.progress === null ? 'In progress' : `${Math.round(job.progress)} %`}
          />
        )}
        {job.errors.map((e, i) => (
          <Text key={`e${i}`} size="xs" c="red" data-testid="job-error">
            {e.message}
          </Text>
        ))}
        {job.warnings.map((w, i) => (
          <Text key={`w${i}`} size="xs" c="yellow.8" data-testid="job-warning">
            {w.message}
          </Text>
        ))}
        {children}
      </Stack>
      {onCancel && (
        <CancelJobDialog opened={confirming} jobState={job.state} onCancelJob={onCancel} onClose={() => setConfirming(false)} />
      )}
    </Card>
  );
}
