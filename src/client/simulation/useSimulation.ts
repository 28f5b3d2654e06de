// One simulation from the API, shared by the menu bar, the simulation frame and its pages through SWR.
import useSWR from 'swr';
import { getSimulation } from '../api/simulationsApi.ts';
import { useApi } from '../app/services.ts';

export function simulationKey(id: string) {
  return ['simulation', id] as const;
}

export function useSimulation(id: string | undefined) {
  const api = useApi();
  return useSWR(id ? simulationKey(id) : null, ([, simulationId]) => getSimulation(api, simulationId), {
    shouldRetryOnError: false,
  });
}
