// A choice among fixed options bound to a form field (enum values of the domain).
import { Select } from '@mantine/core';
import type { ReactNode } from 'react';
import { Controller, get, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

interface Props<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: ReactNode;
  options: readonly SelectOption[];
  description?: ReactNode;
  testId?: string;
  /** Stored values that are numbers (material ids) are converted back from the select's strings. */
  numeric?: boolean;
  placeholder?: string;
}

export function SelectField<T extends FieldValues>({ control, name, label, options, description, testId, numeric, placeholder }: Props<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, formState }) => (
        <Select
          label={label}
          description={description}
          placeholder={placeholder}
          data={options.map((o) => ({ value: o.value, label: o.label, disabled: o.disabled }))}
          value={field.value === null || field.value === undefined ? null : String(field.value)}
          allowDeselect={false}
          error={(get(formState.errors, name) as { message?: string } | undefined)?.message}
          data-testid={testId}
          comboboxProps={{ withinPortal: true }}
          onChange={(value) => {
            if (value === null) return;
            field.onChange(numeric ? Number(value) : value);
          }}
        />
      )}
    />
  );
}
