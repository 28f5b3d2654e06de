// The right sidebar of the simulation screens (spec 1 §2 'Right sidebar'): which panels each mode shows,
// which are disabled, and how wide the sidebar is for each.
import { SIDEBAR_WIDTH_PX } from '../../domain/constants.ts';
import type { SimulationState } from '../../domain/simulationState.ts';
import type { SimulationMode } from './modes.ts';

export const SIDEBAR_PANELS = ['jobs', 'checklist', 'alerts', 'download', 'info', 'history'] as const;
export type SidebarPanel = (typeof SIDEBAR_PANELS)[number];
/** 'start' is the start-run flow, which opens in the sidebar at its own width. */
export type SidebarContent = SidebarPanel | 'start';

export const PANEL_LABEL: Record<SidebarPanel, string> = {
  jobs: 'Jobs Progress',
  checklist: 'Input Validation',
  alerts: 'Alerts',
  download: 'Download',
  info: 'General Info',
  history: 'History',
};

/** Jobs, checklist, info and history only on setup and results; alerts and download on every mode. */
export function panelVisible(panel: SidebarPanel, mode: SimulationMode): boolean {
  if (panel === 'alerts' || panel === 'download') return true;
  return mode === 'setup' || mode === 'results';
}

/** The checklist is disabled on results; download is disabled until the simulation was started. */
export function panelDisabledReason(panel: SidebarPanel, mode: SimulationMode, state: SimulationState): string | null {
  if (panel === 'checklist' && mode === 'results') return 'Input validation is part of the setup.';
  if (panel === 'download' && state === 'not_started') return 'Nothing to download before the simulation was started.';
  return null;
}

export function visiblePanels(mode: SimulationMode): SidebarPanel[] {
  return SIDEBAR_PANELS.filter((panel) => panelVisible(panel, mode));
}

/** Width in px: closed 50, start 400, alerts and download 350, every other panel 300. */
export function sidebarWidth(content: SidebarContent | null): number {
  if (content === null) return SIDEBAR_WIDTH_PX.closed;
  if (content === 'start') return SIDEBAR_WIDTH_PX.start;
  if (content === 'alerts') return SIDEBAR_WIDTH_PX.alerts;
  if (content === 'download') return SIDEBAR_WIDTH_PX.download;
  return SIDEBAR_WIDTH_PX.other;
}
