// Contents of the sidebar panels that exist in this build (General Info, Jobs Progress, Input Validation,
// Download, Alerts, History); the tabs of any others stay disabled and say so.
import type { Simulation } from '../../domain/simulation.ts';
import { AlertsPanel } from '../activity/AlertsPanel.tsx';
import { HistoryPanel } from '../activity/HistoryPanel.tsx';
import { DownloadPanel } from '../export/DownloadPanel.tsx';
import { JobsPanel } from '../run/JobsPanel.tsx';
import { ValidationPanel } from '../run/ValidationPanel.tsx';
import { SimulationFacts } from './SimulationFacts.tsx';
import type { SidebarPanel } from './sidebarPanels.ts';


export function SidebarPanelBody({ panel, simulation }: { panel: SidebarPanel; simulation: Simulation }) {
  if (panel === 'info') return <SimulationFacts simulation={simulation} compact />;
  if (panel === 'jobs') return <JobsPanel simulation={simulation} />;
  if (panel === 'checklist') return <ValidationPanel simulation={simulation} />;
  if (panel === 'download') return <DownloadPanel simulation={simulation} />;
  if (panel === 'alerts') return <AlertsPanel simulation={simulation} />;
  if (panel === 'history') return <HistoryPanel simulation={simulation} />;
  return null;
}
