// A stats.calc's replies folded into what the panel shows (spec 2 §4, §8): values per output and over all
// outputs, progress, the missing-data warning (a list below 6 outputs, a count from 6), failure and
// cancellation messages, the table rows and its semicolon-separated CSV.
import { describe, expect, it } from 'vitest';
import { MESSAGES, templates } from '../../../../src/domain/messages.ts';
import {
  applyReply,
  failedResult,
  hasOverall,
  overallLabel,
  quantityLabel,
  resultMessage,
  startedResult,
  tableCsv,
  tableRows,
  type StatisticsReplyMessage,
} from '../../../../src/client/results/statistics/statisticsResult.ts';

const simId = 'sim';
const calcId = 'calc-1';
const start = () =>
  startedResult({ calcId, attribute: 'pressure', subAttribute: null, selection: ['fluid_0'], selectionLabel: 'Water', operations: ['mean', 'max'], outputs: [3, 1, 2] });
const fold = (replies: StatisticsReplyMessage[]) => replies.reduce(applyReply, start());
const value = (outputNo: number, statistic: 'mean' | 'max', v: number | null): StatisticsReplyMessage => ({ type: 'output_statistic', simId, calcId, outputNo, statistic, value: v });

describe('a computation from its replies', () => {
  it('collects per-output values, the values over all outputs and the progress, and ignores other computations', () => {
    const result = fold([
      { type: 'stats.started', simId, calcId, outputs: [1, 2, 3] },
      value(1, 'mean', 10), value(1, 'max', 20),
      { type: 'stats.progress', simId, calcId, progress: 33.3 },
      { type: 'output_statistic', simId, calcId: 'other', outputNo: 2, statistic: 'mean', value: 999 },
      value(3, 'mean', 30), value(3, 'max', 0.1 + 0.2),
      { type: 'stats.warning', simId, calcId, message: templates.statsMissingOutputs([2]), outputs: [2] },
      { type: 'all_output_statistic', simId, calcId, statistic: 'mean', aggregator: 'mean', value: 20 },
      { type: 'all_output_statistic', simId, calcId, statistic: 'max', aggregator: 'max', value: 20 },
      { type: 'stats.state', simId, calcId, state: 'completed', progress: 100, error: null, outputs: [2] },
    ]);
    expect(result.state).toBe('completed');
    expect(result.progress).toBe(100);
    expect(result.outputs).toEqual([1, 2, 3]);
    expect(result.warning).toBe('Missing data in outputs: 2. The calculation excludes this data.');
    expect(result.missingOutputs).toEqual([2]);
    expect(resultMessage(result)).toBeNull();
    expect(tableRows(result, 0.1)).toEqual([
      { outputNo: 1, time: 0.1, values: [10, 20] },
      { outputNo: 3, time: 0.3, values: [30, 0.30000000000000004] },
    ]);
    expect(hasOverall(result)).toBe(true);
    // Semicolons between cells, full-precision values, the all-outputs row last.
    expect(tableCsv(result, 0.1)).toBe('output;time;Mean;Max\r\n1;0.1;10;20\r\n3;0.3;30;0.30000000000000004\r\nall;;20;20\r\n');
  });

  it('words the missing outputs as a list below 6 and as a count from 6', () => {
    expect(fold([{ type: 'stats.warning', simId, calcId, message: templates.statsMissingOutputs([1, 2, 3, 4, 5]), outputs: [1, 2, 3, 4, 5] }]).warning).toBe(
      'Missing data in outputs: 1, 2, 3, 4, 5. The calculation excludes this data.',
    );
    expect(fold([{ type: 'stats.warning', simId, calcId, message: templates.statsMissingOutputs([1, 2, 3, 4, 5, 6]), outputs: [1, 2, 3, 4, 5, 6] }]).warning).toBe(
      'Missing data in 6 outputs. The calculation excludes this data.',
    );
  });

  it('ends failed with the server\'s reason, cancelled with the spec\'s message, or failed when the channel gives up', () => {
    const missing = fold([{ type: 'stats.state', simId, calcId, state: 'failed', progress: 100, error: MESSAGES.statsMissingData, outputs: [1, 2, 3] }]);
    expect(resultMessage(missing)).toBe('Missing data in selected outputs.');
    const cancelled = fold([value(1, 'mean', 1), { type: 'stats.state', simId, calcId, state: 'canceled', progress: 40, error: null }]);
    expect(cancelled.progress).toBe(40);
    expect(resultMessage(cancelled)).toBe('Computation cancelled.');
    const lost = failedResult(fold([{ type: 'stats.progress', simId, calcId, progress: 10 }]));
    expect(resultMessage(lost)).toBe('Computation failed for unknown reason.');
    expect(failedResult(missing)).toBe(missing);
    // Progress after the end does not move it.
    expect(applyReply(cancelled, { type: 'stats.progress', simId, calcId, progress: 90 }).progress).toBe(40);
  });

  it('labels quantities and the all-outputs aggregation', () => {
    expect(quantityLabel('velocity', 'x')).toBe('Velocity x [m/s]');
    expect(quantityLabel('velocity', 'magnitude')).toBe('Velocity [m/s]');
    expect(quantityLabel('particle_packing', null)).toBe('Particle Packing');
    expect(overallLabel('integral')).toBe('Mean over outputs');
    expect(overallLabel('95th_percentile')).toBe('95th percentile over outputs');
    expect(hasOverall(fold([value(1, 'mean', 1)]))).toBe(false);
  });
});
