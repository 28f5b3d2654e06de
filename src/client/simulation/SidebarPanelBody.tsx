// Contents of the sidebar panels that exist in this build (General Info, Jobs Progress, Input Validation,
// Download); the tabs of the others stay disabled and say so.
import type { Simulation } from '../../domain/simulation.ts';
import { DownloadPanel } from '../export/DownloadPanel.tsx';
import { JobsPanel } from '../run/JobsPanel.tsx';
import { ValidationPanel } from '../run/ValidationPanel.tsx';
import { SimulationFacts } from './SimulationFacts.tsx';
import type { SidebarPanel } from './sidebarPanels.ts';

const PANELS_WITH_BODY: readonly SidebarPanel[] = ['info', 'jobs', 'checklist', 'download'];

export function hasPanelBody(panel: SidebarPanel): boolean {
  return PANELS_WITH_BODY.includes(panel);
}

export function SidebarPanelBody({ panel, simulation }: { panel: SidebarPanel; simulation: Simulation }) {
  if (panel === 'info') return <SimulationFacts simulation={simulation} compact />;
  if (panel === 'jobs') return <JobsPanel simulation={simulation} />;
  if (panel === 'checklist') return <ValidationPanel simulation={simulation} />;
  if (panel === 'download') return <DownloadPanel simulation={simulation} />;
  return null;
}
