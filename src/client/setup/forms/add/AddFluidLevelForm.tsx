// Add Fluid: Fluid Level. The fluid fills a container (a solid of the case) from the seed point up to a
// height; the new part takes the container's geometry so that the fill stops at its walls.
import { Button, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Controller, type FieldPath } from 'react-hook-form';
import type { Part } from '../../../../domain/part.ts';
import type { SetupDocument } from '../../../../domain/setup.ts';
import { NumberField } from '../../fields/NumberField.tsx';
import { SelectField } from '../../fields/SelectField.tsx';
import { VectorField } from '../../fields/VectorField.tsx';
import { partBounds } from '../../sceneMeshes.ts';
import { addPart } from '../../setupActions.ts';
import { draftFluidLevel, materialColor, partCategory, seedPointFor } from '../../setupParts.ts';
import { ADD_PART_TITLE } from '../../setupSelection.ts';
import { useStlFileStore } from '../../stlFileStore.ts';
import { FormFrame } from '../FormFrame.tsx';
import { useDraftPartForm } from './useDraftPartForm.ts';

const path = (p: string) => p as FieldPath<Part>;

export function AddFluidLevelForm({ document, onClose }: { document: SetupDocument; onClose: () => void }) {
  const files = useStlFileStore((s) => s.files);
  const containers = useMemo(() => document.parts.filter((p) => partCategory(p) === 'solid'), [document.parts]);
  const [containerId, setContainerId] = useState(containers[0]?.id ?? null);
  const container = containers.find((c) => c.id === containerId);
  const [draft] = useState(() => draftFluidLevel(document, container, container ? partBounds(container, files) : null));
  const form = useDraftPartForm(document, draft);
  const { control } = form;

  const chooseContainer = (id: string | null) => {
    const next = containers.find((c) => c.id === id);
    if (!next) return;
    setContainerId(next.id);
    const bounds = partBounds(next, files);
    form.setValue('shape', structuredClone(next.shape), { shouldValidate: true });
    if (bounds) {
      const height = Number((bounds.min[2] + (bounds.max[2] - bounds.min[2]) / 2).toPrecision(6));
      form.setValue(path('component.height'), height as never, { shouldValidate: true });
      form.setValue('seedPoint', seedPointFor(bounds, height), { shouldValidate: true });
    }
  };

  const submit = form.handleSubmit((part) => addPart({ ...part, appearance: { ...part.appearance, color: materialColor(document, part.materialId) } }));

  return (
    <FormFrame
      title={ADD_PART_TITLE.fluidLevel}
      subtitle="Fluid standing in a container up to a height"
      testId="add-fluidLevel-form"
      onClose={onClose}
      alwaysEditable
      footer={
        <>
          <Button size="xs" variant="default" onClick={onClose} data-testid="add-cancel">
            Cancel
          </Button>
          <Button size="xs" onClick={() => void submit()} disabled={!container} data-testid="add-submit">
            Add
          </Button>
        </>
      }
    >
      <Stack gap="sm">
        <Controller
          control={control}
          name="name"
          render={({ field, fieldState }) => (
            <TextInput label="Name" value={field.value} onChange={field.onChange} error={fieldState.error?.message} data-testid="add-name" />
          )}
        />
        <Select
          label="Container"
          description="The solid the fluid stands in."
          data={containers.map((c) => ({ value: c.id, label: c.name }))}
          value={containerId}
          onChange={chooseContainer}
          allowDeselect={false}
          data-testid="add-container"
        />
        <NumberField control={control} name={path('component.height')} label="Fill height" unit="m" testId="add-fill-height"
          description="World height (z) of the fluid surface." />
        <VectorField control={control} name="seedPoint" label="Seed point" unit="m" testId="add-seedPoint"
          description="Inside the container and below the fill height." />
        <SelectField control={control} name="materialId" label="Material" numeric testId="add-material"
          options={document.materials.map((m) => ({ value: String(m.id), label: m.name }))} />
        {!container && (
          <Text size="xs" c="red">
            Add a solid first: a fluid level needs a container.
          </Text>
        )}
      </Stack>
    </FormFrame>
  );
}
