// The statistics panel's form (spec 2 §3 'Statistics config', §5 range rules): the draft the user edits,
// the outputs it covers, the range errors shown in the info tooltip, the attributes and operations that
// stats.info offers, whether Load is enabled, and the stats.calc command it sends.
import { attributeLabelWithUnit, resultAttributeKeys, type ResultAttributeKey, type VectorSubOption } from '../../../domain/attributes.ts';
import { MESSAGES } from '../../../domain/messages.ts';
import type { OutputListEntry } from '../../../domain/runOutputs.ts';
import {
  selectionStatusMessage,
  statisticsLoadEnabled,
  statisticsOutputs,
  statisticsRangeIssues,
  temporalAggregator,
  type SelectionStatus,
  type StatisticsOperation,
  type StatisticsOutputMode,
} from '../../../domain/statistics.ts';
import { statsCalcCommandSchema, type StatsCalcCommand, type StatsInfoReply } from '../../../domain/statisticsMessages.ts';

/** What the user set up in the panel; the current output is the one the viewer shows. */
export interface StatisticsDraft {
  attribute: ResultAttributeKey | null;
  subAttribute: VectorSubOption | null;
  outputMode: StatisticsOutputMode;
  /** Output numbers, both ends included; NaN while a field is empty. */
  outputRange: [number, number];
  /** Seconds of simulated time, both ends included. */
  timeRange: [number, number];
  /** Objects ticked in the panel. */
  selection: string[];
  /** Spatial operations; each is aggregated over outputs by its temporal aggregator. */
  operations: StatisticsOperation[];
}

export function initialDraft(): StatisticsDraft {
  return { attribute: null, subAttribute: null, outputMode: 'current', outputRange: [0, 0], timeRange: [0, 0], selection: [], operations: ['mean'] };
}

export const outputModeLabels: Readonly<Record<StatisticsOutputMode, string>> = {
  current: 'Current output',
  outputRange: 'Output range',
  timeRange: 'Time range',
};

export const operationLabels: Readonly<Record<StatisticsOperation, string>> = {
  mean: 'Mean',
  min: 'Min',
  max: 'Max',
  '5th_percentile': '5th percentile',
  median: 'Median',
  '95th_percentile': '95th percentile',
  integral: 'Integral',
};

/** The outputs the panel knows of and where playback stands. */
export interface OutputContext {
  /** Recorded outputs, ascending. */
  available: number[];
  /** The last recorded output; null before the first. */
  lastOutput: number | null;
  outputTimeInterval: number;
  /** The output the viewer shows; null before one is shown. */
  currentOutput: number | null;
}

export function outputContext(outputs: readonly Pick<OutputListEntry, 'outputNo'>[], outputTimeInterval: number, currentOutput: number | null): OutputContext {
  const available = [...new Set(outputs.map((o) => o.outputNo))].sort((a, b) => a - b);
  const lastOutput = available.length > 0 ? available[available.length - 1] : null;
  return { available, lastOutput, outputTimeInterval, currentOutput: currentOutput ?? lastOutput };
}

/** Ranges that cover every output: where the form starts, and where it goes back to when outputs come. */
export function fullRanges(ctx: OutputContext): Pick<StatisticsDraft, 'outputRange' | 'timeRange'> {
  const last = ctx.lastOutput ?? 0;
  return { outputRange: [0, last], timeRange: [0, roundTime(last * ctx.outputTimeInterval)] };
}

/** Times are multiples of the output interval; this drops the binary noise of the multiplication. */
export function roundTime(seconds: number): number {
  return Number(seconds.toPrecision(12));
}

export type RangeField = 'outputRange.0' | 'outputRange.1' | 'timeRange.0' | 'timeRange.1';

export const rangeFieldLabels: Readonly<Record<RangeField, string>> = {
  'outputRange.0': 'Start output',
  'outputRange.1': 'End output',
  'timeRange.0': 'Start time',
  'timeRange.1': 'End time',
};

export interface RangeError {
  field: RangeField;
  message: string;
}

/**
 * Errors of the range the mode uses (spec 2 §5): each field must hold a number (a whole one for
 * outputs), then the domain's rules: start at least 0, below the end and at most the last output; end at
 * most the last output and not below the start; times up to the last output times the interval.
 */
export function rangeErrors(draft: Pick<StatisticsDraft, 'outputMode' | 'outputRange' | 'timeRange'>, ctx: OutputContext): RangeError[] {
  if (draft.outputMode === 'current') return [];
  const key = draft.outputMode;
  const values = draft[key];
  const errors: RangeError[] = [];
  values.forEach((value, i) => {
    const field = `${key}.${i}` as RangeField;
    if (!Number.isFinite(value)) errors.push({ field, message: MESSAGES.validNumber });
    else if (key === 'outputRange' && !Number.isInteger(value)) errors.push({ field, message: MESSAGES.wholeNumber });
  });
  if (errors.length > 0) return errors;
  const issues = statisticsRangeIssues(draft, { lastOutput: ctx.lastOutput ?? 0, outputTimeInterval: ctx.outputTimeInterval });
  return issues.map((issue) => ({ field: issue.field as RangeField, message: issue.message }));
}

/** One line per error as the info tooltip lists them: 'Start output: must be at least 0'. */
export function rangeErrorText(error: RangeError): string {
  return `${rangeFieldLabels[error.field]}: ${error.message}`;
}

/** Outputs a Load computes: the current one, or the available ones in the range (the end included). */
export function outputsToCompute(draft: Pick<StatisticsDraft, 'outputMode' | 'outputRange' | 'timeRange'>, ctx: OutputContext): number[] {
  if (ctx.lastOutput === null) return [];
  if (draft.outputMode === 'current' && ctx.currentOutput === null) return [];
  return statisticsOutputs(
    { ...draft, output: ctx.currentOutput ?? 0 },
    { lastOutput: ctx.lastOutput, outputTimeInterval: ctx.outputTimeInterval, available: ctx.available },
  );
}

/** Attributes stats.info offers for the selection, in the product's order, with their select labels. */
export function attributeChoices(info: Pick<StatsInfoReply, 'operationsByAttribute'> | null): { value: ResultAttributeKey; label: string }[] {
  if (!info) return [];
  return resultAttributeKeys.filter((key) => (info.operationsByAttribute[key]?.length ?? 0) > 0).map((key) => ({ value: key, label: attributeLabelWithUnit(key) }));
}

export function subAttributeChoices(info: Pick<StatsInfoReply, 'subAttributes'> | null, attribute: ResultAttributeKey | null): VectorSubOption[] {
  return attribute && info ? [...(info.subAttributes[attribute] ?? [])] : [];
}

/** Operations offered for the attribute (integral only where stats.info offers it: the stresses). */
export function offeredOperationsFor(info: Pick<StatsInfoReply, 'operationsByAttribute'> | null, attribute: ResultAttributeKey | null): StatisticsOperation[] {
  return attribute && info ? [...(info.operationsByAttribute[attribute] ?? [])] : [];
}

/**
 * The draft made consistent with what stats.info offers: an attribute that is gone is dropped, the
 * first offered one is taken when none is chosen, a vector gets its magnitude, and operations that are
 * not offered are dropped (mean when none is left).
 */
export function reconcileDraft(draft: StatisticsDraft, info: Pick<StatsInfoReply, 'operationsByAttribute' | 'subAttributes'> | null): StatisticsDraft {
  if (!info) return draft;
  const choices = attributeChoices(info);
  const attribute = choices.some((c) => c.value === draft.attribute) ? draft.attribute : (choices[0]?.value ?? null);
  const subs = subAttributeChoices(info, attribute);
  const subAttribute = subs.length === 0 ? null : draft.subAttribute !== null && subs.includes(draft.subAttribute) ? draft.subAttribute : subs[0];
  const offered = offeredOperationsFor(info, attribute);
  const kept = draft.operations.filter((op) => offered.includes(op));
  const operations = kept.length > 0 || offered.length === 0 ? kept : offered.includes('mean') ? ['mean' as const] : [offered[0]];
  const same = attribute === draft.attribute && subAttribute === draft.subAttribute && operations.length === draft.operations.length && operations.every((op, i) => op === draft.operations[i]);
  return same ? draft : { ...draft, attribute, subAttribute, operations };
}

export interface LoadState {
  enabled: boolean;
  /** Why Load is disabled (its tooltip); null when enabled. */
  reason: string | null;
}

/**
 * Load needs a valid selection, an attribute and no range errors (domain rule), and besides at least one
 * operation and at least one recorded output to compute.
 */
export function loadState(draft: StatisticsDraft, status: SelectionStatus, ctx: OutputContext): LoadState {
  const rangeCtx = { lastOutput: ctx.lastOutput ?? 0, outputTimeInterval: ctx.outputTimeInterval };
  const errors = rangeErrors(draft, ctx);
  const config = draft.attribute === null ? null : { ...draft, attribute: draft.attribute };
  const domainEnabled = errors.length === 0 && statisticsLoadEnabled(config, status, rangeCtx);
  if (!domainEnabled) {
    if (status !== 'valid') return { enabled: false, reason: selectionStatusMessage(status) ?? 'The selection is still being checked.' };
    if (draft.attribute === null) return { enabled: false, reason: 'Choose an attribute.' };
    return { enabled: false, reason: errors.map(rangeErrorText).join('\n') };
  }
  if (draft.operations.length === 0) return { enabled: false, reason: 'Choose at least one operation.' };
  if (outputsToCompute(draft, ctx).length === 0) return { enabled: false, reason: 'No recorded output lies in the chosen range.' };
  return { enabled: true, reason: null };
}

/** The stats.calc of a Load; each operation maps to its temporal aggregator (integral to mean). */
export function calcCommand(
  simId: string, calcId: string, draft: StatisticsDraft, targets: { objIds: string[]; masks: string[] }, outputs: readonly number[],
): StatsCalcCommand {
  if (draft.attribute === null) throw new Error('stats.calc needs an attribute');
  const operations = Object.fromEntries(draft.operations.map((op) => [op, [temporalAggregator(op)]]));
  return statsCalcCommandSchema.parse({
    type: 'stats.calc',
    simId,
    calcId,
    outputs: [...outputs],
    attribute: draft.attribute,
    subAttribute: draft.subAttribute,
    dataset: 'raw',
    objIds: targets.objIds,
    masks: targets.masks,
    operations,
    mode: outputs.length > 1 ? 'both' : 'output_only',
  });
}
