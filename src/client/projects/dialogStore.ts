// Which dialog of the projects page is open, and for what; buttons anywhere on the page open them.
import { create } from 'zustand';
import type { Project } from '../../domain/project.ts';
import type { SimulationSummary } from '../../domain/simulation.ts';

export type ProjectsDialog =
  | { kind: 'newProject' }
  | { kind: 'editProject'; project: Project }
  | { kind: 'deleteProject'; project: Project }
  | { kind: 'newSimulation'; project: Project }
  | { kind: 'renameSimulation'; simulation: SimulationSummary }
  | { kind: 'moveSimulation'; simulation: SimulationSummary; projectName: string }
  | { kind: 'deleteSimulation'; simulation: SimulationSummary }
  | { kind: 'uploadSetup'; simulation: SimulationSummary };

interface DialogState {
  dialog: ProjectsDialog | null;
  open: (dialog: ProjectsDialog) => void;
  close: () => void;
}

export const useProjectsDialogs = create<DialogState>((set) => ({
  dialog: null,
  open: (dialog) => set({ dialog }),
  close: () => set({ dialog: null }),
}));
