// The fields of a volume clip (spec 1 §3 'Volume clip', §2 'volume clip inversion and fluid choice'): its
// name, its volume (cube, cylinder or uploaded geometry), whether it keeps the fluid inside or outside, the
// fluid it applies to, and how it is drawn. Used by the Setup forms and the clip dialog of Results.
import { Select, Stack, Switch, TextInput } from '@mantine/core';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import type { Material } from '../../domain/material.ts';
import type { VolumeClip } from '../../domain/volumeClip.ts';
import { AppearanceFields } from './AppearanceFields.tsx';
import { MeshDefinitionFields } from './MeshDefinitionFields.tsx';

const ALL_FLUIDS = 'all';

interface Props {
  form: UseFormReturn<VolumeClip>;
  materials: readonly Pick<Material, 'id' | 'name'>[];
}

export function VolumeClipFields({ form, materials }: Props) {
  const { control } = form;
  const clip = useWatch({ control }) as VolumeClip;
  return (
    <Stack gap="sm" data-testid="clip-fields" data-kind={clip.mesh.kind}>
      <Controller
        control={control}
        name="name"
        render={({ field, fieldState }) => (
          <TextInput label="Name" value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} data-testid="clip-name" />
        )}
      />
      <MeshDefinitionFields form={form} at="mesh" mesh={clip.mesh} testId="clip" />
      <Controller
        control={control}
        name="inverted"
        render={({ field }) => (
          <Switch
            label="Inverted"
            description="Keeps the fluid outside the volume instead of inside it."
            checked={Boolean(field.value)}
            onChange={(event) => field.onChange(event.currentTarget.checked)}
            data-testid="clip-inverted"
          />
        )}
      />
      <Controller
        control={control}
        name="materialId"
        render={({ field, fieldState }) => (
          <Select
            label="Fluid"
            description="The fluid the clip applies to."
            data={[{ value: ALL_FLUIDS, label: 'All fluids' }, ...materials.map((m) => ({ value: String(m.id), label: m.name }))]}
            value={field.value === null || field.value === undefined ? ALL_FLUIDS : String(field.value)}
            allowDeselect={false}
            error={fieldState.error?.message}
            comboboxProps={{ withinPortal: true }}
            onChange={(value) => {
              if (value !== null) field.onChange(value === ALL_FLUIDS ? null : Number(value));
            }}
            data-testid="clip-fluid"
          />
        )}
      />
      <AppearanceFields control={control} testIdPrefix="clip" />
    </Stack>
  );
}
