// Stop conditions (step 1) or alerts (step 2) of the start flow: value type, threshold and remove, for the
// conditions with the given action. Thresholds must lie ahead of the current value and a time below the
// end time (domain rules, shown per field).
import { ActionIcon, Button, Group, Select, Stack, Text } from '@mantine/core';
import { Controller, useFieldArray, type Control, type FieldPath } from 'react-hook-form';
import { conditionValueTypes, createCondition, type ConditionAction, type ConditionValues } from '../../domain/condition.ts';
import { Icon } from '../ui/Icon.tsx';
import { NumberField } from '../setup/fields/NumberField.tsx';
import { formatNumber } from '../setup/fields/numberText.ts';
import { formatCredits } from '../ui/format.ts';
import { CONDITION_LABEL } from './startFlowModel.ts';
import type { StartFormValues } from './startForm.ts';

interface Props {
  control: Control<StartFormValues>;
  action: ConditionAction;
  current: ConditionValues;
  endTime: number | null;
}

export function ConditionEditor({ control, action, current, endTime }: Props) {
  const { fields, append, remove } = useFieldArray({ control, name: 'conditions', keyName: 'key' });
  const rows = fields.map((field, index) => ({ field, index })).filter(({ field }) => field.action === action);
  const noun = action === 'stop' ? 'stop condition' : 'alert';
  return (
    <Stack gap="xs" data-testid={`conditions-${action}`}>
      {rows.length === 0 && (
        <Text size="xs" c="dimmed">
          {action === 'stop' ? 'The run stops at the end time.' : 'No alerts: you are notified when the run ends.'}
        </Text>
      )}
      {rows.map(({ field, index }) => (
        <Group key={field.key} gap={6} align="flex-start" wrap="nowrap" data-testid={`condition-${action}`}>
          <Controller
            control={control}
            name={`conditions.${index}.valueType` as FieldPath<StartFormValues>}
            render={({ field: f }) => (
              <Select
                size="xs"
                w={150}
                aria-label="Value"
                allowDeselect={false}
                value={String(f.value)}
                onChange={(v) => v && f.onChange(v)}
                data={conditionValueTypes.map((t) => ({ value: t, label: CONDITION_LABEL[t].label }))}
                data-testid="condition-valueType"
              />
            )}
          />
          <div style={{ flex: 1 }}>
            <NumberField
              control={control}
              name={`conditions.${index}.threshold` as FieldPath<StartFormValues>}
              size="xs"
              ariaLabel="Threshold"
              unit={CONDITION_LABEL[field.valueType].unit}
              testId="condition-threshold"
            />
          </div>
          <ActionIcon variant="subtle" color="gray" mt={4} aria-label={`Remove ${noun}`} onClick={() => remove(index)}>
            <Icon name="trash" size={14} />
          </ActionIcon>
        </Group>
      ))}
      <Button
        size="xs"
        variant="light"
        leftSection={<Icon name="plus" size={14} />}
        data-testid={`condition-add-${action}`}
        onClick={() => {
          const base = endTime !== null && endTime > current.time ? Number(((current.time + endTime) / 2).toPrecision(6)) : current.time + 1;
          append(createCondition('time', base, action));
        }}
      >
        Add {noun}
      </Button>
      <Text size="xs" c="dimmed">
        Thresholds must lie ahead of the current values (time {formatNumber(current.time)} s, credits <span data-testid="start-current-credits">{formatCredits(current.credits)}</span>)
        {endTime !== null ? ` and a time below the end time of ${formatNumber(endTime)} s` : ''}.
      </Text>
    </Stack>
  );
}
