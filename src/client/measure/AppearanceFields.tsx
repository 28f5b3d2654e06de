// How a sensor or volume clip is drawn: visible or hidden, and its colour. Both forms keep these under
// `appearance` (visibility, color), so one set of fields serves them.
import { ColorInput, Group, Input, Switch } from '@mantine/core';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { DEFAULT_COLOR_PALETTE } from '../../domain/constants.ts';

interface Props<T extends FieldValues> {
  control: Control<T>;
  /** Prefix of the test ids: `<prefix>-visibility`, `<prefix>-color`. */
  testIdPrefix: string;
}

export function AppearanceFields<T extends FieldValues & { appearance: { visibility: boolean; color: string } }>({ control, testIdPrefix }: Props<T>) {
  return (
    <Input.Wrapper label="Appearance">
      <Group gap="md" mt={4} wrap="nowrap" align="flex-end">
        <Controller
          control={control}
          name={'appearance.visibility' as FieldPath<T>}
          render={({ field }) => (
            <Switch label="Visible" checked={Boolean(field.value)} onChange={(event) => field.onChange(event.currentTarget.checked)} data-testid={`${testIdPrefix}-visibility`} />
          )}
        />
        <Controller
          control={control}
          name={'appearance.color' as FieldPath<T>}
          render={({ field, fieldState }) => (
            <ColorInput size="xs" format="hex" swatches={[...DEFAULT_COLOR_PALETTE]} swatchesPerRow={6} value={String(field.value)} onChange={field.onChange}
              error={fieldState.error?.message} aria-label="Colour" data-testid={`${testIdPrefix}-color`} style={{ flex: 1 }} />
          )}
        />
      </Group>
    </Input.Wrapper>
  );
}
