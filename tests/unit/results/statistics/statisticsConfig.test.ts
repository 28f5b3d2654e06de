// The statistics form's rules (spec 2 §3, §5): range errors with the spec's messages as the info tooltip
// lists them, the outputs a Load covers, when Load is enabled and why not, what stats.info offers, and
// the stats.calc it sends.
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../../src/domain/messages.ts';
import { statsCalcCommandSchema, type StatsInfoReply } from '../../../../src/domain/statisticsMessages.ts';
import {
  attributeChoices,
  calcCommand,
  fullRanges,
  initialDraft,
  loadState,
  offeredOperationsFor,
  outputContext,
  outputsToCompute,
  rangeErrorText,
  rangeErrors,
  reconcileDraft,
  type StatisticsDraft,
} from '../../../../src/client/results/statistics/statisticsConfig.ts';

const SIM = '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f';
// Outputs 0..10 every 0.05 s, output 7 not recorded; the viewer shows output 4.
const ctx = outputContext([0, 1, 2, 3, 4, 5, 6, 8, 9, 10].map((outputNo) => ({ outputNo })), 0.05, 4);
const draft = (patch: Partial<StatisticsDraft>): StatisticsDraft => ({ ...initialDraft(), selection: ['fluid_0'], attribute: 'pressure', ...patch });
const texts = (d: StatisticsDraft) => rangeErrors(d, ctx).map(rangeErrorText);

const info: StatsInfoReply = {
  type: 'stats.info.resp', simId: SIM, output: 4, dataset: 'raw',
  operationsByAttribute: {
    velocity: ['mean', 'min', 'max', '5th_percentile', 'median', '95th_percentile'],
    pressure: ['mean', 'min', 'max', '5th_percentile', 'median', '95th_percentile'],
    total_stress: ['mean', 'min', 'max', '5th_percentile', 'median', '95th_percentile', 'integral'],
  },
  subAttributes: { velocity: ['magnitude', 'x', 'y', 'z'], total_stress: ['magnitude', 'x', 'y', 'z'] },
};

describe('statistics ranges', () => {
  it('knows the last output, the current one, and the full ranges the form starts with', () => {
    expect(ctx.lastOutput).toBe(10);
    expect(ctx.currentOutput).toBe(4);
    expect(fullRanges(ctx)).toEqual({ outputRange: [0, 10], timeRange: [0, 0.5] });
    expect(outputContext([], 0.05, null)).toMatchObject({ lastOutput: null, currentOutput: null });
  });

  it('lists output range errors with the field and the spec message', () => {
    expect(texts(draft({ outputMode: 'outputRange', outputRange: [2, 9] }))).toEqual([]);
    expect(texts(draft({ outputMode: 'outputRange', outputRange: [-1, 4] }))).toEqual(['Start output: must be at least 0']);
    expect(texts(draft({ outputMode: 'outputRange', outputRange: [6, 6] }))).toEqual([`Start output: ${MESSAGES.statsRangeStartBeforeEnd}`]);
    expect(texts(draft({ outputMode: 'outputRange', outputRange: [6, 3] }))).toEqual([
      `Start output: ${MESSAGES.statsRangeStartBeforeEnd}`,
      `End output: ${MESSAGES.statsRangeEndNotBeforeStart}`,
    ]);
    expect(texts(draft({ outputMode: 'outputRange', outputRange: [2, 11] }))).toEqual(['End output: must be at most 10']);
    expect(texts(draft({ outputMode: 'outputRange', outputRange: [11, 12] }))).toEqual(['Start output: must be at most 10', 'End output: must be at most 10']);
    expect(texts(draft({ outputMode: 'outputRange', outputRange: [Number.NaN, 3] }))).toEqual([`Start output: ${MESSAGES.validNumber}`]);
    expect(texts(draft({ outputMode: 'outputRange', outputRange: [1.5, 3] }))).toEqual([`Start output: ${MESSAGES.wholeNumber}`]);
  });

  it('lists time range errors up to the last output times the interval', () => {
    expect(texts(draft({ outputMode: 'timeRange', timeRange: [0.1, 0.5] }))).toEqual([]);
    expect(texts(draft({ outputMode: 'timeRange', timeRange: [-0.1, 0.2] }))).toEqual(['Start time: must be at least 0']);
    expect(texts(draft({ outputMode: 'timeRange', timeRange: [0.1, 0.6] }))).toEqual(['End time: must be at most 0.5']);
    expect(texts(draft({ outputMode: 'timeRange', timeRange: [0.3, 0.2] }))).toEqual([`End time: ${MESSAGES.statsRangeEndNotBeforeStart}`]);
    // The current output has no range to check.
    expect(texts(draft({ outputMode: 'current', outputRange: [-5, -9] }))).toEqual([]);
  });

  it('computes the current output, a range with its end included, or the outputs in a time range, recorded ones only', () => {
    expect(outputsToCompute(draft({ outputMode: 'current' }), ctx)).toEqual([4]);
    expect(outputsToCompute(draft({ outputMode: 'outputRange', outputRange: [5, 9] }), ctx)).toEqual([5, 6, 8, 9]);
    expect(outputsToCompute(draft({ outputMode: 'timeRange', timeRange: [0.1, 0.3] }), ctx)).toEqual([2, 3, 4, 5, 6]);
    expect(outputsToCompute(draft({ outputMode: 'current' }), outputContext([], 0.05, null))).toEqual([]);
  });
});

describe('Load', () => {
  it('is disabled without selection, with objects of different types, without attribute, with range errors or without operations', () => {
    expect(loadState(draft({ selection: [] }), 'empty', ctx)).toEqual({ enabled: false, reason: MESSAGES.statsSelectObjects });
    expect(loadState(draft({}), 'differentObjects', ctx)).toEqual({ enabled: false, reason: MESSAGES.statsSameType });
    expect(loadState(draft({}), 'incompleteSetup', ctx)).toEqual({ enabled: false, reason: MESSAGES.statsClipNeedsFluid });
    expect(loadState(draft({}), 'operationsLoading', ctx).enabled).toBe(false);
    expect(loadState(draft({ attribute: null }), 'valid', ctx)).toEqual({ enabled: false, reason: 'Choose an attribute.' });
    expect(loadState(draft({ outputMode: 'outputRange', outputRange: [6, 3] }), 'valid', ctx)).toEqual({
      enabled: false,
      reason: `Start output: ${MESSAGES.statsRangeStartBeforeEnd}\nEnd output: ${MESSAGES.statsRangeEndNotBeforeStart}`,
    });
    expect(loadState(draft({ operations: [] }), 'valid', ctx).enabled).toBe(false);
    expect(loadState(draft({ outputMode: 'timeRange', timeRange: [0.36, 0.37] }), 'valid', ctx)).toEqual({ enabled: false, reason: 'No recorded output lies in the chosen range.' });
    expect(loadState(draft({ outputMode: 'outputRange', outputRange: [0, 10] }), 'valid', ctx)).toEqual({ enabled: true, reason: null });
  });
});

describe('what stats.info offers', () => {
  it('lists the offered attributes in product order with units, and integral only for stresses', () => {
    expect(attributeChoices(info)).toEqual([
      { value: 'pressure', label: 'Pressure [Pa]' },
      { value: 'total_stress', label: 'Total Stress [Pa]' },
      { value: 'velocity', label: 'Velocity [m/s]' },
    ]);
    expect(offeredOperationsFor(info, 'pressure')).not.toContain('integral');
    expect(offeredOperationsFor(info, 'total_stress')).toContain('integral');
    expect(attributeChoices(null)).toEqual([]);
  });

  it('keeps the draft consistent: the first attribute, a vector magnitude, offered operations, mean when none is left', () => {
    const fresh = reconcileDraft({ ...initialDraft(), selection: ['fluid_0'] }, info);
    expect(fresh).toMatchObject({ attribute: 'pressure', subAttribute: null, operations: ['mean'] });
    const vector = reconcileDraft(draft({ attribute: 'velocity', subAttribute: null }), info);
    expect(vector.subAttribute).toBe('magnitude');
    const integral = draft({ attribute: 'total_stress', operations: ['integral', 'max'] });
    expect(reconcileDraft(integral, info)).toMatchObject({ subAttribute: 'magnitude', operations: ['integral', 'max'] });
    expect(reconcileDraft({ ...integral, subAttribute: 'x', attribute: 'pressure' }, info)).toMatchObject({ attribute: 'pressure', subAttribute: null, operations: ['max'] });
    expect(reconcileDraft(draft({ attribute: 'pressure', operations: ['integral'] }), info).operations).toEqual(['mean']);
    const unchanged = draft({ attribute: 'pressure', operations: ['mean', 'median'] });
    expect(reconcileDraft(unchanged, info)).toBe(unchanged);
  });
});

describe('the stats.calc of a Load', () => {
  it('maps each operation to its temporal aggregator (integral to mean), asks the raw dataset, and aggregates over several outputs', () => {
    const d = draft({ attribute: 'total_stress', subAttribute: 'x', operations: ['integral', 'median'], outputMode: 'outputRange', outputRange: [1, 3] });
    const command = calcCommand(SIM, 'calc-1', d, { objIds: ['wall_1'], masks: [] }, [1, 2, 3]);
    expect(statsCalcCommandSchema.safeParse(command).success).toBe(true);
    expect(command).toEqual({
      type: 'stats.calc', simId: SIM, calcId: 'calc-1', outputs: [1, 2, 3], attribute: 'total_stress', subAttribute: 'x', dataset: 'raw',
      objIds: ['wall_1'], masks: [], operations: { integral: ['mean'], median: ['median'] }, mode: 'both',
    });
    const single = calcCommand(SIM, 'calc-2', draft({ operations: ['max'] }), { objIds: ['fluid_0'], masks: ['clip-1'] }, [4]);
    expect(single).toMatchObject({ mode: 'output_only', masks: ['clip-1'], operations: { max: ['max'] } });
    expect(() => calcCommand(SIM, 'calc-3', draft({ attribute: null }), { objIds: ['fluid_0'], masks: [] }, [4])).toThrow();
  });
});
