// Geometry tab: placement (offset, scale, rotation), cube dimensions, normal direction, and for fluid
// levels the fill height and the seed point with its Show and Center actions.
import { ActionIcon, Divider, Group, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { Controller, type FieldPath } from 'react-hook-form';
import type { Part } from '../../../../domain/part.ts';
import { NumberField } from '../../fields/NumberField.tsx';
import { VectorField } from '../../fields/VectorField.tsx';
import { partBounds } from '../../sceneMeshes.ts';
import { SetupIcon } from '../../SetupIcon.tsx';
import { seedPointFor } from '../../setupParts.ts';
import { useSetupStore } from '../../setupStore.ts';
import { useStlFileStore } from '../../stlFileStore.ts';
import type { PartTabProps } from './partFormTypes.ts';

const path = (p: string) => p as FieldPath<Part>;

export function PartGeometryTab({ form, part }: PartTabProps) {
  const { control } = form;
  const files = useStlFileStore((s) => s.files);
  const shown = useSetupStore((s) => s.shownSeedPoints.includes(part.id));
  const toggleSeedPoint = useSetupStore((s) => s.toggleSeedPoint);
  const shapeType = part.shape.type;
  const fileUnit = part.shape.type === 'stl' ? (part.shape.file?.unit ?? 'm') : null;
  const filling = part.component.type === 'filling' ? part.component : null;

  const centerSeedPoint = () => {
    const bounds = partBounds(part, files);
    if (!bounds) return;
    form.setValue('seedPoint', seedPointFor(bounds, filling?.height ?? null), { shouldDirty: true, shouldValidate: true });
  };

  return (
    <Stack gap="sm">
      <VectorField control={control} name={path('shape.translation')} label="Offset" unit="m" testId="part-translation" />
      <VectorField control={control} name={path('shape.scale')} label="Scale" testId="part-scale" />
      <VectorField control={control} name={path('shape.rotation')} label="Rotation" unit="°" testId="part-rotation" />
      {(shapeType === 'stl_cube' || shapeType === 'plane') && (
        <VectorField control={control} name={path('shape.dimensions')} label="Dimensions" unit="m" testId="part-dimensions" />
      )}
      <Controller
        control={control}
        name={path('shape.flipNormals')}
        render={({ field }) => (
          <Switch
            label="Flip normals"
            description={part.component.type === 'rigid' ? 'On for containers: the walls face inward and the fluid is inside.' : 'Reverses which side of the surface is inside.'}
            checked={Boolean(field.value)}
            onChange={(event) => field.onChange(event.currentTarget.checked)}
            data-testid="part-flipNormals"
          />
        )}
      />
      {filling && (
        <>
          <Divider label="Fluid level" labelPosition="left" />
          <NumberField control={control} name={path('component.height')} label="Fill height" unit="m" testId="part-fill-height"
            description="World height (z) up to which the fluid fills its container." />
          <VectorField
            control={control}
            name="seedPoint"
            label="Seed point"
            unit="m"
            testId="part-seedPoint"
            description="A point inside the container, below the fill height, where filling starts."
            rightSection={
              <Group gap={4} wrap="nowrap">
                <Tooltip label={shown ? 'Hide in the viewport' : 'Show in the viewport'} withArrow>
                  <ActionIcon size="sm" variant={shown ? 'light' : 'subtle'} aria-label="Show seed point" data-testid="part-seedPoint-show" onClick={() => toggleSeedPoint(part.id)}>
                    <SetupIcon name={shown ? 'eye' : 'eyeOff'} size={14} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label="Center in the container, below the fill height" withArrow>
                  <ActionIcon size="sm" variant="subtle" aria-label="Center seed point" data-testid="part-seedPoint-center" onClick={centerSeedPoint}>
                    <SetupIcon name="crosshair" size={14} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            }
          />
        </>
      )}
      {shapeType === 'stl' && fileUnit !== null && (
        <Text size="xs" c="dimmed">
          {fileUnit === 'm' ? 'Placement applies to the file as it is, in metres.' : `Placement applies after converting the file from ${fileUnit} to metres.`}
        </Text>
      )}
    </Stack>
  );
}
