// Click handling of the 3D canvas: single click after the 300 ms double-click window, double click,
// Ctrl toggling, empty-space clearing, and the 30 ms mouse-move throttle.
import { describe, expect, it, vi, afterEach } from 'vitest';
import { ClickClassifier, applySelectionClick, throttleLatest } from '../../../src/client/viewer/clickClassifier.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('click classifier', () => {
  it('reports a single click only after 300 ms', () => {
    vi.useFakeTimers();
    const single = vi.fn();
    const double = vi.fn();
    const c = new ClickClassifier<string>({ onSingle: single, onDouble: double });
    c.click({ target: 'a', additive: false });
    vi.advanceTimersByTime(299);
    expect(single).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(single).toHaveBeenCalledWith({ target: 'a', additive: false });
    expect(double).not.toHaveBeenCalled();
  });

  it('turns two clicks inside the window into one double click and no single click', () => {
    vi.useFakeTimers();
    const single = vi.fn();
    const double = vi.fn();
    const c = new ClickClassifier<string>({ onSingle: single, onDouble: double });
    c.click({ target: 'a', additive: false });
    vi.advanceTimersByTime(200);
    c.click({ target: 'a', additive: false });
    vi.advanceTimersByTime(1000);
    expect(double).toHaveBeenCalledTimes(1);
    expect(single).not.toHaveBeenCalled();
  });

  it('treats clicks further apart than the window as two single clicks', () => {
    vi.useFakeTimers();
    const single = vi.fn();
    const c = new ClickClassifier<string>({ onSingle: single, onDouble: vi.fn() });
    c.click({ target: 'a', additive: false });
    vi.advanceTimersByTime(350);
    c.click({ target: 'b', additive: false });
    vi.advanceTimersByTime(350);
    expect(single.mock.calls.map((call) => call[0].target)).toEqual(['a', 'b']);
  });
});

describe('selection', () => {
  it('selects one part, toggles with Ctrl, clears on empty space', () => {
    expect(applySelectionClick(['a'], 'b', false)).toEqual(['b']);
    expect(applySelectionClick(['a'], 'b', true)).toEqual(['a', 'b']);
    expect(applySelectionClick(['a', 'b'], 'a', true)).toEqual(['b']);
    expect(applySelectionClick(['a', 'b'], null, false)).toEqual([]);
    expect(applySelectionClick(['a'], null, true)).toEqual(['a']);
  });
});

describe('mouse move throttle', () => {
  it('runs at most once per 30 ms and always delivers the last move', () => {
    vi.useFakeTimers();
    let now = 0;
    const seen: number[] = [];
    const move = throttleLatest((x: number) => seen.push(x), 30, () => now);
    move(1);
    now = 10;
    move(2);
    now = 20;
    move(3);
    expect(seen).toEqual([1]);
    now = 30;
    vi.advanceTimersByTime(20);
    expect(seen).toEqual([1, 3]);
    now = 100;
    move(4);
    expect(seen).toEqual([1, 3, 4]);
  });
});
