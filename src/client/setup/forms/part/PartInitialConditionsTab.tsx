// Initial conditions tab of fluid parts: velocity, pressure (given or hydrostatic) and, with heat
// transfer, temperature.
import { Stack, Text } from '@mantine/core';
import type { FieldPath } from 'react-hook-form';
import type { Part } from '../../../../domain/part.ts';
import { NumberField } from '../../fields/NumberField.tsx';
import { SelectField } from '../../fields/SelectField.tsx';
import { VectorField } from '../../fields/VectorField.tsx';
import type { PartTabProps } from './partFormTypes.ts';

const path = (p: string) => p as FieldPath<Part>;

export function PartInitialConditionsTab({ form, document }: PartTabProps) {
  const { control } = form;
  const preset = form.watch(path('component.initialPreset'));
  return (
    <Stack gap="sm">
      <VectorField control={control} name={path('component.initialVelocity')} label="Initial velocity" unit="m/s" testId="part-initialVelocity" />
      <SelectField
        control={control}
        name={path('component.initialPreset')}
        label="Initial pressure"
        testId="part-initialPreset"
        options={[
          { value: 'none', label: 'Given value' },
          { value: 'hydrostatic', label: 'Hydrostatic (from gravity and fluid column)' },
        ]}
      />
      {preset !== 'hydrostatic' && <NumberField control={control} name={path('component.initialPressure')} label="Pressure" unit="Pa" testId="part-initialPressure" />}
      {document.settings.thermodynamics ? (
        <NumberField control={control} name={path('component.initialTemperature')} label="Initial temperature" unit="K" testId="part-initialTemperature" />
      ) : (
        <Text size="xs" c="dimmed">
          The initial temperature applies when heat transfer is on (Physics).
        </Text>
      )}
    </Stack>
  );
}
