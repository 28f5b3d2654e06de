// The geometry fields of a sensor's or volume clip's mesh definition, by kind: centre and the kind's
// sizes and directions for the parametric ones, placement (offset, rotation, scale) for an uploaded file.
import { Stack, Text } from '@mantine/core';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import type { MeshDefinition } from '../../domain/mesh.ts';
import { NumberField } from '../setup/fields/NumberField.tsx';
import { VectorField } from '../setup/fields/VectorField.tsx';

interface Props<T extends FieldValues> {
  form: UseFormReturn<T>;
  /** Where the definition lives in the form's values ('mesh'; '' for a point sensor's own position). */
  at: string;
  mesh: MeshDefinition;
  /** Prefix of the fields' test ids ('sensor', 'clip'). */
  testId: string;
}

export function MeshDefinitionFields<T extends FieldValues>({ form, at, mesh, testId }: Props<T>) {
  const { control } = form;
  const path = (field: string) => (at ? `${at}.${field}` : field) as FieldPath<T>;
  const id = (field: string) => `${testId}-${field}`;
  switch (mesh.kind) {
    case 'point':
      return <VectorField control={control} name={path('position')} label="Position" unit="m" testId={id('position')} />;
    case 'circle':
      return (
        <Stack gap="sm">
          <VectorField control={control} name={path('translation')} label="Center" unit="m" testId={id('center')} />
          <VectorField control={control} name={path('normal')} label="Normal" testId={id('normal')} description="The disk lies across this direction; flow along it counts positive." />
          <NumberField control={control} name={path('radius')} label="Radius" unit="m" testId={id('radius')} />
        </Stack>
      );
    case 'rectangle':
    case 'plane':
      return (
        <Stack gap="sm">
          <VectorField control={control} name={path('translation')} label="Center" unit="m" testId={id('center')} />
          <VectorField control={control} name={path('normal')} label="Normal" testId={id('normal')} description="The rectangle lies across this direction; flow along it counts positive." />
          <NumberField control={control} name={path('width')} label="Width" unit="m" testId={id('width')} />
          <NumberField control={control} name={path('height')} label="Height" unit="m" testId={id('height')} />
          {mesh.kind === 'rectangle' && <NumberField control={control} name={path('angle')} label="Rotation in its plane" unit="°" testId={id('angle')} />}
        </Stack>
      );
    case 'cube':
      return (
        <Stack gap="sm">
          <VectorField control={control} name={path('translation')} label="Center" unit="m" testId={id('center')} />
          <VectorField control={control} name={path('dimensions')} label="Dimensions" unit="m" testId={id('dimensions')} />
          <VectorField control={control} name={path('rotation')} label="Rotation" unit="°" testId={id('rotation')} />
        </Stack>
      );
    case 'cylinder':
      return (
        <Stack gap="sm">
          <VectorField control={control} name={path('translation')} label="Center" unit="m" testId={id('center')} />
          <VectorField control={control} name={path('axis')} label="Axis" testId={id('axis')} />
          <NumberField control={control} name={path('radius')} label="Radius" unit="m" testId={id('radius')} />
          <NumberField control={control} name={path('height')} label="Height" unit="m" testId={id('height')} />
        </Stack>
      );
    case 'sphere':
      return (
        <Stack gap="sm">
          <VectorField control={control} name={path('translation')} label="Center" unit="m" testId={id('center')} />
          <NumberField control={control} name={path('radius')} label="Radius" unit="m" testId={id('radius')} />
        </Stack>
      );
    case 'complex':
      return (
        <Stack gap="sm">
          <Text size="xs" c="dimmed" data-testid={id('file')}>
            Geometry: {mesh.file ? `${mesh.file.name} (${mesh.file.unit ?? 'm'})` : 'uploaded file'}
          </Text>
          <VectorField control={control} name={path('translation')} label="Offset" unit="m" testId={id('translation')} />
          <VectorField control={control} name={path('rotation')} label="Rotation" unit="°" testId={id('rotation')} />
          <VectorField control={control} name={path('scale')} label="Scale" testId={id('scale')} />
        </Stack>
      );
  }
}
