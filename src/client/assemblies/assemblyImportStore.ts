// The assembly import modal's state shared by the meshing tools menu, the modal and the tracking of
// tessellation runs: whether it is open and on which step, the assembly shown, and the runs followed
// until they end.
import { create } from 'zustand';

export type AssemblyImportStep = 'organize' | 'tessellate';

interface AssemblyImportState {
  opened: boolean;
  step: AssemblyImportStep;
  /** The assembly the modal shows (the newest when null). */
  assemblyId: string | null;
  /** Tessellation runs followed until they end (their parts are reloaded when they complete). */
  tracked: string[];
  open: () => void;
  close: () => void;
  setStep: (step: AssemblyImportStep) => void;
  chooseAssembly: (assemblyId: string | null) => void;
  track: (runId: string) => void;
  untrack: (runId: string) => void;
}

export const useAssemblyImportStore = create<AssemblyImportState>((set) => ({
  opened: false,
  step: 'organize',
  assemblyId: null,
  tracked: [],
  open: () => set({ opened: true, step: 'organize' }),
  close: () => set({ opened: false }),
  setStep: (step) => set({ step }),
  chooseAssembly: (assemblyId) => set({ assemblyId }),
  track: (runId) => set((s) => ({ tracked: s.tracked.includes(runId) ? s.tracked : [...s.tracked, runId] })),
  untrack: (runId) => set((s) => ({ tracked: s.tracked.filter((id) => id !== runId) })),
}));
