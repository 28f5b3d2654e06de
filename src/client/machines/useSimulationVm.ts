// A simulation's machine (null when it has none) and the organisation's VM hours, polled every 10 s
// (spec 2 §7), shared by the menu bar's VM button, the VM screen and the machines list through SWR.
import useSWR from 'swr';
import { POLL_INTERVAL_MS } from '../../domain/constants.ts';
import { NotFoundError } from '../../domain/errors.ts';
import type { RemoteVm } from '../../domain/vm.ts';
import { useApi } from '../app/services.ts';
import { getSimulationVm, getVmHours } from './vmApi.ts';

export function simulationVmKey(simulationId: string) {
  return ['remote-vm', simulationId] as const;
}

export const VM_HOURS_KEY = 'remote-vm-hours';

export function useSimulationVm(simulationId: string | undefined) {
  const api = useApi();
  return useSWR(
    simulationId ? simulationVmKey(simulationId) : null,
    async ([, id]): Promise<RemoteVm | null> => {
      try {
        return await getSimulationVm(api, id);
      } catch (error) {
        if (error instanceof NotFoundError) return null;
        throw error;
      }
    },
    { refreshInterval: POLL_INTERVAL_MS.vms, shouldRetryOnError: false },
  );
}

export function useVmHours() {
  const api = useApi();
  return useSWR(VM_HOURS_KEY, () => getVmHours(api), { refreshInterval: POLL_INTERVAL_MS.vms, shouldRetryOnError: false });
}
