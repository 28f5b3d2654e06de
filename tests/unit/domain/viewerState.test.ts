import { describe, expect, it } from 'vitest';
import {
  clampProgress, connectionIndicator, defaultClipPlane, defaultPlaybackState, gizmoModeForKey, movementLoadingMessage,
  outputFrameIntervalMs, spaceTogglesPlayback, stepPlaybackSpeed,
} from '../../../src/domain/viewerState.ts';
import { movementFormMode } from '../../../src/domain/movement.ts';
import { realtimeBackoffMs } from '../../../src/domain/constants.ts';

describe('viewer state', () => {
  it('defaults: clip on x at the origin, playback target 10 at speed 1, looping, paused', () => {
    expect(defaultClipPlane()).toMatchObject({ enabled: false, axis: 'x', position: [0, 0, 0], flipped: false });
    expect(defaultPlaybackState()).toMatchObject({ outputTarget: 10, speed: 1, looping: true, playing: false, reduction: 'fast' });
    expect(gizmoModeForKey('r')).toBe('rotate');
    expect(gizmoModeForKey('x')).toBeNull();
  });
  it('speed halves or doubles within bounds; 3 frames per second at speed 1', () => {
    expect(stepPlaybackSpeed(1, 'faster')).toBe(2);
    expect(stepPlaybackSpeed(1, 'slower')).toBe(0.5);
    expect(stepPlaybackSpeed(8, 'faster')).toBe(8);
    expect(stepPlaybackSpeed(0.125, 'slower')).toBe(0.125);
    expect(outputFrameIntervalMs(1)).toBeCloseTo(333.333, 2);
    expect(outputFrameIntervalMs(2)).toBeCloseTo(666.667, 2);
  });
  it('progress clamp, loading messages, space key', () => {
    expect(clampProgress(-1)).toBe(0);
    expect(clampProgress(2)).toBe(1);
    expect(movementLoadingMessage(0, null)).toBe('Loading movements...');
    expect(movementLoadingMessage(2, 5)).toBe('Loading movements 2/5...');
    expect(movementLoadingMessage(5, 5)).toBe('Successfully loaded all movements');
    expect(spaceTogglesPlayback('input', false)).toBe(false);
    expect(spaceTogglesPlayback('DIV', false)).toBe(true);
  });
  it('reconnected shows for 3 s; backoff doubles from 1 s up to 30 s', () => {
    expect(connectionIndicator('reconnecting', 0, 0).message).toBe('Connection to the server was lost. Reconnecting...');
    expect(connectionIndicator('reconnected', 0, 2999).state).toBe('reconnected');
    expect(connectionIndicator('reconnected', 0, 3000)).toEqual({ state: 'connected', message: null });
    expect([0, 1, 4, 5, 10].map(realtimeBackoffMs)).toEqual([1000, 2000, 16000, 30000, 30000]);
  });
  it('movement form: add without id (type switchable), edit with id', () => {
    expect(movementFormMode(undefined)).toEqual({ mode: 'add', typeSwitchable: true });
    expect(movementFormMode('m1')).toEqual({ mode: 'edit', typeSwitchable: false });
  });
});
