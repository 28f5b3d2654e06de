// Progress of a statistics computation reaches the screen at most once per throttle period (spec 2 §9:
// 120 ms): the first value at once, later ones as the latest value at the end of each period, and a
// flush when the computation ends so that the final state never waits.
import { STATISTICS_PROGRESS_THROTTLE_MS } from '../../../domain/constants.ts';

export interface Throttle<T> {
  push(value: T): void;
  /** Delivers a waiting value now. */
  flush(): void;
  /** Drops a waiting value. */
  cancel(): void;
}

export function throttleLatest<T>(deliver: (value: T) => void, periodMs: number = STATISTICS_PROGRESS_THROTTLE_MS, now: () => number = () => performance.now()): Throttle<T> {
  let last = -Infinity;
  let pending: { value: T } | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const fire = () => {
    timer = null;
    if (!pending) return;
    const { value } = pending;
    pending = null;
    last = now();
    deliver(value);
  };
  return {
    push(value) {
      pending = { value };
      const wait = last + periodMs - now();
      if (wait <= 0) {
        if (timer) clearTimeout(timer);
        fire();
      } else if (!timer) timer = setTimeout(fire, wait);
    },
    flush() {
      if (timer) clearTimeout(timer);
      fire();
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = null;
      pending = null;
    },
  };
}
