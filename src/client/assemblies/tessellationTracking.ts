// Following tessellation runs to their end (spec 2 §4 'Jobs', polling every 1 s): a run that fails or is
// cancelled is dropped from tracking; one that completes has its parts reloaded on the Setup screen: their
// new meshes are downloaded (at most 12 at a time) and the parts, as the run wrote them into the setup, take
// their place in the working copy without losing edits that are not saved yet.
import { useEffect, useRef } from 'react';
import useSWR, { mutate as mutateCache } from 'swr';
import { ASSEMBLY_MESSAGES } from '../../domain/assembly.ts';
import { POLL_INTERVAL_MS, TESSELLATION_DOWNLOAD_CONCURRENCY } from '../../domain/constants.ts';
import { isJobActive } from '../../domain/jobs.ts';
import type { ApiClient, TokenSource } from '../api/ApiClient.ts';
import { errorMessage } from '../api/ApiClient.ts';
import { useServices } from '../app/services.ts';
import { jobsKey } from '../run/useSimulationJobs.ts';
import { getFileBytes, getSetup } from '../setup/setupApi.ts';
import { useSetupStore } from '../setup/setupStore.ts';
import { useStlFileStore } from '../setup/stlFileStore.ts';
import { parseStl } from '../setup/stlGeometry.ts';
import { setupKey } from '../setup/useSetupSession.ts';
import { showError, showSuccess } from '../ui/toast.ts';
import { listTessellationRuns } from './assembliesApi.ts';
import { runQueued, withServerParts } from './partReload.ts';
import { useAssemblyImportStore } from './assemblyImportStore.ts';

export function tessellationRunsKey(simulationId: string) {
  return ['tessellation-runs', simulationId] as const;
}

/** Reloads the parts a completed run wrote: meshes first (so they draw at once), then the documents. */
export async function reloadTessellatedParts(api: ApiClient, tokens: TokenSource, simulationId: string, partIds: readonly string[]): Promise<void> {
  const server = await getSetup(api, simulationId);
  const store = useSetupStore.getState();
  if (store.simulationId === simulationId) {
    const wanted = new Set(partIds);
    const fileIds = server.parts.filter((p) => wanted.has(p.id) && p.shape.type === 'stl' && p.shape.fileId).map((p) => (p.shape as { fileId: string }).fileId);
    const files = useStlFileStore.getState();
    await runQueued(fileIds.filter((id) => !files.files.has(id)), TESSELLATION_DOWNLOAD_CONCURRENCY, async (fileId) => {
      useStlFileStore.getState().put(fileId, parseStl(await getFileBytes(tokens, fileId)));
    });
    const current = useSetupStore.getState();
    const unsaved = current.revision !== current.savedRevision || current.saving;
    if (!unsaved || !current.document) current.load(simulationId, server, current.locked);
    else current.update((document) => withServerParts(document, server, partIds));
  }
  await mutateCache(setupKey(simulationId), server, { revalidate: false });
}

/** Polls the simulation's tessellation runs while one that is tracked is active, and acts on their ends. */
export function useTessellationTracking(simulationId: string): void {
  const { api, auth } = useServices();
  const tracked = useAssemblyImportStore((s) => s.tracked);
  const untrack = useAssemblyImportStore((s) => s.untrack);
  const handled = useRef(new Set<string>());
  const { data: runs } = useSWR(tracked.length > 0 ? tessellationRunsKey(simulationId) : null, ([, id]) => listTessellationRuns(api, id), {
    refreshInterval: POLL_INTERVAL_MS.tessellations,
  });
  useEffect(() => {
    for (const run of runs ?? []) {
      if (!tracked.includes(run.id) || isJobActive(run.state) || handled.current.has(run.id)) continue;
      handled.current.add(run.id);
      untrack(run.id);
      void mutateCache(jobsKey(simulationId));
      if (run.state === 'completed') {
        reloadTessellatedParts(api, auth, simulationId, run.partIds)
          .then(() => showSuccess(ASSEMBLY_MESSAGES.setupPartsUpdated(run.partIds.length), run.warnings.map((w) => w.message).join(' ')))
          .catch((error: unknown) => showError('The tessellated parts could not be loaded', errorMessage(error)));
      } else if (run.state === 'failed') {
        showError('Tessellation failed', run.errors[0]?.message ?? '');
      }
    }
  }, [runs, tracked, untrack, api, auth, simulationId]);
}
