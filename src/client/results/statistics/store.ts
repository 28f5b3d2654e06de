// State of the statistics panel of Results: its mode (minimized, half-screen, fullscreen), the form's
// draft, the latest computation and the chart windows. One simulation at a time: opening another one's
// Results starts afresh.
import { create } from 'zustand';
import type { ChartLayout, ChartWindow, DatasetLayout } from '../../../domain/chart.ts';
import { addResultToCharts, removeDataset } from './chartWindows.ts';
import { initialDraft, type StatisticsDraft } from './statisticsConfig.ts';
import type { StatisticsResult } from './statisticsResult.ts';

export const statisticsPanelModes = ['minimized', 'half', 'fullscreen'] as const;
export type StatisticsPanelMode = (typeof statisticsPanelModes)[number];
export type StatisticsView = 'table' | 'charts';

interface StatisticsPanelState {
  simulationId: string | null;
  mode: StatisticsPanelMode;
  view: StatisticsView;
  draft: StatisticsDraft;
  /** The ranges were set from the outputs (once) or by the user; later outputs leave them alone. */
  rangesInitialised: boolean;
  result: StatisticsResult | null;
  charts: ChartWindow[];
  /** Volume clips the server could not use as masks (masking_error). */
  failedMasks: string[];

  /** Starts afresh for another simulation; the same one keeps everything. */
  open: (simulationId: string) => void;
  setMode: (mode: StatisticsPanelMode) => void;
  setView: (view: StatisticsView) => void;
  updateDraft: (patch: Partial<StatisticsDraft>) => void;
  initialiseRanges: (ranges: Pick<StatisticsDraft, 'outputRange' | 'timeRange'>) => void;
  setResult: (result: StatisticsResult | null) => void;
  updateResult: (update: (result: StatisticsResult) => StatisticsResult) => void;
  /** Puts a finished computation's values into the chart windows. */
  chartResult: (result: StatisticsResult) => void;
  setLayout: (windowId: string, patch: Partial<Omit<ChartLayout, 'datasetLayouts'>>) => void;
  setDatasetLayout: (windowId: string, datasetId: string, patch: Partial<DatasetLayout>) => void;
  removeDataset: (windowId: string, datasetId: string) => void;
  removeWindow: (windowId: string) => void;
  markMaskFailed: (clipId: string) => void;
}

const fresh = (simulationId: string | null) => ({
  simulationId,
  mode: 'minimized' as StatisticsPanelMode,
  view: 'table' as StatisticsView,
  draft: initialDraft(),
  rangesInitialised: false,
  result: null,
  charts: [],
  failedMasks: [],
});

export const useStatisticsStore = create<StatisticsPanelState>((set) => ({
  ...fresh(null),
  open: (simulationId) => set((s) => (s.simulationId === simulationId ? {} : fresh(simulationId))),
  setMode: (mode) => set({ mode }),
  setView: (view) => set({ view }),
  updateDraft: (patch) =>
    set((s) => ({
      draft: { ...s.draft, ...patch },
      rangesInitialised: s.rangesInitialised || 'outputRange' in patch || 'timeRange' in patch,
      // A changed selection may name clips that are usable again.
      failedMasks: 'selection' in patch ? [] : s.failedMasks,
    })),
  initialiseRanges: (ranges) => set((s) => (s.rangesInitialised ? {} : { draft: { ...s.draft, ...ranges }, rangesInitialised: true })),
  setResult: (result) => set({ result }),
  updateResult: (update) => set((s) => (s.result ? { result: update(s.result) } : {})),
  chartResult: (result) => set((s) => ({ charts: addResultToCharts(s.charts, result, () => crypto.randomUUID()) })),
  setLayout: (windowId, patch) => set((s) => ({ charts: s.charts.map((w) => (w.id === windowId ? { ...w, layout: { ...w.layout, ...patch } } : w)) })),
  setDatasetLayout: (windowId, datasetId, patch) =>
    set((s) => ({
      charts: s.charts.map((w) => {
        const current = w.layout.datasetLayouts[datasetId];
        if (w.id !== windowId || !current) return w;
        return { ...w, layout: { ...w.layout, datasetLayouts: { ...w.layout.datasetLayouts, [datasetId]: { ...current, ...patch } } } };
      }),
    })),
  removeDataset: (windowId, datasetId) => set((s) => ({ charts: removeDataset(s.charts, windowId, datasetId) })),
  removeWindow: (windowId) => set((s) => ({ charts: s.charts.filter((w) => w.id !== windowId) })),
  markMaskFailed: (clipId) => set((s) => (s.failedMasks.includes(clipId) ? {} : { failedMasks: [...s.failedMasks, clipId] })),
}));
