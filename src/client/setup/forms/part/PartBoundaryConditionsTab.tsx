// Boundary conditions tab of solids: wall velocity condition (no slip, slip, or a moving wall whose
// velocity follows a movement while the geometry stays: the moving boundary condition), and with heat
// transfer or surface tension the thermal condition and contact angle, offered as the physics settings allow.
import { Button, Group, Stack, Text } from '@mantine/core';
import type { FieldPath } from 'react-hook-form';
import { allowedThermoKinds } from '../../../../domain/dependencies.ts';
import type { ThermoKind } from '../../../../domain/component.ts';
import type { Part } from '../../../../domain/part.ts';
import { NumberField } from '../../fields/NumberField.tsx';
import { SelectField } from '../../fields/SelectField.tsx';
import { useSetupStore } from '../../setupStore.ts';
import { motionText } from '../movement/movementText.ts';
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
  const select = useSetupStore((s) => s.select);
  const thermoKind = form.watch(path('component.thermoKind')) as ThermoKind | undefined;
  const velocityKind = form.watch(path('component.velocityKind'));
  const wallMovementId = form.watch(path('component.velocityConditionMovementId')) as string | null | undefined;
  const wallMovement = document.movements.find((m) => m.id === wallMovementId);
  const partName = (id: string | null) => document.parts.find((p) => p.id === id)?.name;
  return (
    <Stack gap="sm">
      <SelectField
        control={control}
        name={path('component.velocityKind')}
        label="Wall velocity condition"
        testId="part-velocityKind"
        description="No slip: the fluid sticks to the wall. Slip: it glides along it. Moving wall: it drags the fluid along with a movement's velocity while the geometry stays (a belt, a spinning shaft)."
        options={[
          { value: 'no_slip', label: 'No slip' },
          { value: 'slip', label: 'Slip' },
          { value: 'moving', label: 'Moving wall' },
        ]}
      />
      {velocityKind === 'moving' && (
        <Stack gap={6} data-testid="part-moving-wall">
          <SelectField
            control={control}
            name={path('component.velocityConditionMovementId')}
            label="Wall velocity follows"
            placeholder={document.movements.length === 0 ? 'No movement yet: define the wall motion' : 'Choose a movement'}
            testId="part-velocityConditionMovementId"
            options={document.movements.map((m) => ({ value: m.id, label: m.partId !== part.id && partName(m.partId) ? `${m.name} (${partName(m.partId)})` : m.name }))}
          />
          {wallMovement && (
            <Text size="xs" c="dimmed" data-testid="part-moving-wall-motion">
              {motionText(wallMovement)}
            </Text>
          )}
          <Group gap="xs">
            <Button size="xs" variant="light" data-testid="part-moving-wall-new" onClick={() => select({ form: 'movingBoundaryCondition', partId: part.id })}>
              Define wall motion
            </Button>
            {wallMovement && (
              <Button
                size="xs"
                variant="subtle"
                data-testid="part-moving-wall-edit"
                onClick={() => select({ form: wallMovement.virtualMovement ? 'movingBoundaryCondition' : 'motion', partId: part.id, movementId: wallMovement.id })}
              >
                Edit {wallMovement.name}
              </Button>
            )}
          </Group>
        </Stack>
      )}
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
