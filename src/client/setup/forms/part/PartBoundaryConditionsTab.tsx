// Boundary conditions tab of solids: wall velocity condition (slip / no slip), and with heat transfer or
// surface tension the thermal condition and contact angle, offered as the physics settings allow.
import { Stack } from '@mantine/core';
import type { FieldPath } from 'react-hook-form';
import { allowedThermoKinds } from '../../../../domain/dependencies.ts';
import type { ThermoKind } from '../../../../domain/component.ts';
import type { Part } from '../../../../domain/part.ts';
import { NumberField } from '../../fields/NumberField.tsx';
import { SelectField } from '../../fields/SelectField.tsx';
import type { PartTabProps } from './partFormTypes.ts';

const path = (p: string) => p as FieldPath<Part>;

const THERMO_LABEL: Record<ThermoKind, string> = {
  adiabatic: 'Adiabatic',
  heat_flux: 'Heat flux',
  heat_transfer_coefficient: 'Heat transfer coefficient',
  temperature: 'Temperature',
};

export function PartBoundaryConditionsTab({ form, part, document }: PartTabProps) {
  const { control } = form;
  const { settings } = document;
  const thermoKind = form.watch(path('component.thermoKind')) as ThermoKind | undefined;
  const currentVelocityKind = part.component.type === 'rigid' ? part.component.velocityKind : 'no_slip';
  return (
    <Stack gap="sm">
      <SelectField
        control={control}
        name={path('component.velocityKind')}
        label="Wall velocity condition"
        testId="part-velocityKind"
        description="No slip: the fluid sticks to the wall. Slip: it glides along it."
        options={[
          { value: 'no_slip', label: 'No slip' },
          { value: 'slip', label: 'Slip' },
          ...(currentVelocityKind === 'moving' ? [{ value: 'moving', label: 'Moving wall' }] : []),
        ]}
      />
      {settings.thermodynamics && (
        <>
          <SelectField
            control={control}
            name={path('component.thermoKind')}
            label="Thermal condition"
            testId="part-thermoKind"
            options={allowedThermoKinds(settings).map((k) => ({ value: k, label: THERMO_LABEL[k] }))}
          />
          {thermoKind === 'heat_flux' && <NumberField control={control} name={path('component.heatFlux')} label="Heat flux" unit="W/m²" testId="part-heatFlux" />}
          {thermoKind === 'temperature' && (
            <NumberField control={control} name={path('component.boundaryTemperature')} label="Wall temperature" unit="K" testId="part-boundaryTemperature" />
          )}
          {thermoKind === 'heat_transfer_coefficient' && (
            <>
              <NumberField control={control} name={path('component.referenceTemperature')} label="Reference temperature" unit="K" testId="part-referenceTemperature" />
              <NumberField control={control} name={path('component.heatTransferCoefficient')} label="Heat transfer coefficient" unit="W/(m²·K)" testId="part-heatTransferCoefficient" />
            </>
          )}
        </>
      )}
      {settings.surfaceTension && <NumberField control={control} name={path('component.contactAngle')} label="Contact angle" unit="°" testId="part-contactAngle" />}
    </Stack>
  );
}
