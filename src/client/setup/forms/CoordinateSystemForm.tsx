// Coordinate system form (small, reached from Physics): the rotating reference frame. With it on, the
// case is computed in a frame turning at the angular velocity about the axis through the center, so that
// centrifugal and Coriolis forces act on the fluid; the axis must have a length.
import { Button, Stack, Text } from '@mantine/core';
import type { SetupDocument } from '../../../domain/setup.ts';
import { NumberField } from '../fields/NumberField.tsx';
import { SwitchField } from '../fields/SwitchField.tsx';
import { VectorField } from '../fields/VectorField.tsx';
import { useSetupStore } from '../setupStore.ts';
import { FormFrame } from './FormFrame.tsx';
import { useSettingsForm } from './useSettingsForm.ts';

export function CoordinateSystemForm({ document, onClose }: { document: SetupDocument; onClose: () => void }) {
  const form = useSettingsForm(document);
  const { control } = form;
  const rotating = form.watch('rotatingSystem');
  const select = useSetupStore((s) => s.select);
  return (
    <FormFrame
      title="Coordinate system"
      subtitle="Inertial or rotating reference frame"
      testId="coordinate-system-form"
      onClose={onClose}
      footer={
        <Button size="xs" variant="default" onClick={() => select({ form: 'physics' })} data-testid="coordinate-system-back">
          Back to Physics
        </Button>
      }
    >
      <Stack gap="sm">
        <SwitchField
          control={control}
          name="rotatingSystem"
          label="Rotating reference frame"
          description="Computes the case in a frame that turns with the machine: centrifugal and Coriolis forces act on the fluid."
          testId="physics-rotatingSystem"
        />
        {rotating ? (
          <>
            <NumberField control={control} name="rotationVelocity" label="Angular velocity" unit="rad/s" testId="physics-rotationVelocity" />
            <VectorField control={control} name="rotationAxis" label="Rotation axis" testId="physics-rotationAxis"
              description="Right-handed; only its direction counts." />
            <VectorField control={control} name="rotationCenter" label="Rotation center" unit="m" testId="physics-rotationCenter" />
          </>
        ) : (
          <Text size="xs" c="dimmed">
            The frame is inertial: parts move only as their movements say.
          </Text>
        )}
      </Stack>
    </FormFrame>
  );
}
