// The latest user export of a simulation, polled every 5 s (spec 2 §7) and read again whenever the
// realtime channel reports a change of one of the simulation's export jobs, or after a reconnect.
import useSWR from 'swr';
import { POLL_INTERVAL_MS } from '../../domain/constants.ts';
import { useApi } from '../app/services.ts';
import { RESYNC_EVENT } from '../realtime/RealtimeChannel.ts';
import { useSimulationEvents } from '../realtime/useSimulationEvents.ts';
import { getLatestExport } from './exportApi.ts';

export function userExportKey(simulationId: string) {
  return ['user-export', simulationId] as const;
}

export function useUserExport(simulationId: string) {
  const api = useApi();
  const swr = useSWR(userExportKey(simulationId), ([, id]) => getLatestExport(api, id), { refreshInterval: POLL_INTERVAL_MS.userExport });
  const { mutate } = swr;
  useSimulationEvents(simulationId, (event) => {
    if (event.type === RESYNC_EVENT) {
      void mutate();
      return;
    }
    if (event.type !== 'job.update') return;
    const job = event.job as { kind?: unknown } | undefined;
    if (job?.kind === 'user_export') void mutate();
  });
  return swr;
}
