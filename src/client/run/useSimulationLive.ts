// Keeps a simulation and its jobs fresh while something happens: realtime updates from the server
// (simulation.update, job.update, and a resync after missed events) revalidate them through the realtime
// channel's counted watch, and polling covers the time the channel is down.
import { useEffect } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { isJobActive } from '../../domain/jobs.ts';
import { RUNNING_GROUP, type SimulationState } from '../../domain/simulationState.ts';
import { useApi } from '../app/services.ts';
import { RESYNC_EVENT } from '../realtime/RealtimeChannel.ts';
import { useSimulationEvents } from '../realtime/useSimulationEvents.ts';
import { simulationKey } from '../simulation/useSimulation.ts';
import { listJobs } from './runApi.ts';
import { showWarning } from './runToasts.ts';

const POLL_ACTIVE_MS = 3000;

export function jobsKey(simulationId: string) {
  return ['jobs', simulationId] as const;
}

export function isSimulationBusy(state: SimulationState): boolean {
  return RUNNING_GROUP.includes(state) || state === 'stopping';
}

/** Revalidates the simulation while it runs and whenever the server reports a change. */
export function useSimulationUpdates(simulationId: string, state: SimulationState): void {
  const { mutate } = useSWRConfig();

  useSimulationEvents(simulationId, (event) => {
    if (event.type === 'simulation.update') void mutate(simulationKey(simulationId));
    else if (event.type === 'job.update') void mutate(jobsKey(simulationId));
    else if (event.type === RESYNC_EVENT) {
      void mutate(simulationKey(simulationId));
      void mutate(jobsKey(simulationId));
    } else if (event.type === 'condition.triggered' && typeof event.message === 'string') {
      // Alerts of the start flow (warning conditions) and stop conditions say so when they fire.
      showWarning('Condition reached', event.message);
    }
  });

  const busy = isSimulationBusy(state);
  useEffect(() => {
    if (!busy) return;
    const timer = setInterval(() => void mutate(simulationKey(simulationId)), POLL_ACTIVE_MS);
    return () => clearInterval(timer);
  }, [busy, mutate, simulationId]);
}

/** The jobs of a simulation, polled while one of them is scheduled or running. */
export function useSimulationJobs(simulationId: string) {
  const api = useApi();
  return useSWR(jobsKey(simulationId), ([, id]) => listJobs(api, id), {
    keepPreviousData: false,
    refreshInterval: (jobs) => (jobs?.some((j) => isJobActive(j.state)) ? POLL_ACTIVE_MS : 0),
  });
}
