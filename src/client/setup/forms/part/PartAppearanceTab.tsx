// Appearance tab: colour (7-character hex), opacity 0..1, visibility, wireframe and translucency, as the
// viewport draws the part.
import { ColorInput, Input, Slider, Stack, Switch } from '@mantine/core';
import { Controller, type FieldPath } from 'react-hook-form';
import { DEFAULT_COLOR_PALETTE } from '../../../../domain/constants.ts';
import type { Part } from '../../../../domain/part.ts';
import type { PartTabProps } from './partFormTypes.ts';

const SWITCHES = [
  ['appearance.visibility', 'Visible', 'part-visibility'],
  ['appearance.translucent', 'Translucent', 'part-translucent'],
  ['appearance.wireframe', 'Wireframe', 'part-wireframe'],
] as const;

export function PartAppearanceTab({ form }: PartTabProps) {
  const { control } = form;
  return (
    <Stack gap="md">
      <Controller
        control={control}
        name="appearance.color"
        render={({ field, fieldState }) => (
          <ColorInput
            label="Colour"
            format="hex"
            swatches={[...DEFAULT_COLOR_PALETTE]}
            swatchesPerRow={6}
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
            data-testid="part-color"
          />
        )}
      />
      <Controller
        control={control}
        name="appearance.opacity"
        render={({ field }) => (
          <Input.Wrapper label={`Opacity: ${typeof field.value === 'number' ? field.value.toFixed(2) : field.value}`}>
            <Slider min={0} max={1} step={0.05} value={typeof field.value === 'number' ? field.value : 0.5} onChange={field.onChange}
              label={(v) => v.toFixed(2)} data-testid="part-opacity" mt={6} />
          </Input.Wrapper>
        )}
      />
      {SWITCHES.map(([name, label, testId]) => (
        <Controller
          key={name}
          control={control}
          name={name as FieldPath<Part>}
          render={({ field }) => (
            <Switch label={label} checked={Boolean(field.value)} onChange={(event) => field.onChange(event.currentTarget.checked)} data-testid={testId} />
          )}
        />
      ))}
    </Stack>
  );
}
