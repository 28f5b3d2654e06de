// Launching a simulation's machine from the menu bar or the Launch VM dialog: the toast that it is on its
// way ('Virtual Machine is launching'), or 'Error launching VM' with the server's reason.
import { useCallback, useState } from 'react';
import { useSWRConfig } from 'swr';
import { VM_MESSAGES, type RemoteVm } from '../../domain/vm.ts';
import { errorMessage } from '../api/ApiClient.ts';
import { useApi } from '../app/services.ts';
import { showError, showSuccess } from '../ui/toast.ts';
import { simulationVmKey } from './useSimulationVm.ts';
import { launchVm } from './vmApi.ts';

export function useLaunchVm(): { launch: (simulationId: string) => Promise<RemoteVm | null>; launching: boolean } {
  const api = useApi();
  const { mutate } = useSWRConfig();
  const [launching, setLaunching] = useState(false);
  const launch = useCallback(
    async (simulationId: string) => {
      setLaunching(true);
      try {
        const machine = await launchVm(api, simulationId);
        await mutate(simulationVmKey(simulationId), machine, { revalidate: false });
        await mutate('remote-vms');
        showSuccess(VM_MESSAGES.launching, VM_MESSAGES.launchingDetail);
        return machine;
      } catch (error) {
        showError(VM_MESSAGES.launchError, errorMessage(error));
        return null;
      } finally {
        setLaunching(false);
      }
    },
    [api, mutate],
  );
  return { launch, launching };
}
