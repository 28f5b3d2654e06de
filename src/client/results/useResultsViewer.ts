// Drives the viewer engine from the outputs of the run through ResultsOutputSync: one sync per viewer,
// told about every change of the outputs list, its loading and error state handed to the screen.
import { useEffect, useMemo, useState } from 'react';
import type { OutputListEntry } from '../../domain/runOutputs.ts';
import { useServices } from '../app/services.ts';
import type { Viewer } from '../viewer/ViewerEngine.ts';
import { apiOutputSource } from './outputFolderSource.ts';
import { ResultsOutputSync, type OutputsSyncState } from './resultsOutputSync.ts';

export function useResultsViewer(viewer: Viewer | null, simulationId: string, outputs: readonly OutputListEntry[] | undefined, expectedTotal: number): OutputsSyncState {
  const { auth } = useServices();
  const [state, setState] = useState<OutputsSyncState>({ loadingFirst: false, error: null });
  const sync = useMemo(
    () => (viewer ? new ResultsOutputSync(viewer, (o) => apiOutputSource(auth, simulationId, o.outputNo, o.runId), setState) : null),
    [viewer, auth, simulationId],
  );

  useEffect(() => {
    if (sync && outputs) sync.update(outputs, expectedTotal);
  }, [sync, outputs, expectedTotal]);

  return state;
}
