// Which outputs a Load computes (spec 2 §3, §5): the current output, an output range or a time range.
// Range errors mark the fields and are listed in an info tooltip beside them.
import { ActionIcon, Group, NumberInput, SegmentedControl, Stack, Text, Tooltip } from '@mantine/core';
import { statisticsOutputModes, type StatisticsOutputMode } from '../../../domain/statistics.ts';
import { formatRangeValue } from '../../viewer/colormap.ts';
import { Icon } from '../../ui/Icon.tsx';
import { outputModeLabels, rangeErrorText, roundTime, type OutputContext, type RangeError, type StatisticsDraft } from './statisticsConfig.ts';

interface Props {
  draft: StatisticsDraft;
  ctx: OutputContext;
  errors: readonly RangeError[];
  onChange: (patch: Partial<StatisticsDraft>) => void;
}

/** A field's number; NaN while it is empty, so that the range rules say so. */
function fieldNumber(value: string | number): number {
  if (typeof value === 'number') return value;
  return value.trim() === '' ? Number.NaN : Number(value);
}

export function OutputRangeFields({ draft, ctx, errors, onChange }: Props) {
  const mode = draft.outputMode;
  const hasError = (i: number) => errors.some((e) => e.field.endsWith(`.${i}`));
  const step = mode === 'timeRange' ? ctx.outputTimeInterval || 0.01 : 1;
  const values = mode === 'timeRange' ? draft.timeRange : draft.outputRange;
  const setValue = (i: 0 | 1, value: string | number) => {
    const next: [number, number] = [...values];
    next[i] = fieldNumber(value);
    onChange(mode === 'timeRange' ? { timeRange: next } : { outputRange: next });
  };
  const last = ctx.lastOutput;
  const maxTime = last === null ? 0 : roundTime(last * ctx.outputTimeInterval);

  return (
    <Stack gap={4}>
      <Text size="xs" fw={500}>
        Outputs
      </Text>
      <SegmentedControl
        size="xs"
        fullWidth
        value={mode}
        onChange={(v) => onChange({ outputMode: statisticsOutputModes.find((m) => m === v) ?? 'current' })}
        data={statisticsOutputModes.map((m: StatisticsOutputMode) => ({ value: m, label: outputModeLabels[m] }))}
        data-testid="statistics-output-mode"
      />
      {mode === 'current' ? (
        <Text size="xs" c="dimmed" data-testid="statistics-current-output">
          {ctx.currentOutput === null ? 'No output is shown yet.' : `Output ${ctx.currentOutput} at ${formatRangeValue(roundTime(ctx.currentOutput * ctx.outputTimeInterval))} s, as shown in the viewer.`}
        </Text>
      ) : (
        <Group gap={6} wrap="nowrap" align="flex-end">
          <NumberInput
            size="xs"
            label={mode === 'timeRange' ? 'Start [s]' : 'Start'}
            value={Number.isFinite(values[0]) ? values[0] : ''}
            onChange={(v) => setValue(0, v)}
            step={step}
            allowDecimal={mode === 'timeRange'}
            error={hasError(0)}
            style={{ flex: 1 }}
            data-testid="statistics-range-start"
          />
          <NumberInput
            size="xs"
            label={mode === 'timeRange' ? 'End [s]' : 'End'}
            value={Number.isFinite(values[1]) ? values[1] : ''}
            onChange={(v) => setValue(1, v)}
            step={step}
            allowDecimal={mode === 'timeRange'}
            error={hasError(1)}
            style={{ flex: 1 }}
            data-testid="statistics-range-end"
          />
          <Tooltip
            multiline
            w={260}
            withArrow
            color={errors.length > 0 ? 'red' : 'dark'}
            label={
              <div data-testid="statistics-range-info">
                {errors.length > 0
                  ? errors.map((e) => <div key={e.field}>{rangeErrorText(e)}</div>)
                  : mode === 'timeRange'
                    ? `From 0 to ${formatRangeValue(maxTime)} s, outputs every ${formatRangeValue(ctx.outputTimeInterval)} s.`
                    : `From 0 to ${last ?? 0}, the end included.`}
              </div>
            }
          >
            <ActionIcon
              variant={errors.length > 0 ? 'light' : 'subtle'}
              color={errors.length > 0 ? 'red' : 'gray'}
              size={30}
              aria-label={errors.length > 0 ? 'Range errors' : 'Range limits'}
              data-testid="statistics-range-errors"
              data-errors={errors.length}
            >
              <Icon name={errors.length > 0 ? 'alert' : 'info'} size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      )}
    </Stack>
  );
}
