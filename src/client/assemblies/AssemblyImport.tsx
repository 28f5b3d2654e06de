// The assembly import of a simulation screen (Setup and Results): the modal that Open CAD opens, and the
// tracking of the tessellation runs started from it, which goes on after the modal closed.
import { useEffect } from 'react';
import { AssemblyImportModal } from './AssemblyImportModal.tsx';
import { useAssemblyImportStore } from './assemblyImportStore.ts';
import { useTessellationTracking } from './tessellationTracking.ts';

export function AssemblyImport({ simulationId, setupLocked }: { simulationId: string; setupLocked: boolean }) {
  useTessellationTracking(simulationId);
  const opened = useAssemblyImportStore((s) => s.opened);
  // Another simulation starts with its own newest assembly.
  useEffect(() => {
    useAssemblyImportStore.getState().chooseAssembly(null);
    return () => useAssemblyImportStore.getState().close();
  }, [simulationId]);
  return opened ? <AssemblyImportModal simulationId={simulationId} setupLocked={setupLocked} /> : null;
}
