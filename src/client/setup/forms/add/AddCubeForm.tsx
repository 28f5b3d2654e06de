// Add Solid: Cube and Add Fluid: Filled Cube. A cube of the given dimensions at the given offset; a solid
// can face inward (a tank), a fluid cube is filled with the chosen material.
import { Button, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Controller, type FieldPath } from 'react-hook-form';
import type { Part } from '../../../../domain/part.ts';
import type { SetupDocument } from '../../../../domain/setup.ts';
import { SelectField } from '../../fields/SelectField.tsx';
import { VectorField } from '../../fields/VectorField.tsx';
import { addPart } from '../../setupActions.ts';
import { draftFluidCube, draftSolidCube, materialColor } from '../../setupParts.ts';
import { ADD_PART_TITLE } from '../../setupSelection.ts';
import { FormFrame } from '../FormFrame.tsx';
import { useDraftPartForm } from './useDraftPartForm.ts';

const path = (p: string) => p as FieldPath<Part>;

interface Props {
  document: SetupDocument;
  kind: 'solidCube' | 'fluidCube';
  onClose: () => void;
}

export function AddCubeForm({ document, kind, onClose }: Props) {
  const [draft] = useState(() => (kind === 'solidCube' ? draftSolidCube(document) : draftFluidCube(document)));
  const form = useDraftPartForm(document, draft);
  const { control } = form;
  const submit = form.handleSubmit((part) => {
    const colored = kind === 'fluidCube' ? { ...part, appearance: { ...part.appearance, color: materialColor(document, part.materialId) } } : part;
    addPart(colored);
  });

  return (
    <FormFrame
      title={ADD_PART_TITLE[kind]}
      subtitle="Preview in the viewport; Add creates the part"
      testId={`add-${kind}-form`}
      onClose={onClose}
      alwaysEditable
      footer={
        <>
          <Button size="xs" variant="default" onClick={onClose} data-testid="add-cancel">
            Cancel
          </Button>
          <Button size="xs" onClick={() => void submit()} data-testid="add-submit">
            Add
          </Button>
        </>
      }
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <Controller
            control={control}
            name="name"
            render={({ field, fieldState }) => (
              <TextInput label="Name" value={field.value} onChange={field.onChange} error={fieldState.error?.message} data-testid="add-name" />
            )}
          />
          <VectorField control={control} name={path('shape.dimensions')} label="Dimensions" unit="m" testId="add-dimensions" />
          <VectorField control={control} name={path('shape.translation')} label="Offset (center)" unit="m" testId="add-translation" />
          {kind === 'solidCube' ? (
            <Controller
              control={control}
              name={path('shape.flipNormals')}
              render={({ field }) => (
                <Switch
                  label="Container (fluid inside)"
                  description="Flips the normals so that the walls face inward, as a tank's do."
                  checked={Boolean(field.value)}
                  onChange={(event) => field.onChange(event.currentTarget.checked)}
                  data-testid="add-flipNormals"
                />
              )}
            />
          ) : (
            <SelectField
              control={control}
              name="materialId"
              label="Material"
              numeric
              testId="add-material"
              options={document.materials.map((m) => ({ value: String(m.id), label: m.name }))}
            />
          )}
          <Text size="xs" c="dimmed">
            The offset is the cube's center. Placement and rotation can be changed later in the Geometry tab.
          </Text>
          <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
        </Stack>
      </form>
    </FormFrame>
  );
}
