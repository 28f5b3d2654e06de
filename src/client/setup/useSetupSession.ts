// Loads the setup document of the open simulation into the Setup store and saves every change back
// (debounced PUT, one request at a time). Nothing is lost silently: a failed save keeps the change,
// says why and is retried with the next change or on request; leaving the page flushes pending changes.
import { useEffect } from 'react';
import useSWR, { mutate as mutateCache } from 'swr';
import type { Simulation } from '../../domain/simulation.ts';
import type { ApiClient } from '../api/ApiClient.ts';
import { sameValue } from './forms/useAutoApplyForm.ts';
import { errorMessage } from '../api/ApiClient.ts';
import { ApiRequestError } from '../../domain/errors.ts';
import { useApi } from '../app/services.ts';
import { getSetup, putSetup } from './setupApi.ts';
import { useSetupStore } from './setupStore.ts';

/** Quiet time after the last change before it is sent. */
export const AUTOSAVE_DELAY_MS = 700;

export function setupKey(simulationId: string) {
  return ['setup', simulationId] as const;
}

async function saveNow(api: ApiClient, simulationId: string): Promise<void> {
  const store = useSetupStore.getState();
  if (store.simulationId !== simulationId || !store.document || store.saving) return;
  if (store.revision === store.savedRevision) return;
  const document = store.document;
  const revision = store.saveStarted();
  try {
    await putSetup(api, simulationId, document);
    useSetupStore.getState().saveSucceeded(revision);
    // The cached copy follows, so that coming back to the screen shows what the server has.
    await mutateCache(setupKey(simulationId), document, { revalidate: false });
  } catch (error) {
    useSetupStore.getState().saveFailed(errorMessage(error), revision, error instanceof ApiRequestError ? error.fieldErrors : []);
  }
}

export function useSetupSession(simulation: Pick<Simulation, 'id' | 'setupLocked'>) {
  const api = useApi();
  const simulationId = simulation.id;
  const { data, error } = useSWR(setupKey(simulationId), ([, id]) => getSetup(api, id), {
    keepPreviousData: false,
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });

  useEffect(() => {
    if (!data) return;
    const store = useSetupStore.getState();
    const holds = store.simulationId === simulationId && store.document !== null;
    // A working copy with unsaved changes wins over the copy read from the server; an unchanged one stays
    // as it is (with its selection); a setup changed elsewhere replaces it.
    if (holds && (store.revision !== store.savedRevision || sameValue(store.document, data))) return;
    store.load(simulationId, data, simulation.setupLocked);
  }, [data, simulationId]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    useSetupStore.getState().setLocked(simulation.setupLocked);
  }, [simulation.setupLocked]);

  const revision = useSetupStore((s) => s.revision);
  const savedRevision = useSetupStore((s) => s.savedRevision);
  const saving = useSetupStore((s) => s.saving);
  const failedRevision = useSetupStore((s) => s.failedRevision);
  const loadedId = useSetupStore((s) => s.simulationId);

  useEffect(() => {
    if (loadedId !== simulationId || saving || revision === savedRevision || failedRevision === revision) return;
    const timer = setTimeout(() => void saveNow(api, simulationId), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [api, simulationId, loadedId, revision, savedRevision, saving, failedRevision]);

  // Leaving the screen or the page sends what is pending; the browser asks before closing with unsent changes.
  useEffect(() => {
    const flush = () => void saveNow(api, simulationId);
    const beforeUnload = (event: BeforeUnloadEvent) => {
      const s = useSetupStore.getState();
      if (s.simulationId === simulationId && s.revision !== s.savedRevision) {
        flush();
        event.preventDefault();
      }
    };
    window.addEventListener('beforeunload', beforeUnload);
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [api, simulationId]);

  const document = useSetupStore((s) => (s.simulationId === simulationId ? s.document : null));
  return {
    document,
    error: error as unknown,
    retry: () => {
      useSetupStore.getState().retrySave();
      void saveNow(api, simulationId);
    },
  };
}
