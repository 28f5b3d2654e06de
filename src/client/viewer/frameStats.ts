// Rolling frame-time statistics and the rule that offers the low-resolution fallback: only for clouds of
// at least 1,000,000 visible particles, and only once measured frames show the GPU cannot keep up.
import { VIEWER_LIMITS } from './defaults.ts';

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

export class FrameStats {
  private readonly samples: number[] = [];
  private readonly capacity: number;

  constructor(capacity = 60) {
    this.capacity = capacity;
  }

  add(frameMs: number): void {
    if (!Number.isFinite(frameMs) || frameMs < 0) return;
    this.samples.push(frameMs);
    if (this.samples.length > this.capacity) this.samples.shift();
  }

  clear(): void {
    this.samples.length = 0;
  }

  get count(): number {
    return this.samples.length;
  }

  summary(): { p50: number; p95: number; count: number } {
    const sorted = [...this.samples].sort((a, b) => a - b);
    return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), count: sorted.length };
  }
}

/** Minimum number of measured frames before the fallback may be offered. */
export const LOW_RESOLUTION_MIN_SAMPLES = 10;

export function shouldOfferLowResolution(visibleParticles: number, stats: { p50: number; count: number }): boolean {
  return (
    visibleParticles >= VIEWER_LIMITS.lowResolutionThreshold &&
    stats.count >= LOW_RESOLUTION_MIN_SAMPLES &&
    stats.p50 > VIEWER_LIMITS.slowFrameMs
  );
}

/** Stride that draws about 100,000 of `visible` particles. */
export function lowResolutionStride(visible: number): number {
  return Math.max(1, Math.ceil(visible / VIEWER_LIMITS.lowResolutionDrawCount));
}
