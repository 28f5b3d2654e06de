// The fields of a sensor (spec 1 §3 'Sensor'): its name, where it samples (a point, or a disk, rectangle or
// uploaded surface), the attributes it records, and how it is drawn. Used by the Setup forms and by the
// sensor dialog of Results, each with its own way of saving.
import { Checkbox, Stack, Text, TextInput } from '@mantine/core';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { attributeLabelWithUnit, integratedQuantities } from '../../domain/attributes.ts';
import { SURFACE_SENSOR_INTEGRALS, sensorAttributeOptions, type Sensor } from '../../domain/sensor.ts';
import { AppearanceFields } from './AppearanceFields.tsx';
import { MeshDefinitionFields } from './MeshDefinitionFields.tsx';

interface Props {
  form: UseFormReturn<Sensor>;
  /** Name and attributes cannot change (the sensor computation is running). */
  disabled?: boolean;
}

export function SensorFields({ form, disabled }: Props) {
  const { control } = form;
  const sensor = useWatch({ control }) as Sensor;
  const options = sensorAttributeOptions(sensor.kind);
  return (
    <Stack gap="sm" data-testid="sensor-fields" data-kind={sensor.kind}>
      <Controller
        control={control}
        name="name"
        render={({ field, fieldState }) => (
          <TextInput label="Name" value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} disabled={disabled} data-testid="sensor-name" />
        )}
      />
      {sensor.kind === 'point' ? (
        <MeshDefinitionFields form={form} at="" mesh={{ kind: 'point', position: sensor.position }} testId="sensor" />
      ) : (
        <MeshDefinitionFields form={form} at="mesh" mesh={sensor.mesh} testId="sensor" />
      )}
      <Controller
        control={control}
        name="attributes"
        render={({ field, fieldState }) => (
          <Checkbox.Group
            label="Recorded attributes"
            value={field.value as string[]}
            onChange={field.onChange}
            error={fieldState.error?.message}
            data-testid="sensor-attributes"
          >
            <Stack gap={6} mt={6}>
              {options.map((key) => (
                <Checkbox key={key} value={key} label={attributeLabelWithUnit(key)} disabled={disabled} data-testid={`sensor-attribute-${key}`} />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
      />
      {sensor.kind === 'surface' && (
        <Text size="xs" c="dimmed">
          Every output also gives the {SURFACE_SENSOR_INTEGRALS.map((k) => integratedQuantities[k].label.toLowerCase()).join(', ')} through the surface.
        </Text>
      )}
      <AppearanceFields control={control} testIdPrefix="sensor" />
    </Stack>
  );
}
