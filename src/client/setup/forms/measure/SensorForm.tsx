// Sensor form (Setup): the sensor's fields written back as they are typed (only changes that add no new
// validation error), Delete, and Compute Sensors for the outputs of the last run. While the sensors are
// being computed they cannot be edited (spec 1 §4) and the form says so.
import { Alert, Button, Divider, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMemo } from 'react';
import { SENSOR_MESSAGES } from '../../../../domain/postprocessing.ts';
import { sensorShapeLabels, sensorShapeOf, type Sensor } from '../../../../domain/sensor.ts';
import type { SetupDocument } from '../../../../domain/setup.ts';
import { sensorFormSchema } from '../../../../domain/validation/forms.ts';
import { SensorComputationControl } from '../../../measure/SensorComputationControl.tsx';
import { SensorFields } from '../../../measure/SensorFields.tsx';
import { useSensorComputation } from '../../../measure/useSensorComputation.ts';
import { deleteSensor, replaceSensor } from '../../setupActions.ts';
import { useSetupStore } from '../../setupStore.ts';
import { FormFrame } from '../FormFrame.tsx';
import { useAutoApplyForm } from '../useAutoApplyForm.ts';

interface Props {
  document: SetupDocument;
  sensor: Sensor;
  simulationId: string;
  onClose: () => void;
}

export function SensorForm({ document, sensor, simulationId, onClose }: Props) {
  const schema = useMemo(() => sensorFormSchema(), []);
  const computation = useSensorComputation(simulationId);
  const locked = useSetupStore((s) => s.locked);
  const form = useAutoApplyForm<Sensor>({
    schema,
    value: sensor,
    apply: (next) => {
      // Edits are held back while the sensors are computed; the server refuses them too.
      if (!computation.blocked) replaceSensor(next);
    },
    documentPath: `sensors.${document.sensors.findIndex((s) => s.id === sensor.id)}`,
  });

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: `Delete ${sensor.name}?`,
      children: 'The sensor is removed from the setup; the values computed for it are no longer shown.',
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red', 'data-testid': 'sensor-delete-confirm' },
      onConfirm: () => deleteSensor(sensor.id),
    });

  return (
    <FormFrame
      title={sensor.name || 'Unnamed sensor'}
      subtitle={sensor.kind === 'point' ? 'Point sensor' : `Surface sensor · ${sensorShapeLabels[sensorShapeOf(sensor)]}`}
      testId="sensor-form"
      onClose={onClose}
      footer={
        <Button size="xs" color="red" variant="light" disabled={computation.blocked} data-testid="sensor-delete" onClick={confirmDelete}>
          Delete sensor
        </Button>
      }
    >
      <Stack gap="sm">
        {computation.blocked && (
          <Alert color="yellow" variant="light" data-testid="sensor-editing-blocked">
            {SENSOR_MESSAGES.editingBlocked}
          </Alert>
        )}
        <fieldset disabled={computation.blocked} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
          <SensorFields form={form} disabled={computation.blocked} />
        </fieldset>
        {!locked && (
          <>
            <Divider label="Results" labelPosition="left" />
            <Text size="xs" c="dimmed">
              Sensors are computed after every output of a run. Compute Sensors computes the current sensors again for every output of the last run.
            </Text>
            <SensorComputationControl computation={computation} unavailable={document.sensors.length === 0 ? SENSOR_MESSAGES.noSensors : null} />
          </>
        )}
      </Stack>
    </FormFrame>
  );
}
