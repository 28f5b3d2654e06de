// Physics form (large): gravity and the physical models, with the dependency rules of spec 1 §4:
// multiphase side effects and notice, surface tension forcing lyu21 and unavailable with shifting zero or
// more than 2 materials, air drag unavailable while multiphase is on; the coordinate system (a rotating
// frame) has its own small form, opened from here.
import { Button, Divider, Group, Stack, Text } from '@mantine/core';
import {
  airDragAvailability, applyMultiphaseToggle, applySurfaceTensionToggle, surfaceTensionAvailability, type MultiphaseAdjustment,
} from '../../../domain/dependencies.ts';
import { MESSAGES } from '../../../domain/messages.ts';
import type { SetupDocument } from '../../../domain/setup.ts';
import { NumberField } from '../fields/NumberField.tsx';
import { SwitchField } from '../fields/SwitchField.tsx';
import { VectorField } from '../fields/VectorField.tsx';
import { useSetupStore } from '../setupStore.ts';
import { FormFrame } from './FormFrame.tsx';
import { useSettingsForm } from './useSettingsForm.ts';

const ADJUSTMENT_TEXT: Record<MultiphaseAdjustment, string> = {
  material_added: 'A second material was added.',
  part_materials_reset: 'Fluid parts were reset to the first material.',
  density_limiter_off: 'The density limiter was switched off.',
  static_timestep: 'The time step was made static.',
  improved_wall_pressure_on: 'Improved wall pressure was switched on.',
  density_limiter_on: 'The density limiter was switched on again.',
};

export function PhysicsForm({ document, onClose }: { document: SetupDocument; onClose: () => void }) {
  const form = useSettingsForm(document);
  const { control } = form;
  const values = form.watch();
  const update = useSetupStore((s) => s.update);
  const setNotice = useSetupStore((s) => s.setNotice);
  const select = useSetupStore((s) => s.select);

  const surfaceTension = surfaceTensionAvailability(document);
  const surfaceTensionReason = surfaceTension.reason ?? (values.shifting === 'zero' ? MESSAGES.surfaceTensionShiftingZero : null);
  const airDrag = airDragAvailability(values);

  const toggleMultiphase = (on: boolean) => {
    const current = useSetupStore.getState().document;
    if (!current) return;
    const result = applyMultiphaseToggle(current, on);
    if (!update(() => result.setup)) return;
    setNotice(result.notice ? { title: result.notice, details: result.adjustments.map((a) => ADJUSTMENT_TEXT[a]) } : null);
  };

  return (
    <FormFrame title="Physics" subtitle="Gravity and physical models" testId="physics-form" onClose={onClose}>
      <Stack gap="sm">
        <VectorField control={control} name="gravity" label="Gravity" unit="m/s²" testId="physics-gravity" />
        <Divider />
        <SwitchField
          control={control}
          name="multiphase"
          label="Multiphase"
          description="Several fluids that interact (2 to 5 materials)."
          testId="physics-multiphase"
          onToggle={toggleMultiphase}
        />
        <SwitchField
          control={control}
          name="surfaceTension"
          label="Surface tension"
          unavailable={surfaceTensionReason}
          testId="physics-surfaceTension"
          onToggle={(on) => update((doc) => ({ ...doc, settings: applySurfaceTensionToggle(doc.settings, on) }))}
        />
        {values.surfaceTension && <NumberField control={control} name="sigma" label="Surface tension coefficient" unit="N/m" testId="physics-sigma" />}
        <SwitchField control={control} name="thermodynamics" label="Heat transfer" testId="physics-thermodynamics" />
        {values.thermodynamics && (
          <NumberField control={control} name="ambientTemperature" label="Ambient temperature" unit="K" testId="physics-ambientTemperature" />
        )}
        <SwitchField control={control} name="airDrag" label="Air drag" unavailable={airDrag.reason} testId="physics-airDrag" />
        <Divider />
        <Group justify="space-between" wrap="nowrap" align="center">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm">Coordinate system</Text>
            <Text size="xs" c="dimmed" data-testid="physics-coordinate-system-summary">
              {values.rotatingSystem
                ? `Rotating at ${values.rotationVelocity} rad/s about (${values.rotationAxis.join(', ')})`
                : 'Inertial (not rotating)'}
            </Text>
          </Stack>
          <Button size="xs" variant="light" onClick={() => select({ form: 'coordinateSystem' })} data-testid="physics-coordinate-system">
            Edit
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          Settings the solver does not implement are listed in Input Validation.
        </Text>
      </Stack>
    </FormFrame>
  );
}
