// The jobs of a simulation (shared SWR key, polled while one is active) and what counts as busy. The live
// updates of both come from the page's one subscription, simulation/useLiveSimulation.ts.
import useSWR from 'swr';
import { isJobActive } from '../../domain/jobs.ts';
import { RUNNING_GROUP, type SimulationState } from '../../domain/simulationState.ts';
import { useApi } from '../app/services.ts';
import { listJobs } from './runApi.ts';

const POLL_ACTIVE_MS = 3000;

export function jobsKey(simulationId: string) {
  return ['jobs', simulationId] as const;
}

export function isSimulationBusy(state: SimulationState): boolean {
  return RUNNING_GROUP.includes(state) || state === 'stopping';
}

/** The jobs of a simulation, polled while one of them is scheduled or running. */
export function useSimulationJobs(simulationId: string) {
  const api = useApi();
  return useSWR(jobsKey(simulationId), ([, id]) => listJobs(api, id), {
    keepPreviousData: false,
    refreshInterval: (jobs) => (jobs?.some((j) => isJobActive(j.state)) ? POLL_ACTIVE_MS : 0),
  });
}
