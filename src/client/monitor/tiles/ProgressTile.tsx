// Progress tile: how far the run is (simulated time over end time), how long it ran and has left, the
// last output, and the spec's messages for failed, launch-failed and long-launching runs.
import { Alert, Group, Progress, SimpleGrid, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { progressTileMessage } from '../../../domain/simulationState.ts';
import { SimulationStateBadge } from '../../ui/SimulationStateBadge.tsx';
import { useSimulationJobs } from '../../run/useSimulationJobs.ts';
import { latestValue } from '../logSeries.ts';
import { formatLogValue } from '../logValues.ts';
import { TileFact } from './TileFact.tsx';
import type { TileProps } from './tileProps.ts';

/** The launching-delay notice needs the clock to move on while nothing else changes. */
const CLOCK_TICK_MS = 30_000;

export function ProgressTile({ simulation, log }: TileProps) {
  const { data: jobs } = useSimulationJobs(simulation.id);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (simulation.state !== 'launching') return;
    const timer = setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, [simulation.state]);

  const run = jobs?.filter((j) => j.kind === 'solver_run').sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))[0];
  const launchingSince = run ? Date.parse(run.createdAt) : simulation.startedAt ? Date.parse(simulation.startedAt) : null;
  const message = progressTileMessage(simulation.state, launchingSince, now);

  // The live log is newer than the simulation record between two updates of it.
  const summary = simulation.log;
  const progress = latestValue(log.series, 'progress') ?? summary?.progress ?? 0;
  const time = latestValue(log.series, 'time') ?? summary?.time ?? null;
  const runtime = latestValue(log.series, 'runtime') ?? summary?.runtime ?? null;
  const runtimeLeft = latestValue(log.series, 'runtimeLeft') ?? summary?.runtimeLeft ?? null;
  const output = latestValue(log.series, 'output') ?? summary?.output ?? null;
  const percent = simulation.state === 'not_started' ? 0 : Math.max(0, Math.min(100, progress * 100));
  const finished = simulation.state === 'completed';
  const active = simulation.state === 'running' || simulation.state === 'launching' || simulation.state === 'creating';

  return (
    <div data-testid="progress-tile" data-progress={percent.toFixed(3)} data-output={output ?? ''}>
      <Group justify="space-between" mb={6} wrap="nowrap">
        <Text size="xl" fw={700} data-testid="progress-percent">
          {simulation.state === 'not_started' ? '—' : `${percent.toFixed(percent >= 10 || percent === 0 ? 0 : 1)} %`}
        </Text>
        <SimulationStateBadge simulation={simulation} />
      </Group>
      <Progress
        value={finished ? 100 : percent}
        color={message && simulation.state !== 'launching' ? 'red' : finished ? 'teal' : 'blue'}
        striped={active}
        animated={active}
        size="md"
        radius="sm"
        transitionDuration={0}
        aria-label="Simulation progress"
      />
      {message ? (
        <Alert color={simulation.state === 'launching' ? 'orange' : 'red'} variant="light" p={6} mt={8} data-testid="progress-message">
          <Text size="xs">{message}</Text>
        </Alert>
      ) : simulation.state === 'not_started' ? (
        <Text size="xs" c="dimmed" mt={8}>
          The simulation has not run yet. Start it with Run in the sidebar.
        </Text>
      ) : (
        <SimpleGrid cols={4} spacing="xs" mt={8}>
          <TileFact label="Simulated" testId="progress-time">
            {formatLogValue('time', time)}
          </TileFact>
          <TileFact label="Runtime">{formatLogValue('runtime', runtime)}</TileFact>
          <TileFact label="Time left">{active ? formatLogValue('runtimeLeft', runtimeLeft) : '—'}</TileFact>
          <TileFact label="Output" testId="progress-output">
            {formatLogValue('output', output)}
          </TileFact>
        </SimpleGrid>
      )}
    </div>
  );
}
