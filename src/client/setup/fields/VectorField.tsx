// A three-component vector (x, y, z) bound to a form field stored as [x, y, z]; each component shows its
// own message ('This field requires a valid number.'), the vector as a whole its rule's message.
import { Group, Input, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { get, useFormState, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { NumberField } from './NumberField.tsx';

interface Props<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: ReactNode;
  unit?: string;
  description?: ReactNode;
  testId?: string;
  disabled?: boolean;
  rightSection?: ReactNode;
}

const AXES = ['x', 'y', 'z'] as const;

export function VectorField<T extends FieldValues>({ control, name, label, unit, description, testId, disabled, rightSection }: Props<T>) {
  const { errors } = useFormState({ control, name });
  // A rule on the whole vector lands on `root` once its components are fields of their own.
  const vectorError = get(errors, name) as { message?: string; root?: { message?: string } } | undefined;
  const whole = { message: vectorError?.message ?? vectorError?.root?.message };
  return (
    <Stack gap={4} data-testid={testId}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Input.Label>
          {label}
          {unit ? <span style={{ color: 'var(--mantine-color-dimmed)', fontWeight: 400 }}> ({unit})</span> : null}
        </Input.Label>
        {rightSection}
      </Group>
      {description && <Input.Description>{description}</Input.Description>}
      <Group gap={6} grow wrap="nowrap" align="flex-start">
        {AXES.map((axis, i) => (
          <NumberField
            key={axis}
            control={control}
            name={`${name}.${i}` as FieldPath<T>}
            size="xs"
            leftLabel={axis}
            ariaLabel={`${typeof label === 'string' ? label : name} ${axis}`}
            testId={testId ? `${testId}-${axis}` : undefined}
            disabled={disabled}
          />
        ))}
      </Group>
      {whole.message && <Input.Error data-testid={testId ? `${testId}-error` : undefined}>{whole.message}</Input.Error>}
    </Stack>
  );
}
