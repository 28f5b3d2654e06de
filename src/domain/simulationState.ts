// Lifecycle of a simulation run (spec 1 §4): the eleven states, how they are grouped for display,
// which transitions are allowed, which run button shows, and the progress-tile and toast rules.
import { z } from 'zod';
import { LAUNCH_DELAY_NOTICE_MS } from './constants.ts';
import { MESSAGES } from './messages.ts';

export const simulationStates = [
  'not_started', 'creating', 'creation_failed', 'launching', 'launch_failed', 'running', 'paused', 'stopping',
  'stopped', 'completed', 'failed',
] as const;
export const simulationStateSchema = z.enum(simulationStates);
export type SimulationState = z.infer<typeof simulationStateSchema>;

/** Labels as the product shows them. */
export const simulationStateLabels: Readonly<Record<SimulationState, string>> = {
  not_started: 'Not started',
  creating: 'Creating',
  creation_failed: 'Creation failed',
  launching: 'Launching',
  launch_failed: 'Launch failed',
  running: 'Running',
  paused: 'Paused',
  stopping: 'Stopping',
  stopped: 'Stopped',
  completed: 'Completed',
  failed: 'Failed',
};

/** States in which compute resources are being prepared or used. */
export const RUNNING_GROUP: readonly SimulationState[] = ['creating', 'launching', 'running'];
/** States from which a new run may start (restart, or resume when allowed). */
export const END_STATES: readonly SimulationState[] = [
  'creation_failed', 'launch_failed', 'paused', 'stopped', 'completed', 'failed',
];

export const displayGroups = ['not_started', 'running', 'stopping', 'restartable', 'resumable'] as const;
export type DisplayGroup = (typeof displayGroups)[number];

export interface RunContext {
  state: SimulationState;
  /** The setup is locked to the last run (editing it requires restarting from output 0). */
  setupLocked: boolean;
  /** The last run left a state the solver can continue from. */
  resumable: boolean;
}

/** Spec 1 §4: end states show as resumable only while the setup is still locked to a resumable run. */
export function displayGroup({ state, setupLocked, resumable }: RunContext): DisplayGroup {
  if (RUNNING_GROUP.includes(state)) return 'running';
  if (state === 'stopping') return 'stopping';
  if (END_STATES.includes(state)) return setupLocked && resumable ? 'resumable' : 'restartable';
  return 'not_started';
}

export type RunButtonAction = 'run' | 'stop' | 'restart' | 'resume';
export interface RunButton {
  action: RunButtonAction | null;
  label: 'Run' | 'Stop' | 'Restart' | 'Resume' | 'Stopping';
  disabled: boolean;
}

/** The single run button of the simulation header. */
export function runButton(ctx: RunContext): RunButton {
  switch (displayGroup(ctx)) {
    case 'not_started':
      return { action: 'run', label: 'Run', disabled: false };
    case 'running':
      return { action: 'stop', label: 'Stop', disabled: false };
    case 'stopping':
      return { action: null, label: 'Stopping', disabled: true };
    case 'restartable':
      return { action: 'restart', label: 'Restart', disabled: false };
    case 'resumable':
      return { action: 'resume', label: 'Resume', disabled: false };
  }
}

/**
 * Allowed transitions. A run goes creating -> launching -> running -> completed | failed | stopping ->
 * stopped; pause keeps resources released but the run resumable. Starting again from any end state
 * (restart or resume) goes back to creating; resetting the setup returns to not_started.
 */
export const simulationTransitions: Readonly<Record<SimulationState, readonly SimulationState[]>> = {
  not_started: ['creating'],
  creating: ['launching', 'creation_failed', 'stopping'],
  creation_failed: ['creating', 'not_started'],
  launching: ['running', 'launch_failed', 'stopping'],
  launch_failed: ['creating', 'not_started'],
  running: ['paused', 'stopping', 'completed', 'failed'],
  paused: ['creating', 'stopping', 'stopped', 'not_started'],
  stopping: ['stopped', 'failed'],
  stopped: ['creating', 'not_started'],
  completed: ['creating', 'not_started'],
  failed: ['creating', 'not_started'],
};

export function canTransition(from: SimulationState, to: SimulationState): boolean {
  return simulationTransitions[from].includes(to);
}

export class InvalidSimulationTransitionError extends Error {
  readonly from: SimulationState;
  readonly to: SimulationState;
  constructor(from: SimulationState, to: SimulationState) {
    super(`A simulation cannot go from ${from} to ${to}`);
    this.name = 'InvalidSimulationTransitionError';
    this.from = from;
    this.to = to;
  }
}

/** Returns `to` or throws when the transition is not allowed. */
export function transitionSimulation(from: SimulationState, to: SimulationState): SimulationState {
  if (!canTransition(from, to)) throw new InvalidSimulationTransitionError(from, to);
  return to;
}

/** Whether the Results route is available (spec 1 §2). */
export function resultsAvailable(sim: { state: SimulationState; uploadedSetup: boolean; activeRunId: string | null }): boolean {
  return !sim.uploadedSetup && sim.activeRunId !== null && sim.state !== 'not_started';
}

/** Whether Download is available (disabled until started). */
export function downloadAvailable(state: SimulationState): boolean {
  return state !== 'not_started';
}

/**
 * Progress tile message for failed, launch-failed and long-launching runs; null otherwise.
 * `launchingSinceMs` is when the run entered launching.
 */
export function progressTileMessage(state: SimulationState, launchingSinceMs: number | null, nowMs: number): string | null {
  if (state === 'failed') return MESSAGES.progressFailed;
  if (state === 'launch_failed') return MESSAGES.progressLaunchFailed;
  if (state === 'launching' && launchingSinceMs !== null && nowMs - launchingSinceMs > LAUNCH_DELAY_NOTICE_MS) {
    return MESSAGES.progressLaunchDelayed;
  }
  return null;
}

/** Toasts appear on launching, failed and completed, only when the user is not on the dashboard. */
export function shouldToastStateChange(state: SimulationState, onDashboard: boolean): boolean {
  return !onDashboard && (state === 'launching' || state === 'failed' || state === 'completed');
}

/** Text of the stop confirmation, saying whether the run can be resumed afterwards. */
export function stopConfirmation(resumable: boolean): { title: string; text: string; confirm: string } {
  return {
    title: MESSAGES.stopSimulationTitle,
    text: resumable ? MESSAGES.stopSimulationResumable : MESSAGES.stopSimulationNotResumable,
    confirm: MESSAGES.stopSimulationConfirm,
  };
}

/** The start dialog: step 1 General, step 2 Alerts, then Start. */
export const START_FLOW_STEPS = ['General', 'Alerts'] as const;
