// Playback timing: 3 output frames per second divided by speed, bounded halving/doubling, looping.
import { describe, expect, it } from 'vitest';
import {
  OutputClock,
  advancePlayback,
  doubleSpeed,
  halveSpeed,
  isTypingTarget,
  nextOutputIndex,
  outputFrameIntervalMs,
  DEFAULT_PLAYBACK,
} from '../../../src/client/viewer/playback.ts';

describe('playback', () => {
  it('shows outputs at 3 frames per second divided by speed', () => {
    expect(outputFrameIntervalMs(1)).toBeCloseTo(1000 / 3);
    expect(outputFrameIntervalMs(2)).toBeCloseTo(2000 / 3);
    expect(outputFrameIntervalMs(0.5)).toBeCloseTo(500 / 3);
  });

  it('halves and doubles the speed within bounds', () => {
    expect(doubleSpeed(1)).toBe(2);
    expect(halveSpeed(1)).toBe(0.5);
    let s = 1;
    for (let i = 0; i < 20; i++) s = doubleSpeed(s);
    expect(s).toBe(8);
    for (let i = 0; i < 20; i++) s = halveSpeed(s);
    expect(s).toBe(0.125);
  });

  it('steps the output clock from elapsed time and keeps the remainder', () => {
    const clock = new OutputClock();
    expect(clock.tick(0, 1)).toBe(0);
    expect(clock.tick(300, 1)).toBe(0);
    expect(clock.tick(340, 1)).toBe(1);
    expect(clock.tick(1000, 1)).toBe(2);
    // At speed 2 a frame takes 666.7 ms.
    const slow = new OutputClock();
    slow.tick(0, 2);
    expect(slow.tick(600, 2)).toBe(0);
    expect(slow.tick(700, 2)).toBe(1);
  });

  it('loops back to the first output, or stops at the last without looping', () => {
    expect(nextOutputIndex(2, 3, true)).toBe(0);
    expect(nextOutputIndex(2, 3, false)).toBeNull();
    expect(nextOutputIndex(0, 0, true)).toBeNull();
    const playing = { ...DEFAULT_PLAYBACK, playing: true, outputCount: 3, outputIndex: 1 };
    expect(advancePlayback(playing, 1).outputIndex).toBe(2);
    expect(advancePlayback({ ...playing, looping: true }, 2).outputIndex).toBe(0);
    const stopped = advancePlayback({ ...playing, looping: false }, 5);
    expect(stopped.playing).toBe(false);
    expect(stopped.outputIndex).toBe(2);
  });

  it('has the spec defaults: speed 1, looping, not playing', () => {
    expect(DEFAULT_PLAYBACK).toMatchObject({ speed: 1, looping: true, playing: false });
  });

  it('leaves Space to text fields', () => {
    expect(isTypingTarget({ tagName: 'INPUT' } as unknown as EventTarget)).toBe(true);
    expect(isTypingTarget({ tagName: 'textarea' } as unknown as EventTarget)).toBe(true);
    expect(isTypingTarget({ tagName: 'DIV', isContentEditable: true } as unknown as EventTarget)).toBe(true);
    expect(isTypingTarget({ tagName: 'CANVAS' } as unknown as EventTarget)).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});
