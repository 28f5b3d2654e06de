// Deletion Boundary form (small): the box outside of which particles are removed (calcDomainMin/Max,
// calcDomainActive), shown in the viewport as a frame. Without one, it offers to add it.
import { Button, Stack, Text } from '@mantine/core';
import type { SetupDocument } from '../../../domain/setup.ts';
import { MESSAGES } from '../../../domain/messages.ts';
import { VectorField } from '../fields/VectorField.tsx';
import { addDeletionBoundary, removeDeletionBoundary, withDeletionBoundary } from '../setupActions.ts';
import { useSetupStore } from '../setupStore.ts';
import { useStlFileStore } from '../stlFileStore.ts';
import { FormFrame } from './FormFrame.tsx';
import { useSettingsForm } from './useSettingsForm.ts';

export function DeletionBoundaryForm({ document, onClose }: { document: SetupDocument; onClose: () => void }) {
  const form = useSettingsForm(document);
  const files = useStlFileStore((s) => s.files);
  const update = useSetupStore((s) => s.update);
  const active = document.settings.calcDomainActive;

  return (
    <FormFrame
      title="Deletion Boundary"
      subtitle="Particles leaving this box are removed"
      testId="deletion-boundary-form"
      onClose={onClose}
      footer={
        active ? (
          <>
            <Button variant="default" size="xs" data-testid="deletion-boundary-fit" onClick={() => update((doc) => withDeletionBoundary(doc, files))}>
              Fit to parts
            </Button>
            <Button color="red" variant="light" size="xs" data-testid="deletion-boundary-remove" onClick={removeDeletionBoundary}>
              Remove
            </Button>
          </>
        ) : undefined
      }
    >
      {active ? (
        <Stack gap="sm">
          <VectorField control={form.control} name="calcDomainMin" label="Minimum corner" unit="m" testId="deletion-boundary-min" />
          <VectorField control={form.control} name="calcDomainMax" label="Maximum corner" unit="m" testId="deletion-boundary-max" />
        </Stack>
      ) : (
        <Stack gap="sm">
          <Text size="sm">{MESSAGES.addDeletionBoundary}</Text>
          <Text size="xs" c="dimmed">
            Particles that leave the box are removed, so splashes far away do not cost compute time.
          </Text>
          <Button size="xs" data-testid="deletion-boundary-add" onClick={() => addDeletionBoundary(files)}>
            Add deletion boundary
          </Button>
        </Stack>
      )}
    </FormFrame>
  );
}
