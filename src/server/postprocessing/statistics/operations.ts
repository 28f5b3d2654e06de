// The spatial operations of result statistics over the values of one output (spec 2 §3 'Statistics
// config'), and the temporal aggregation of per-output values into one value over all outputs.
import { temporalAggregator, type StatisticsOperation } from '../../../domain/statistics.ts';
import { percentilesInPlace } from './selection.ts';

const PERCENT: Partial<Record<StatisticsOperation, number>> = { '5th_percentile': 5, median: 50, '95th_percentile': 95 };

/**
 * Values of `operations` over `values` (reordered by the percentile selection). `areas` weighs the
 * integral (Σ value·area); without them the integral is not defined and comes out null. Empty input
 * gives null for everything.
 */
export function spatialStatistics(
  values: Float64Array,
  operations: readonly StatisticsOperation[],
  areas: Float64Array | null = null,
): Partial<Record<StatisticsOperation, number | null>> {
  const out: Partial<Record<StatisticsOperation, number | null>> = {};
  const n = values.length;
  if (n === 0) {
    for (const op of operations) out[op] = null;
    return out;
  }
  if (operations.includes('integral')) {
    if (areas === null || areas.length !== n) out.integral = null;
    else {
      let sum = 0;
      for (let i = 0; i < n; i++) sum += values[i] * areas[i];
      out.integral = sum;
    }
  }
  if (operations.some((op) => op === 'mean' || op === 'min' || op === 'max')) {
    let sum = 0;
    let min = Infinity;
    let max = -Infinity;
    for (let i = 0; i < n; i++) {
      const v = values[i];
      sum += v;
      if (v < min) min = v;
      if (v > max) max = v;
    }
    if (operations.includes('mean')) out.mean = sum / n;
    if (operations.includes('min')) out.min = min;
    if (operations.includes('max')) out.max = max;
  }
  const percentOps = operations.filter((op) => PERCENT[op] !== undefined);
  if (percentOps.length > 0) {
    const results = percentilesInPlace(values, percentOps.map((op) => PERCENT[op] as number));
    percentOps.forEach((op, i) => (out[op] = results[i]));
  }
  return out;
}

/**
 * One value over all outputs from the per-output values of a spatial operation, with its temporal
 * aggregator (the same operation; integral is averaged). Outputs without a value are left out.
 */
export function aggregateOverOutputs(perOutput: readonly (number | null)[], aggregator: StatisticsOperation): number | null {
  const values = Float64Array.from(perOutput.filter((v): v is number => v !== null && Number.isFinite(v)));
  const op = temporalAggregator(aggregator);
  return spatialStatistics(values, [op])[op] ?? null;
}
