// The setup document of a simulation, read for the Monitor's budget (stop conditions) and variables
// tiles; shared between them through SWR and read again when a run starts (the setup is locked then).
import useSWR from 'swr';
import { useApi } from '../app/services.ts';
import { getSetup } from '../setup/setupApi.ts';

export function monitorSetupKey(simulationId: string) {
  return ['monitor-setup', simulationId] as const;
}

export function useSetupDocument(simulationId: string, revision: string | null) {
  const api = useApi();
  return useSWR([...monitorSetupKey(simulationId), revision] as const, ([, id]) => getSetup(api, id), {
    revalidateOnFocus: false,
    keepPreviousData: true,
  });
}
