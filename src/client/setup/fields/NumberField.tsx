// A number input bound to a form field. Accepts what engineers type (exponent notation included) and
// hands the form either a number or, when the text is not a number, the text itself, so that the domain
// schema answers 'must be a valid number'. Optional conversion for fields shown in other units (percent).
import { TextInput } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { Controller, get, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { formatNumber, parseNumberText } from './numberText.ts';

export interface DisplayConversion {
  toDisplay: (stored: number) => number;
  fromDisplay: (shown: number) => number;
}

interface Props<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label?: ReactNode;
  unit?: string;
  description?: ReactNode;
  conversion?: DisplayConversion;
  disabled?: boolean;
  testId?: string;
  placeholder?: string;
  /** Compact inputs inside a vector row. */
  size?: 'xs' | 'sm';
  leftLabel?: string;
  ariaLabel?: string;
}

interface InputProps {
  value: unknown;
  onChange: (value: number | string) => void;
  onBlur: () => void;
  error: string | undefined;
  props: Omit<Props<FieldValues>, 'control' | 'name'>;
}

function NumberTextInput({ value, onChange, onBlur, error, props }: InputProps) {
  const { conversion } = props;
  const shown = typeof value === 'number' ? (conversion ? conversion.toDisplay(value) : value) : null;
  const [text, setText] = useState(shown === null ? String(value ?? '') : formatNumber(shown));
  // Follow values set from outside (reset, dependency rules) unless they are what the text already says.
  useEffect(() => {
    if (shown === null) return;
    setText((current) => (parseNumberText(current) === shown ? current : formatNumber(shown)));
  }, [shown]);
  return (
    <TextInput
      label={props.label}
      description={props.description}
      placeholder={props.placeholder}
      size={props.size ?? 'sm'}
      inputMode="decimal"
      autoComplete="off"
      aria-label={props.ariaLabel}
      disabled={props.disabled}
      error={error}
      value={text}
      leftSection={props.leftLabel ? <span style={{ fontSize: 11, color: 'var(--mantine-color-dimmed)', fontWeight: 600 }}>{props.leftLabel}</span> : undefined}
      leftSectionWidth={props.leftLabel ? 22 : undefined}
      rightSection={props.unit ? <span style={{ fontSize: 12, color: 'var(--mantine-color-dimmed)', whiteSpace: 'nowrap' }}>{props.unit}</span> : undefined}
      rightSectionWidth={props.unit ? Math.max(28, props.unit.length * 8 + 12) : undefined}
      rightSectionPointerEvents="none"
      data-testid={props.testId}
      onBlur={onBlur}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        const parsed = parseNumberText(next);
        onChange(typeof parsed === 'number' && conversion ? conversion.fromDisplay(parsed) : parsed);
      }}
    />
  );
}

export function NumberField<T extends FieldValues>({ control, name, ...props }: Props<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, formState }) => (
        <NumberTextInput
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={(get(formState.errors, name) as { message?: string } | undefined)?.message}
          props={props}
        />
      )}
    />
  );
}
