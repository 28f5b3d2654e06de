// Job tile: the jobs of the simulation, newest first (the solver run, its discretization and the rest),
// each with its state, progress and first error.
import { Badge, Group, Progress, ScrollArea, Stack, Text } from '@mantine/core';
import { displayedJobState, isJobActive, type DisplayedJobState } from '../../../domain/jobs.ts';
import { errorMessage } from '../../api/ApiClient.ts';
import { JOB_KIND_LABEL } from '../../run/JobCard.tsx';
import { useSimulationJobs } from '../../run/useSimulationJobs.ts';
import { formatDateTime } from '../../ui/format.ts';
import type { TileProps } from './tileProps.ts';

const STATE_COLOR: Record<DisplayedJobState, string> = {
  scheduled: 'gray',
  running: 'blue',
  completed: 'teal',
  failed: 'red',
  canceled: 'orange',
  unknown: 'gray',
};

export function JobTile({ simulation }: TileProps) {
  const { data: jobs, error } = useSimulationJobs(simulation.id);
  if (error && !jobs) return <Text size="xs" c="red">The jobs could not be loaded: {errorMessage(error)}</Text>;
  if (!jobs) return <Text size="xs" c="dimmed">Reading the jobs…</Text>;
  if (jobs.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="job-tile-empty">
        No jobs yet. Discretizing the setup and running the simulation start jobs that show here.
      </Text>
    );
  }
  const sorted = [...jobs].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  return (
    <ScrollArea h="100%" type="auto" data-testid="job-tile">
      <Stack gap={6}>
        {sorted.map((job) => {
          const state = displayedJobState(job.state);
          const active = isJobActive(job.state);
          return (
            <div key={job.id} data-testid={`job-tile-${job.kind}`} data-state={state}>
              <Group gap={8} wrap="nowrap">
                <Text size="sm" fw={600} w={140} truncate="end">
                  {JOB_KIND_LABEL[job.kind]}
                </Text>
                <Badge size="xs" variant="light" color={STATE_COLOR[state]} w={84}>
                  {state}
                </Badge>
                <Progress
                  style={{ flex: 1 }}
                  value={job.progress ?? (active ? 100 : job.state === 'completed' ? 100 : 0)}
                  striped={active}
                  animated={active && job.progress === null}
                  color={STATE_COLOR[state]}
                  size="sm"
                  transitionDuration={0}
                  aria-label={`${JOB_KIND_LABEL[job.kind]} progress`}
                />
                <Text size="xs" c="dimmed" w={42} ta="right">
                  {job.progress === null ? '' : `${Math.round(job.progress)} %`}
                </Text>
                <Text size="xs" c="dimmed" w={112} ta="right">
                  {formatDateTime(job.createdAt)}
                </Text>
              </Group>
              {job.errors[0] && (
                <Text size="xs" c="red" truncate="end">
                  {job.errors[0].message}
                </Text>
              )}
            </div>
          );
        })}
      </Stack>
    </ScrollArea>
  );
}
