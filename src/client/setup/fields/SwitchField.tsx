// A boolean form field as a switch, optionally unavailable with the reason in a tooltip.
import { Switch, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { Controller, get, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

interface Props<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: ReactNode;
  description?: ReactNode;
  /** Why the switch cannot be changed now; null when it can. */
  unavailable?: string | null;
  testId?: string;
  /** Replaces the plain field update, for switches with side effects (multiphase, surface tension). */
  onToggle?: (checked: boolean) => void;
  /** The switch shows the opposite of the stored flag (improved wall pressure = not noRiemannWall). */
  inverted?: boolean;
}

export function SwitchField<T extends FieldValues>({ control, name, label, description, unavailable, testId, onToggle, inverted }: Props<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, formState }) => {
        const error = (get(formState.errors, name) as { message?: string } | undefined)?.message;
        const checked = inverted ? !field.value : Boolean(field.value);
        const input = (
          <Switch
            label={label}
            description={description}
            error={error}
            checked={checked}
            disabled={Boolean(unavailable) && !checked}
            data-testid={testId}
            onChange={(event) => {
              const next = event.currentTarget.checked;
              if (onToggle) onToggle(next);
              else field.onChange(inverted ? !next : next);
            }}
          />
        );
        return unavailable ? (
          <Tooltip label={unavailable} position="top-start" withArrow multiline maw={280}>
            <div>{input}</div>
          </Tooltip>
        ) : (
          input
        );
      }}
    />
  );
}
