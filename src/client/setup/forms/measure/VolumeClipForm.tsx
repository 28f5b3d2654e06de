// Volume clip form (Setup): the clip's volume, inversion and fluid written back as they are typed (only
// changes that add no new validation error), and Delete.
import { Button, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMemo } from 'react';
import type { SetupDocument } from '../../../../domain/setup.ts';
import { volumeClipFormSchema } from '../../../../domain/validation/forms.ts';
import { volumeClipKind, type VolumeClip } from '../../../../domain/volumeClip.ts';
import { VolumeClipFields } from '../../../measure/VolumeClipFields.tsx';
import { deleteVolumeClip, replaceVolumeClip } from '../../setupActions.ts';
import { FormFrame } from '../FormFrame.tsx';
import { useAutoApplyForm } from '../useAutoApplyForm.ts';

const KIND_LABEL: Record<string, string> = { cube: 'Cube', cylinder: 'Cylinder', sphere: 'Sphere', complex: 'Uploaded geometry' };

interface Props {
  document: SetupDocument;
  clip: VolumeClip;
  onClose: () => void;
}

export function VolumeClipForm({ document, clip, onClose }: Props) {
  const materialIds = useMemo(() => new Set(document.materials.map((m) => m.id)), [document.materials]);
  const schema = useMemo(() => volumeClipFormSchema(materialIds), [materialIds]);
  const form = useAutoApplyForm<VolumeClip>({
    schema,
    value: clip,
    apply: replaceVolumeClip,
    documentPath: `volumeClips.${document.volumeClips.findIndex((c) => c.id === clip.id)}`,
  });

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: `Delete ${clip.name}?`,
      children: 'The volume clip is removed from the setup.',
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red', 'data-testid': 'clip-delete-confirm' },
      onConfirm: () => deleteVolumeClip(clip.id),
    });

  return (
    <FormFrame
      title={clip.name || 'Unnamed volume clip'}
      subtitle={`Volume clip · ${KIND_LABEL[volumeClipKind(clip)] ?? volumeClipKind(clip)}`}
      testId="clip-form"
      onClose={onClose}
      footer={
        <Button size="xs" color="red" variant="light" data-testid="clip-delete" onClick={confirmDelete}>
          Delete volume clip
        </Button>
      }
    >
      <Stack gap="sm">
        <VolumeClipFields form={form} materials={document.materials} />
        <Text size="xs" c="dimmed">
          The statistics panel of Results lists the clip with the volume clips and analyses only the fluid {clip.inverted ? 'outside' : 'inside'} it.
        </Text>
      </Stack>
    </FormFrame>
  );
}
