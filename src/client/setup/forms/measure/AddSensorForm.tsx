// Add Sensor: Point, Disk, Rectangle or Upload Geometry (spec 1 §2). The new sensor starts in the middle of
// the case, sized to it; it is previewed in the viewport while its values are valid and added on submit.
// Upload Geometry first uploads the surface. While the sensors are being computed none can be added.
import { Alert, Stack } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { SENSOR_MESSAGES } from '../../../../domain/postprocessing.ts';
import { sensorShapeLabels, type Sensor, type SensorShape } from '../../../../domain/sensor.ts';
import type { SetupDocument } from '../../../../domain/setup.ts';
import { sensorFormSchema } from '../../../../domain/validation/forms.ts';
import { GeometryUpload } from '../../../measure/GeometryUpload.tsx';
import { newSensor, type UploadedGeometry } from '../../../measure/measureObjects.ts';
import { SensorFields } from '../../../measure/SensorFields.tsx';
import { useSensorComputation } from '../../../measure/useSensorComputation.ts';
import { partsBounds } from '../../sceneMeshes.ts';
import { addSensor } from '../../setupActions.ts';
import { useSetupStore } from '../../setupStore.ts';
import { useStlFileStore } from '../../stlFileStore.ts';
import { FormFrame } from '../FormFrame.tsx';
import { AddMeasureFooter } from './AddMeasureFooter.tsx';
import { useDraftMeasureForm, type SubmitRef } from './useDraftMeasureForm.ts';

interface Props {
  document: SetupDocument;
  shape: SensorShape;
  simulationId: string;
  onClose: () => void;
}

function SensorDraft({ draft, submitRef }: { draft: Sensor; submitRef: SubmitRef }) {
  const form = useDraftMeasureForm(sensorFormSchema(), draft, (sensor) => ({ sensor }));
  useEffect(() => {
    submitRef.current = () => void form.handleSubmit((sensor) => addSensor(sensor))();
  }, [form, submitRef]);
  return <SensorFields form={form} />;
}

export function AddSensorForm({ document, shape, simulationId, onClose }: Props) {
  const files = useStlFileStore((s) => s.files);
  const { blocked } = useSensorComputation(simulationId);
  const [upload, setUpload] = useState<UploadedGeometry | null>(null);
  const [bounds] = useState(() => partsBounds(document, files));
  const [draft, setDraft] = useState<Sensor | null>(() => (shape === 'geometry' ? null : newSensor(document.sensors, shape, bounds)));
  const clearDraft = useSetupStore((s) => s.setDraftMeasure);
  const submitRef: SubmitRef = useRef(null);
  return (
    <FormFrame
      title={`Add Sensor: ${sensorShapeLabels[shape]}`}
      subtitle="Preview in the viewport; Add creates the sensor"
      testId={`add-sensor-${shape}-form`}
      onClose={onClose}
      alwaysEditable
      footer={<AddMeasureFooter disabled={blocked || draft === null} onCancel={onClose} onAdd={() => submitRef.current?.()} />}
    >
      <Stack gap="sm">
        {blocked && (
          <Alert color="yellow" variant="light" data-testid="sensor-editing-blocked">
            {SENSOR_MESSAGES.editingBlocked}
          </Alert>
        )}
        {shape === 'geometry' && (
          <GeometryUpload
            simulationId={simulationId}
            purpose="surface"
            onUploaded={(geometry) => {
              setUpload(geometry);
              if (!geometry) clearDraft(null);
              setDraft(geometry ? newSensor(document.sensors, 'geometry', bounds, geometry) : null);
            }}
          />
        )}
        {draft && <SensorDraft key={upload?.fileId ?? shape} draft={draft} submitRef={submitRef} />}
      </Stack>
    </FormFrame>
  );
}
