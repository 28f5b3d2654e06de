// The three simulation screens, their routes and breadcrumb labels (spec 1 §2), and when each is open.
import { MESSAGES } from '../../domain/messages.ts';
import { resultsAvailable } from '../../domain/simulationState.ts';
import type { SimulationSummary } from '../../domain/simulation.ts';

export const SIMULATION_MODES = ['setup', 'monitor', 'results'] as const;
export type SimulationMode = (typeof SIMULATION_MODES)[number];

export const MODE_ROUTE: Record<SimulationMode, string> = {
  setup: 'preprocessor',
  monitor: 'dashboard',
  results: 'postprocessor',
};

export const MODE_LABEL: Record<SimulationMode, string> = {
  setup: 'Setup',
  monitor: 'Monitor',
  results: 'Results',
};

export function modeFromRoute(segment: string | undefined): SimulationMode | null {
  const entry = Object.entries(MODE_ROUTE).find(([, route]) => route === segment);
  return entry ? (entry[0] as SimulationMode) : null;
}

export function simulationPath(id: string, mode: SimulationMode): string {
  return `/simulation/${encodeURIComponent(id)}/${MODE_ROUTE[mode]}`;
}

type ModeFacts = Pick<SimulationSummary, 'state' | 'uploadedSetup' | 'activeRunId'>;

/** Why a mode is closed for this simulation, or null when it is open. */
export function modeUnavailableReason(simulation: ModeFacts, mode: SimulationMode): string | null {
  if (mode === 'setup' && simulation.uploadedSetup) {
    return 'This simulation runs an uploaded setup; it has no setup to edit.';
  }
  if (mode === 'results' && !resultsAvailable(simulation)) {
    if (simulation.uploadedSetup) return 'Results of uploaded setups cannot be opened in the postprocessor.';
    return MESSAGES.startSimulationFirst;
  }
  return null;
}

/** Where a click on a simulation row leads: the dashboard for uploaded setups, otherwise the setup. */
export function defaultMode(simulation: Pick<SimulationSummary, 'uploadedSetup'>): SimulationMode {
  return simulation.uploadedSetup ? 'monitor' : 'setup';
}
