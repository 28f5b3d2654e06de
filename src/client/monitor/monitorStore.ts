// What the user chose on the Monitor and keeps while moving around the app: the graph unit (time or
// runtime) and the dashboard view open per simulation.
import { create } from 'zustand';
import type { GraphUnit } from '../../domain/dashboard.ts';

interface MonitorState {
  graphUnit: GraphUnit;
  viewBySimulation: Record<string, string>;
  setGraphUnit: (unit: GraphUnit) => void;
  selectView: (simulationId: string, viewId: string) => void;
}

export const useMonitorStore = create<MonitorState>((set) => ({
  graphUnit: 'time',
  viewBySimulation: {},
  setGraphUnit: (graphUnit) => set({ graphUnit }),
  selectView: (simulationId, viewId) => set((s) => ({ viewBySimulation: { ...s.viewBySimulation, [simulationId]: viewId } })),
}));
