// The fields of a volume clip (spec 1 §3 'Volume clip', §2 'volume clip inversion and fluid choice'): its
// name, its volume (cube, cylinder or uploaded geometry), whether it keeps the fluid inside or outside, the
// fluid it applies to, and how it is drawn. Used by the Setup forms and the clip dialog of Results.
import { ColorInput, Group, Input, Select, Stack, Switch, TextInput } from '@mantine/core';
import { Controller, useWatch, type FieldPath, type UseFormReturn } from 'react-hook-form';
import { DEFAULT_COLOR_PALETTE } from '../../domain/constants.ts';
import type { Material } from '../../domain/material.ts';
import type { VolumeClip } from '../../domain/volumeClip.ts';
import { MeshDefinitionFields } from './MeshDefinitionFields.tsx';

const path = (p: string) => p as FieldPath<VolumeClip>;
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
      <Input.Wrapper label="Appearance">
        <Group gap="md" mt={4} wrap="nowrap" align="flex-end">
          <Controller
            control={control}
            name={path('appearance.visibility')}
            render={({ field }) => (
              <Switch label="Visible" checked={Boolean(field.value)} onChange={(event) => field.onChange(event.currentTarget.checked)} data-testid="clip-visibility" />
            )}
          />
          <Controller
            control={control}
            name={path('appearance.color')}
            render={({ field, fieldState }) => (
              <ColorInput size="xs" format="hex" swatches={[...DEFAULT_COLOR_PALETTE]} swatchesPerRow={6} value={String(field.value)} onChange={field.onChange}
                error={fieldState.error?.message} aria-label="Colour" data-testid="clip-color" style={{ flex: 1 }} />
            )}
          />
        </Group>
      </Input.Wrapper>
    </Stack>
  );
}
