// Outputs of the Select Data tab: one output, or a range from start to end taking every step-th
// (step 1 to 100), with the domain's messages under the fields they concern.
import { Group, NumberInput, SegmentedControl, Stack, Text } from '@mantine/core';
import { EXPORT_STEP_SIZE_MAX, EXPORT_STEP_SIZE_MIN } from '../../domain/constants.ts';
import type { UserExportState } from '../../domain/userExport.ts';
import type { FieldIssue } from '../../domain/validation/issues.ts';
import { issuesOf } from './exportModel.ts';

interface Props {
  state: UserExportState;
  lastOutput: number;
  issues: readonly FieldIssue[];
  onChange: (change: Partial<UserExportState>) => void;
}

const asNumber = (value: string | number) => (typeof value === 'number' ? value : Number.NaN);

export function OutputSelection({ state, lastOutput, issues, onChange }: Props) {
  const stepError = issuesOf(issues, 'stepSize')[0]?.message;
  const startError = issuesOf(issues, 'outputsRange')[0]?.message;
  const missing = issuesOf(issues, 'outputs')[0]?.message;
  return (
    <Stack gap={6} data-testid="export-outputs">
      <Text size="sm" fw={600}>
        Outputs
      </Text>
      <SegmentedControl
        size="xs"
        value={state.outputMode}
        onChange={(v) => onChange({ outputMode: v as UserExportState['outputMode'] })}
        data={[{ value: 'single', label: 'Single' }, { value: 'range', label: 'Range' }]}
        data-testid="export-output-mode"
      />
      {state.outputMode === 'single' ? (
        <NumberInput
          size="xs"
          label="Output"
          min={0}
          max={lastOutput}
          allowDecimal={false}
          clampBehavior="none"
          value={state.outputsSingle}
          onChange={(v) => onChange({ outputsSingle: Math.max(0, Math.floor(asNumber(v)) || 0) })}
          data-testid="export-output-single"
        />
      ) : (
        <Group grow gap="xs" align="flex-start">
          <NumberInput
            size="xs"
            label="Start"
            min={0}
            max={lastOutput}
            allowDecimal={false}
            clampBehavior="none"
            value={state.outputsRange[0]}
            error={startError}
            onChange={(v) => onChange({ outputsRange: [Math.max(0, Math.floor(asNumber(v)) || 0), state.outputsRange[1]] })}
            data-testid="export-output-start"
          />
          <NumberInput
            size="xs"
            label="End"
            min={0}
            max={lastOutput}
            allowDecimal={false}
            clampBehavior="none"
            value={state.outputsRange[1]}
            onChange={(v) => onChange({ outputsRange: [state.outputsRange[0], Math.max(0, Math.floor(asNumber(v)) || 0)] })}
            data-testid="export-output-end"
          />
          <NumberInput
            size="xs"
            label="Step"
            min={EXPORT_STEP_SIZE_MIN}
            max={EXPORT_STEP_SIZE_MAX}
            clampBehavior="none"
            value={state.stepSize}
            error={stepError}
            onChange={(v) => onChange({ stepSize: asNumber(v) })}
            data-testid="export-step-size"
          />
        </Group>
      )}
      {missing && (
        <Text size="xs" c="orange.8" data-testid="export-missing-output">
          {missing}
        </Text>
      )}
    </Stack>
  );
}
