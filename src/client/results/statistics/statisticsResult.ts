// One statistics computation as the panel shows it (spec 2 §4 'Statistics computation', §8 'Statistics'):
// the replies of a stats.calc folded into per-output and all-output values, state, progress and the
// messages about missing data, and the table and CSV made from it.
import { attributeLabelWithUnit, type ResultAttributeKey, type VectorSubOption } from '../../../domain/attributes.ts';
import { CHART_CSV, toCsv } from '../../../domain/csv.ts';
import type { StatisticsState } from '../../../domain/jobs.ts';
import { MESSAGES } from '../../../domain/messages.ts';
import { temporalAggregator, type StatisticsOperation } from '../../../domain/statistics.ts';
import type { StatsReply } from '../../../domain/statisticsMessages.ts';
import { operationLabels, roundTime } from './statisticsConfig.ts';

export interface StatisticsResult {
  calcId: string;
  attribute: ResultAttributeKey;
  subAttribute: VectorSubOption | null;
  /** Objects chosen in the panel (volume clips stay clips here) and their names. */
  selection: string[];
  selectionLabel: string;
  operations: StatisticsOperation[];
  /** Outputs asked for, ascending. */
  outputs: number[];
  state: StatisticsState;
  /** 0..100 */
  progress: number;
  perOutput: Record<number, Partial<Record<StatisticsOperation, number | null>>>;
  /** Values over all outputs (range modes only). */
  overall: Partial<Record<StatisticsOperation, number | null>>;
  /** Outputs whose data was missing and left out. */
  missingOutputs: number[];
  /** 'Missing data in outputs: …' while the result is still usable. */
  warning: string | null;
  /** Why the computation ended without a result (failed or canceled). */
  error: string | null;
}

export function startedResult(
  init: Pick<StatisticsResult, 'calcId' | 'attribute' | 'subAttribute' | 'selection' | 'selectionLabel' | 'operations' | 'outputs'>,
): StatisticsResult {
  return {
    ...init,
    outputs: [...init.outputs].sort((a, b) => a - b),
    state: 'running',
    progress: 0,
    perOutput: {},
    overall: {},
    missingOutputs: [],
    warning: null,
    error: null,
  };
}

/** A reply of the realtime channel about statistics, the masking error included. */
export type StatisticsReplyMessage = StatsReply;

/** Folds one reply of this computation into it; replies of other computations leave it as it is. */
export function applyReply(result: StatisticsResult, reply: StatisticsReplyMessage): StatisticsResult {
  if (!('calcId' in reply) || reply.calcId !== result.calcId) return result;
  switch (reply.type) {
    case 'stats.started':
      return { ...result, outputs: [...reply.outputs].sort((a, b) => a - b) };
    case 'stats.progress':
      return result.state === 'running' ? { ...result, progress: reply.progress } : result;
    case 'output_statistic': {
      const row = { ...(result.perOutput[reply.outputNo] ?? {}), [reply.statistic]: reply.value };
      return { ...result, perOutput: { ...result.perOutput, [reply.outputNo]: row } };
    }
    case 'all_output_statistic':
      return { ...result, overall: { ...result.overall, [reply.statistic]: reply.value } };
    case 'stats.warning':
      return { ...result, warning: reply.message, missingOutputs: [...reply.outputs] };
    case 'stats.state':
      return {
        ...result,
        state: reply.state,
        progress: reply.state === 'completed' ? 100 : reply.progress,
        missingOutputs: reply.outputs ?? result.missingOutputs,
        error: reply.state === 'completed' ? null : (reply.error ?? (reply.state === 'canceled' ? MESSAGES.statsCancelled : MESSAGES.statsFailed)),
      };
    case 'masking_error':
      return result;
  }
}

/** The computation ends this way when the channel gives up on it (no answer, connection lost, refused). */
export function failedResult(result: StatisticsResult): StatisticsResult {
  return result.state === 'running' ? { ...result, state: 'failed', error: MESSAGES.statsFailed } : result;
}

/** The message the table area shows for a finished computation without values. */
export function resultMessage(result: StatisticsResult): string | null {
  if (result.state === 'failed' || result.state === 'canceled') return result.error;
  return null;
}

/** Name of the attribute as computed: 'Velocity [m/s]', 'Velocity x [m/s]'. */
export function quantityLabel(attribute: ResultAttributeKey, subAttribute: VectorSubOption | null): string {
  const label = attributeLabelWithUnit(attribute);
  if (subAttribute === null || subAttribute === 'magnitude') return label;
  const unitAt = label.indexOf(' [');
  return unitAt < 0 ? `${label} ${subAttribute}` : `${label.slice(0, unitAt)} ${subAttribute}${label.slice(unitAt)}`;
}

export interface TableRow {
  outputNo: number;
  /** Simulated time: output number times the output interval. */
  time: number;
  values: (number | null)[];
}

/** One row per output that has values, in output order; missing outputs have none. */
export function tableRows(result: StatisticsResult, outputTimeInterval: number): TableRow[] {
  return Object.keys(result.perOutput)
    .map(Number)
    .sort((a, b) => a - b)
    .map((outputNo) => ({
      outputNo,
      time: roundTime(outputNo * outputTimeInterval),
      values: result.operations.map((op) => result.perOutput[outputNo][op] ?? null),
    }));
}

/** The all-outputs row's label per operation: how the per-output values were combined. */
export function overallLabel(op: StatisticsOperation): string {
  return `${operationLabels[temporalAggregator(op)]} over outputs`;
}

/** Whether the table has an all-outputs row (range modes with more than one output). */
export function hasOverall(result: StatisticsResult): boolean {
  return Object.keys(result.overall).length > 0;
}

/** The table as semicolon-separated CSV: output, time, one column per operation, then the all-outputs row. */
export function tableCsv(result: StatisticsResult, outputTimeInterval: number): string {
  const header = ['output', 'time', ...result.operations.map((op) => operationLabels[op])];
  const rows: (string | number | null)[][] = tableRows(result, outputTimeInterval).map((r) => [r.outputNo, r.time, ...r.values]);
  if (hasOverall(result)) rows.push(['all', null, ...result.operations.map((op) => result.overall[op] ?? null)]);
  return toCsv([header, ...rows], CHART_CSV);
}
