// Jobs Progress panel (right sidebar 'jobs'): the simulation run's state with the spec's progress messages,
// the Discretize action (disabled while one is scheduled or running), and every job of the simulation with
// state, progress and cancel.
import { Alert, Button, Card, Loader, Stack, Text, Tooltip } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useSWRConfig } from 'swr';
import { discretizeDisabled } from '../../domain/jobs.ts';
import type { Simulation } from '../../domain/simulation.ts';
import { progressTileMessage } from '../../domain/simulationState.ts';
import { errorMessage } from '../api/ApiClient.ts';
import { useApi } from '../app/services.ts';
import { useSetupStore } from '../setup/setupStore.ts';
import { SimulationStateBadge } from '../ui/SimulationStateBadge.tsx';
import { DiscretizationResult } from './DiscretizationResult.tsx';
import { JobCard } from './JobCard.tsx';
import { discretizationResultOf, jobCancelCall, startDiscretization, type SimulationJob } from './runApi.ts';
import { jobsKey, useSimulationJobs } from './useSimulationJobs.ts';
import { useSetupValidation } from './useSetupValidation.ts';

function launchingSince(jobs: readonly SimulationJob[]): number | null {
  const run = jobs.find((j) => j.kind === 'solver_run');
  return run ? Date.parse(run.createdAt) : null;
}

export function JobsPanel({ simulation }: { simulation: Simulation }) {
  const api = useApi();
  const { mutate } = useSWRConfig();
  const { data: jobs, error } = useSimulationJobs(simulation.id);
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);
  const unsaved = useSetupStore((s) => s.simulationId === simulation.id && s.revision !== s.savedRevision);
  const { document } = useSetupValidation(simulation.id);
  const partNames = useMemo(() => new Map((document?.parts ?? []).map((p) => [p.id, p.name])), [document]);

  if (error) return <Alert color="red" title="The jobs could not be loaded">{errorMessage(error)}</Alert>;
  if (!jobs) return <Loader size="sm" />;

  const sorted = [...jobs].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  const blocked = discretizeDisabled(jobs);
  const message = progressTileMessage(simulation.state, launchingSince(sorted), Date.now());

  const discretize = async () => {
    setStarting(true);
    setStartError(null);
    try {
      await startDiscretization(api, simulation.id);
      await mutate(jobsKey(simulation.id));
    } catch (caught) {
      setStartError(errorMessage(caught));
    } finally {
      setStarting(false);
    }
  };

  return (
    <Stack gap="sm" data-testid="jobs-panel">
      <Card withBorder padding="sm" radius="md" data-testid="jobs-simulation">
        <Text size="sm" fw={600} mb={4}>
          Simulation
        </Text>
        <SimulationStateBadge simulation={simulation} />
        {simulation.log && (
          <Text size="xs" c="dimmed" mt={4}>
            {Math.round(simulation.log.progress * 100)} % · simulated {simulation.log.time.toPrecision(4)} s · {simulation.log.particles.toLocaleString('en-US')} particles
          </Text>
        )}
        {message && (
          <Text size="xs" c={simulation.state === 'launching' ? 'orange.8' : 'red'} mt={4} data-testid="jobs-simulation-message">
            {message}
          </Text>
        )}
      </Card>
      <Card withBorder padding="sm" radius="md">
        <Text size="sm" fw={600}>
          Discretization
        </Text>
        <Text size="xs" c="dimmed" mt={2} mb={8}>
          Turns the saved setup into particles and reports their counts.
        </Text>
        <Tooltip
          label={blocked ? 'A discretization is already scheduled or running.' : 'Save pending changes first.'}
          disabled={!blocked && !unsaved}
          withArrow
        >
          <Button size="xs" fullWidth variant="outline" onClick={() => void discretize()} loading={starting} disabled={blocked || unsaved} data-testid="discretize">
            Discretize
          </Button>
        </Tooltip>
        {startError && (
          <Text size="xs" c="red" mt={6} data-testid="discretize-error">
            {startError}
          </Text>
        )}
      </Card>
      {sorted.length === 0 ? (
        <Text size="xs" c="dimmed" data-testid="jobs-empty">
          No jobs yet.
        </Text>
      ) : (
        sorted.map((job) => {
          const result = job.kind === 'discretization' && job.state === 'completed' ? discretizationResultOf(job) : null;
          const cancel = jobCancelCall(api, simulation.id, job);
          const onCancel = cancel
            ? async () => {
                await cancel();
                await mutate(jobsKey(simulation.id));
              }
            : undefined;
          return (
            <JobCard key={job.id} job={job} onCancel={onCancel}>
              {result && <DiscretizationResult result={result} partNames={partNames} />}
            </JobCard>
          );
        })
      )}
    </Stack>
  );
}
