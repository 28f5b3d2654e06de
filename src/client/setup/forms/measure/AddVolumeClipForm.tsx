// Add Volume Clip: Cube, Cylinder or Upload Geometry (spec 1 §2). The new clip starts around the middle of
// the case and applies to every fluid; it is previewed in the viewport while valid and added on submit.
// Upload Geometry first uploads the closed volume.
import { Stack } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { SetupDocument } from '../../../../domain/setup.ts';
import { volumeClipFormSchema } from '../../../../domain/validation/forms.ts';
import { volumeClipShapeLabels, type VolumeClip, type VolumeClipShape } from '../../../../domain/volumeClip.ts';
import { GeometryUpload } from '../../../measure/GeometryUpload.tsx';
import { newVolumeClip, type UploadedGeometry } from '../../../measure/measureObjects.ts';
import { VolumeClipFields } from '../../../measure/VolumeClipFields.tsx';
import { partsBounds } from '../../sceneMeshes.ts';
import { addVolumeClip } from '../../setupActions.ts';
import { useSetupStore } from '../../setupStore.ts';
import { useStlFileStore } from '../../stlFileStore.ts';
import { FormFrame } from '../FormFrame.tsx';
import { AddMeasureFooter } from './AddMeasureFooter.tsx';
import { useDraftMeasureForm, type SubmitRef } from './useDraftMeasureForm.ts';

interface Props {
  document: SetupDocument;
  shape: VolumeClipShape;
  simulationId: string;
  onClose: () => void;
}

function ClipDraft({ document, draft, submitRef }: { document: SetupDocument; draft: VolumeClip; submitRef: SubmitRef }) {
  const form = useDraftMeasureForm(volumeClipFormSchema(new Set(document.materials.map((m) => m.id))), draft, (volumeClip) => ({ volumeClip }));
  useEffect(() => {
    submitRef.current = () => void form.handleSubmit((clip) => addVolumeClip(clip))();
  }, [form, submitRef]);
  return <VolumeClipFields form={form} materials={document.materials} />;
}

export function AddVolumeClipForm({ document, shape, simulationId, onClose }: Props) {
  const files = useStlFileStore((s) => s.files);
  const [upload, setUpload] = useState<UploadedGeometry | null>(null);
  const [bounds] = useState(() => partsBounds(document, files));
  const [draft, setDraft] = useState<VolumeClip | null>(() => (shape === 'geometry' ? null : newVolumeClip(document.volumeClips, shape, bounds)));
  const clearDraft = useSetupStore((s) => s.setDraftMeasure);
  const submitRef: SubmitRef = useRef(null);
  return (
    <FormFrame
      title={`Add Volume Clip: ${volumeClipShapeLabels[shape]}`}
      subtitle="Preview in the viewport; Add creates the volume clip"
      testId={`add-clip-${shape}-form`}
      onClose={onClose}
      alwaysEditable
      footer={<AddMeasureFooter disabled={draft === null} onCancel={onClose} onAdd={() => submitRef.current?.()} />}
    >
      <Stack gap="sm">
        {shape === 'geometry' && (
          <GeometryUpload
            simulationId={simulationId}
            purpose="volume"
            onUploaded={(geometry) => {
              setUpload(geometry);
              if (!geometry) clearDraft(null);
              setDraft(geometry ? newVolumeClip(document.volumeClips, 'geometry', bounds, geometry) : null);
            }}
          />
        )}
        {draft && <ClipDraft key={upload?.fileId ?? shape} document={document} draft={draft} submitRef={submitRef} />}
      </Stack>
    </FormFrame>
  );
}
