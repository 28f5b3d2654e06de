// Tells single clicks from double clicks: a single click is reported only after the 300 ms window in
// which a second click would have made it a double click. Also a trailing throttle for mouse moves.
import { VIEWER_LIMITS } from './defaults.ts';

export interface ClickInfo<T> {
  target: T;
  additive: boolean;
}

export interface ClickHandlers<T> {
  onSingle: (click: ClickInfo<T>) => void;
  onDouble: (click: ClickInfo<T>) => void;
}

export interface TimerApi {
  set: (fn: () => void, ms: number) => unknown;
  clear: (handle: unknown) => void;
}

const browserTimers: TimerApi = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class ClickClassifier<T> {
  private pending: { click: ClickInfo<T>; handle: unknown } | null = null;
  private readonly handlers: ClickHandlers<T>;
  private readonly windowMs: number;
  private readonly timers: TimerApi;

  constructor(handlers: ClickHandlers<T>, windowMs: number = VIEWER_LIMITS.clickWindowMs, timers: TimerApi = browserTimers) {
    this.handlers = handlers;
    this.windowMs = windowMs;
    this.timers = timers;
  }

  click(click: ClickInfo<T>): void {
    if (this.pending) {
      const first = this.pending.click;
      this.timers.clear(this.pending.handle);
      this.pending = null;
      this.handlers.onDouble(first);
      return;
    }
    const handle = this.timers.set(() => {
      const p = this.pending;
      this.pending = null;
      if (p) this.handlers.onSingle(p.click);
    }, this.windowMs);
    this.pending = { click, handle };
  }

  cancel(): void {
    if (this.pending) this.timers.clear(this.pending.handle);
    this.pending = null;
  }
}

/** Applies a click to a selection: plain click selects one (or clears on empty space), Ctrl toggles. */
export function applySelectionClick(selection: readonly string[], target: string | null, additive: boolean): string[] {
  if (target === null) return additive ? [...selection] : [];
  if (!additive) return [target];
  return selection.includes(target) ? selection.filter((id) => id !== target) : [...selection, target];
}

/**
 * Calls `fn` at most once per `intervalMs`, always with the latest arguments (the last move is never lost).
 */
export function throttleLatest<A extends unknown[]>(
  fn: (...args: A) => void,
  intervalMs: number = VIEWER_LIMITS.mouseMoveThrottleMs,
  now: () => number = () => performance.now(),
  timers: TimerApi = browserTimers,
): ((...args: A) => void) & { cancel: () => void } {
  let last = -Infinity;
  let pendingArgs: A | null = null;
  let handle: unknown = null;
  const throttled = (...args: A) => {
    const t = now();
    if (t - last >= intervalMs && handle === null) {
      last = t;
      fn(...args);
      return;
    }
    pendingArgs = args;
    if (handle === null) {
      handle = timers.set(() => {
        handle = null;
        last = now();
        const a = pendingArgs;
        pendingArgs = null;
        if (a) fn(...a);
      }, Math.max(0, intervalMs - (t - last)));
    }
  };
  throttled.cancel = () => {
    if (handle !== null) timers.clear(handle);
    handle = null;
    pendingArgs = null;
  };
  return throttled;
}
