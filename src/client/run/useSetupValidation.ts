// The setup's validation for the Input Validation panel and the start flow: computed in the client with
// the domain's validateSetup from the working copy (or the stored setup when the Setup screen is not
// open), plus the solver's support check from the server for the saved setup.
import { useMemo } from 'react';
import useSWR from 'swr';
import { validateSetup } from '../../domain/validation/validateSetup.ts';
import { useApi } from '../app/services.ts';
import { getServerValidation, getSetup } from '../setup/setupApi.ts';
import { SETUP_VALIDATION_PROFILE } from '../setup/setupParts.ts';
import { useSetupStore } from '../setup/setupStore.ts';
import { setupKey } from '../setup/useSetupSession.ts';

export function serverValidationKey(simulationId: string, savedRevision: number) {
  return ['validation', simulationId, savedRevision] as const;
}

export function useSetupValidation(simulationId: string) {
  const api = useApi();
  const working = useSetupStore((s) => (s.simulationId === simulationId ? s.document : null));
  const savedRevision = useSetupStore((s) => (s.simulationId === simulationId ? s.savedRevision : 0));
  const stored = useSWR(working ? null : setupKey(simulationId), ([, id]) => getSetup(api, id), { keepPreviousData: false });
  const document = working ?? stored.data ?? null;
  const validation = useMemo(() => (document ? validateSetup(document, { profile: SETUP_VALIDATION_PROFILE }) : null), [document]);
  const server = useSWR(serverValidationKey(simulationId, savedRevision), ([, id]) => getServerValidation(api, id), {
    keepPreviousData: true,
    shouldRetryOnError: false,
    revalidateOnFocus: false,
  });
  return {
    document,
    validation,
    loadError: stored.error as unknown,
    solverSupport: server.data?.solverSupport ?? null,
    solverSupportError: server.error as unknown,
    /** Errors of the setup or refusals of the solver: either blocks the start. */
    hasInputErrors: (validation ? !validation.valid : false) || (server.data ? server.data.solverSupport.length > 0 || !server.data.valid : false),
  };
}
