// Material editor (large): one fluid material ("Fluid 1" is id 0) with the ranges of the validation
// profile, thermal properties only with heat transfer, presets, and adding or deleting materials where
// the multiphase rules allow it.
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Controller, get, useFormState } from 'react-hook-form';
import { canAddMaterial, canDeleteMaterial, deleteMaterial, newMaterial } from '../../../domain/dependencies.ts';
import { materialFromPreset, type Material } from '../../../domain/material.ts';
import type { SetupDocument } from '../../../domain/setup.ts';
import { tableLookupOf } from '../../../domain/validation/tables.ts';
import { materialFormSchema } from '../../../domain/validation/forms.ts';
import { NumberField } from '../fields/NumberField.tsx';
import { SelectField } from '../fields/SelectField.tsx';
import { SETUP_VALIDATION_PROFILE } from '../setupParts.ts';
import { useSetupStore } from '../setupStore.ts';
import { FormFrame } from './FormFrame.tsx';
import { MaterialPresetsDialog } from './MaterialPresetsDialog.tsx';
import { useAutoApplyForm } from './useAutoApplyForm.ts';
import { ViscosityTableField } from './ViscosityTableField.tsx';

const VISCOSITY_LABEL: Record<Material['viscosityKind'], string> = {
  constant: 'Constant',
  shear_rate: 'Over shear rate (table)',
  temperature: 'Over temperature (table)',
};

export function MaterialForm({ document, material, onClose }: { document: SetupDocument; material: Material; onClose: () => void }) {
  const update = useSetupStore((s) => s.update);
  const select = useSetupStore((s) => s.select);
  const [presetsOpen, setPresetsOpen] = useState(false);
  const thermodynamics = document.settings.thermodynamics;
  const otherNames = useMemo(
    () => document.materials.filter((m) => m.id !== material.id).map((m) => m.name),
    [document.materials, material.id],
  );
  const schema = useMemo(
    () => materialFormSchema(SETUP_VALIDATION_PROFILE, { thermodynamics, otherNames, tables: tableLookupOf(document.dataTables) }),
    [thermodynamics, otherNames, document.dataTables],
  );
  const form = useAutoApplyForm<Material>({
    schema,
    value: material,
    apply: (next) => update((doc) => ({ ...doc, materials: doc.materials.map((m) => (m.id === next.id ? next : m)) })),
    documentPath: `materials.${document.materials.findIndex((m) => m.id === material.id)}`,
  });
  const { control } = form;
  const kind = form.watch('viscosityKind');
  const { errors } = useFormState({ control, name: ['viscosityShearRateTableId', 'viscosityTemperatureTableId'] });
  const tableError = (field: 'viscosityShearRateTableId' | 'viscosityTemperatureTableId') =>
    (get(errors, field) as { message?: string } | undefined)?.message;
  const usedBy = document.parts.filter((p) => p.materialId === material.id).length;

  return (
    <FormFrame
      title={`Material: ${material.name}`}
      subtitle={`Used by ${usedBy} part${usedBy === 1 ? '' : 's'}`}
      testId="material-form"
      onClose={onClose}
      footer={
        <>
          <Button size="xs" variant="default" data-testid="material-presets-open" onClick={() => setPresetsOpen(true)}>
            Presets
          </Button>
          {canAddMaterial(document) && (
            <Button
              size="xs"
              variant="default"
              data-testid="material-add"
              onClick={() => {
                const created = newMaterial(document.materials);
                if (update((doc) => ({ ...doc, materials: [...doc.materials, created] }))) select({ form: 'material', materialId: created.id });
              }}
            >
              New material
            </Button>
          )}
          {canDeleteMaterial(material) && (
            <Button size="xs" color="red" variant="light" data-testid="material-delete" onClick={() => update((doc) => deleteMaterial(doc, material.id)) && select(null)}>
              Delete
            </Button>
          )}
        </>
      }
    >
      <Stack gap="sm">
        <Controller
          control={control}
          name="name"
          render={({ field, fieldState }) => (
            <TextInput label="Name" value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} data-testid="material-name" />
          )}
        />
        <NumberField control={control} name="density" label="Density" unit="kg/m³" testId="material-density" />
        <NumberField control={control} name="gamma" label="Equation of state exponent (gamma)" testId="material-gamma" />
        <NumberField control={control} name="speedOfSound" label="Speed of sound" unit="m/s" testId="material-speedOfSound"
          description="Artificial sound speed of the weakly compressible fluid: about 10 times the fastest flow." />
        <SelectField
          control={control}
          name="viscosityKind"
          label="Viscosity"
          testId="material-viscosityKind"
          description={thermodynamics ? undefined : 'Viscosity over temperature needs heat transfer (Physics).'}
          options={(['constant', 'shear_rate', 'temperature'] as Material['viscosityKind'][]).map((v) => ({
            value: v,
            label: VISCOSITY_LABEL[v],
            // Temperature-dependent viscosity requires heat transfer; a material that has it keeps the choice
            // shown (with its message) until heat transfer is back on or another kind is chosen.
            disabled: v === 'temperature' && !thermodynamics && material.viscosityKind !== 'temperature',
          }))}
        />
        {kind === 'constant' && (
          <NumberField control={control} name="kinematicViscosity" label="Kinematic viscosity" unit="m²/s" testId="material-kinematicViscosity" />
        )}
        {kind === 'shear_rate' && (
          <ViscosityTableField document={document} material={material} kind="shear_rate" error={tableError('viscosityShearRateTableId')} />
        )}
        {kind === 'temperature' && (
          <ViscosityTableField document={document} material={material} kind="temperature" error={tableError('viscosityTemperatureTableId')} />
        )}
        {thermodynamics ? (
          <>
            <NumberField control={control} name="thermalConductivity" label="Thermal conductivity" unit="W/(m·K)" testId="material-thermalConductivity" />
            <NumberField control={control} name="specificHeatCapacity" label="Specific heat capacity" unit="J/(kg·K)" testId="material-specificHeatCapacity" />
          </>
        ) : (
          <Text size="xs" c="dimmed">
            Thermal properties apply when heat transfer is on (Physics).
          </Text>
        )}
      </Stack>
      <MaterialPresetsDialog
        opened={presetsOpen}
        onClose={() => setPresetsOpen(false)}
        onLoad={(preset) => {
          update((doc) => ({ ...doc, materials: doc.materials.map((m) => (m.id === material.id ? materialFromPreset(preset, m) : m)) }));
          setPresetsOpen(false);
        }}
      />
    </FormFrame>
  );
}
