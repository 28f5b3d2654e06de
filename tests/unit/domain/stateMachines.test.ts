import { describe, expect, it } from 'vitest';
import {
  canTransition, displayGroup, progressTileMessage, resultsAvailable, runButton, shouldToastStateChange, simulationStates,
  stopConfirmation, transitionSimulation, InvalidSimulationTransitionError,
} from '../../../src/domain/simulationState.ts';
import {
  canCancelJob, canTransitionJob, cancelDialog, cancelDialogPhase, discretizeDisabled, displayedJobState, initialJobState,
  isJobActive, sensorEditingBlocked, sensorsButtonLabel, showTessellationProgress,
} from '../../../src/domain/jobs.ts';

describe('simulation states', () => {
  it('has the eleven states', () => {
    expect(simulationStates).toHaveLength(11);
  });

  it('groups states for display', () => {
    const ctx = { setupLocked: false, resumable: false };
    expect(['creating', 'launching', 'running'].map((s) => displayGroup({ ...ctx, state: s as never }))).toEqual(['running', 'running', 'running']);
    expect(displayGroup({ ...ctx, state: 'stopping' })).toBe('stopping');
    expect(displayGroup({ ...ctx, state: 'not_started' })).toBe('not_started');
    expect(displayGroup({ ...ctx, state: 'stopped' })).toBe('restartable');
    expect(displayGroup({ state: 'stopped', setupLocked: true, resumable: true })).toBe('resumable');
    expect(displayGroup({ state: 'stopped', setupLocked: false, resumable: true })).toBe('restartable');
    expect(displayGroup({ state: 'failed', setupLocked: true, resumable: false })).toBe('restartable');
  });

  it('shows Run, Stop, disabled, Restart or Resume', () => {
    expect(runButton({ state: 'not_started', setupLocked: false, resumable: false })).toEqual({ action: 'run', label: 'Run', disabled: false });
    expect(runButton({ state: 'launching', setupLocked: true, resumable: false }).action).toBe('stop');
    expect(runButton({ state: 'stopping', setupLocked: true, resumable: false }).disabled).toBe(true);
    expect(runButton({ state: 'completed', setupLocked: true, resumable: false }).label).toBe('Restart');
    expect(runButton({ state: 'paused', setupLocked: true, resumable: true }).label).toBe('Resume');
  });

  it('allows only the lifecycle transitions', () => {
    expect(canTransition('not_started', 'creating')).toBe(true);
    expect(canTransition('running', 'stopping')).toBe(true);
    expect(canTransition('stopped', 'creating')).toBe(true);
    expect(canTransition('not_started', 'running')).toBe(false);
    expect(canTransition('stopping', 'running')).toBe(false);
    expect(() => transitionSimulation('completed', 'running')).toThrow(InvalidSimulationTransitionError);
  });

  it('progress tile messages, delayed launch after 15 minutes', () => {
    expect(progressTileMessage('failed', null, 0)).toBe('Your setup could not be simulated to completion. Please check your setup or submit a ticket.');
    expect(progressTileMessage('launch_failed', null, 0)).toBe('The launch of the simulation job failed. Please try again soon.');
    const start = 1_000_000;
    expect(progressTileMessage('launching', start, start + 15 * 60_000)).toBeNull();
    expect(progressTileMessage('launching', start, start + 15 * 60_000 + 1)).toMatch(/^Simulation delayed due to resource limits/);
    expect(progressTileMessage('running', start, start + 3_600_000)).toBeNull();
  });

  it('toasts and results availability', () => {
    expect(shouldToastStateChange('completed', false)).toBe(true);
    expect(shouldToastStateChange('completed', true)).toBe(false);
    expect(shouldToastStateChange('running', false)).toBe(false);
    expect(resultsAvailable({ state: 'running', uploadedSetup: false, activeRunId: 'r' })).toBe(true);
    expect(resultsAvailable({ state: 'running', uploadedSetup: true, activeRunId: 'r' })).toBe(false);
    expect(resultsAvailable({ state: 'not_started', uploadedSetup: false, activeRunId: 'r' })).toBe(false);
    expect(stopConfirmation(true).text).not.toBe(stopConfirmation(false).text);
  });
});

describe('jobs', () => {
  it('active means scheduled or running; expired shows as unknown', () => {
    expect(isJobActive('scheduled')).toBe(true);
    expect(isJobActive('running')).toBe(true);
    expect(isJobActive('completed')).toBe(false);
    expect(displayedJobState('expired')).toBe('unknown');
    expect(displayedJobState('failed')).toBe('failed');
  });

  it('transitions: only exports expire; statistics are never scheduled', () => {
    expect(canTransitionJob('user_export', 'completed', 'expired')).toBe(true);
    expect(canTransitionJob('discretization', 'completed', 'expired')).toBe(false);
    expect(canTransitionJob('discretization', 'scheduled', 'running')).toBe(true);
    expect(canTransitionJob('discretization', 'completed', 'running')).toBe(false);
    expect(canTransitionJob('statistics', 'running', 'scheduled')).toBe(false);
    expect(initialJobState('statistics')).toBe('running');
    expect(initialJobState('tessellation')).toBe('scheduled');
  });

  it('sensor and discretization gating', () => {
    const jobs = [{ kind: 'sensor_recomputation' as const, state: 'scheduled' as const }];
    expect(sensorEditingBlocked(jobs)).toBe(true);
    expect(sensorsButtonLabel(jobs)).toBe('Stop computation');
    expect(sensorsButtonLabel([{ kind: 'sensor_recomputation', state: 'failed' }])).toBe('Compute Sensors');
    expect(discretizeDisabled([{ kind: 'discretization', state: 'running' }])).toBe(true);
    expect(discretizeDisabled(jobs)).toBe(false);
    expect(canCancelJob('user_export', 'running')).toBe(true);
    expect(canCancelJob('user_export', 'completed')).toBe(false);
    expect(canCancelJob('solver_run', 'running')).toBe(false);
    expect(showTessellationProgress('running', 0)).toBe(false);
    expect(showTessellationProgress('running', 10)).toBe(true);
  });

  it('cancel dialog: Yes, stop -> Stopping... -> Done', () => {
    expect(cancelDialog('confirm')).toEqual({
      title: 'Stop computation?', warning: 'There is no resume option. You will need to recompute the setup.', button: 'Yes, stop', buttonDisabled: false,
    });
    expect(cancelDialog(cancelDialogPhase(true, 'running')).button).toBe('Stopping...');
    expect(cancelDialog(cancelDialogPhase(true, 'canceled')).button).toBe('Done');
    expect(cancelDialogPhase(false, 'scheduled')).toBe('confirm');
  });
});
