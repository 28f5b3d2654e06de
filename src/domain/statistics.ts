// Result statistics (spec 2 §3 'Statistics config', §4, §5): what is computed over which objects and
// outputs, the offered operations, range rules and the selection status that gates the Load button.
import { z } from 'zod';
import { numberSchema, nonNegativeIntSchema } from './number.ts';
import { entityIdSchema } from './entity.ts';
import { resultAttributeKeySchema, vectorSubOptionSchema, type ResultAttributeKey } from './attributes.ts';
import { MESSAGES } from './messages.ts';
import type { FieldIssue } from './validation/issues.ts';

export const statisticsOperations = ['mean', 'min', 'max', '5th_percentile', 'median', '95th_percentile', 'integral'] as const;
export const statisticsOperationSchema = z.enum(statisticsOperations);
export type StatisticsOperation = z.infer<typeof statisticsOperationSchema>;

/**
 * Operations over space offered for any attribute; integral is added for the sources of the integrated
 * quantities over a wall: the stresses (normal, shear and total force) and the wetting (wetted area).
 */
export const BASE_OPERATIONS: readonly StatisticsOperation[] = ['mean', 'min', 'max', '5th_percentile', 'median', '95th_percentile'];
const INTEGRAL_ATTRIBUTES: readonly ResultAttributeKey[] = ['total_stress', 'shear_stress', 'normal_stress', 'wetting'];

export function offeredOperations(attribute: ResultAttributeKey): readonly StatisticsOperation[] {
  return INTEGRAL_ATTRIBUTES.includes(attribute) ? [...BASE_OPERATIONS, 'integral'] : BASE_OPERATIONS;
}

/** How a spatial result is aggregated over outputs: the same operation, except integral which is averaged. */
export function temporalAggregator(op: StatisticsOperation): StatisticsOperation {
  return op === 'integral' ? 'mean' : op;
}

export const statisticsOutputModes = ['current', 'outputRange', 'timeRange'] as const;
export type StatisticsOutputMode = (typeof statisticsOutputModes)[number];

export const statisticsConfigSchema = z.object({
  attribute: resultAttributeKeySchema,
  /** Vector component or magnitude; the material id (as text) for per-material attributes. */
  subAttribute: z.union([vectorSubOptionSchema, z.string()]).nullable(),
  outputMode: z.enum(statisticsOutputModes),
  output: nonNegativeIntSchema,
  outputRange: z.tuple([nonNegativeIntSchema, nonNegativeIntSchema]),
  timeRange: z.tuple([numberSchema, numberSchema]),
  selection: z.array(entityIdSchema),
  operations: z.array(z.object({ spatial: statisticsOperationSchema, temporal: statisticsOperationSchema })),
});
export type StatisticsConfig = z.infer<typeof statisticsConfigSchema>;

export interface StatisticsRangeContext {
  lastOutput: number;
  outputTimeInterval: number;
}

/**
 * Range rules (spec 2 §5): output range start >= 0, below the end and at most the last output; end at
 * most the last output and not below the start. Time range start >= 0 and both ends at most
 * lastOutput × interval. Fields: 'outputRange.0', 'outputRange.1', 'timeRange.0', 'timeRange.1'.
 */
export function statisticsRangeIssues(config: Pick<StatisticsConfig, 'outputMode' | 'outputRange' | 'timeRange'>, ctx: StatisticsRangeContext): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const error = (field: string, message: string) => issues.push({ field, message, severity: 'error' });
  if (config.outputMode === 'outputRange') {
    const [start, end] = config.outputRange;
    if (start < 0) error('outputRange.0', MESSAGES.statsRangeStartMin);
    else if (start > ctx.lastOutput) error('outputRange.0', `must be at most ${ctx.lastOutput}`);
    else if (!(start < end)) error('outputRange.0', MESSAGES.statsRangeStartBeforeEnd);
    if (end > ctx.lastOutput) error('outputRange.1', `must be at most ${ctx.lastOutput}`);
    else if (end < start) error('outputRange.1', MESSAGES.statsRangeEndNotBeforeStart);
  } else if (config.outputMode === 'timeRange') {
    const maxTime = ctx.lastOutput * ctx.outputTimeInterval;
    const [start, end] = config.timeRange;
    if (start < 0) error('timeRange.0', MESSAGES.statsRangeStartMin);
    else if (start > maxTime) error('timeRange.0', `must be at most ${maxTime}`);
    if (end > maxTime) error('timeRange.1', `must be at most ${maxTime}`);
    else if (end < start) error('timeRange.1', MESSAGES.statsRangeEndNotBeforeStart);
  }
  return issues;
}

/**
 * Outputs a computation covers: the current one; an output range with its end included (end + 1
 * exclusive); or the outputs whose time (output × interval) falls into the time range; always limited
 * to the available outputs.
 */
export function statisticsOutputs(
  config: Pick<StatisticsConfig, 'outputMode' | 'output' | 'outputRange' | 'timeRange'>,
  ctx: StatisticsRangeContext & { available: readonly number[] },
): number[] {
  const available = [...ctx.available].sort((a, b) => a - b);
  switch (config.outputMode) {
    case 'current':
      return available.includes(config.output) ? [config.output] : [];
    case 'outputRange': {
      const [start, end] = config.outputRange;
      return available.filter((o) => o >= start && o < Math.min(end + 1, ctx.lastOutput + 1));
    }
    case 'timeRange': {
      const [start, end] = config.timeRange;
      const eps = ctx.outputTimeInterval * 1e-9;
      return available.filter((o) => o * ctx.outputTimeInterval >= start - eps && o * ctx.outputTimeInterval <= end + eps);
    }
  }
}

export const selectionStatuses = [
  'empty', 'differentObjects', 'sensorsLoading', 'sensorResultsMissing', 'incompleteSetup', 'masksLoading',
  'masksMissing', 'statsLoading', 'operationsLoading', 'valid',
] as const;
export type SelectionStatus = (typeof selectionStatuses)[number];

/** Message shown for a selection status that blocks the table, null when none applies. */
export function selectionStatusMessage(status: SelectionStatus): string | null {
  switch (status) {
    case 'empty':
      return MESSAGES.statsSelectObjects;
    case 'differentObjects':
      return MESSAGES.statsSameType;
    case 'sensorResultsMissing':
      return MESSAGES.statsNoSensorResults;
    case 'masksMissing':
      return MESSAGES.statsNoClipResults;
    case 'incompleteSetup':
      return MESSAGES.statsClipNeedsFluid;
    default:
      return null;
  }
}

/** The Load button needs a valid selection, an attribute and no range errors. */
export function statisticsLoadEnabled(
  config: Pick<StatisticsConfig, 'attribute' | 'outputMode' | 'outputRange' | 'timeRange'> | null,
  status: SelectionStatus, ctx: StatisticsRangeContext,
): boolean {
  return config !== null && status === 'valid' && statisticsRangeIssues(config, ctx).length === 0;
}
