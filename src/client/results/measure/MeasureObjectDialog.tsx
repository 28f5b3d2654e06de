// The sensor and volume clip dialog of Results: add (Upload Geometry first uploads the file) or edit one
// object, then Save sends all of them to the server (PUT sensors or volume_clips), which checks them with
// the same rules as a setup write and also while a run locks the setup. Delete removes the object.
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useState } from 'react';
import { useForm, type DefaultValues, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import type { Material } from '../../../domain/material.ts';
import type { Sensor, SensorShape } from '../../../domain/sensor.ts';
import { sensorFormSchema, volumeClipFormSchema } from '../../../domain/validation/forms.ts';
import type { VolumeClip, VolumeClipShape } from '../../../domain/volumeClip.ts';
import { errorMessage } from '../../api/ApiClient.ts';
import { GeometryUpload } from '../../measure/GeometryUpload.tsx';
import type { UploadedGeometry } from '../../measure/measureObjects.ts';
import { SensorFields } from '../../measure/SensorFields.tsx';
import { VolumeClipFields } from '../../measure/VolumeClipFields.tsx';

export type MeasureDialog =
  | { type: 'sensor'; mode: 'add'; shape: SensorShape }
  | { type: 'sensor'; mode: 'edit'; id: string }
  | { type: 'volumeClip'; mode: 'add'; shape: VolumeClipShape }
  | { type: 'volumeClip'; mode: 'edit'; id: string };

interface Props<T extends Sensor | VolumeClip> {
  title: string;
  simulationId: string;
  /** The object to edit, or the new one; null while an upload has to come first. */
  initial: T | null;
  /** Make the new object from an uploaded file (Upload Geometry): a surface for a sensor, a volume for a clip. */
  fromUpload?: (geometry: UploadedGeometry) => T;
  uploadPurpose?: 'surface' | 'volume';
  materials: readonly Pick<Material, 'id' | 'name'>[];
  editing: boolean;
  /** Editing is not possible now (the sensors are being computed); the reason. */
  blockedReason?: string | null;
  onSave: (value: T) => Promise<void>;
  onDelete?: () => Promise<void>;
  onClose: () => void;
}

function ObjectForm<T extends Sensor | VolumeClip>(props: Props<T> & { value: T }) {
  const schema = ('kind' in props.value ? sensorFormSchema() : volumeClipFormSchema(new Set(props.materials.map((m) => m.id)))) as unknown as z.ZodType<T>;
  const form = useForm<T>({ resolver: zodResolver(schema as never) as unknown as Resolver<T>, mode: 'onChange', defaultValues: props.value as DefaultValues<T> });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
      props.onClose();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };
  const save = form.handleSubmit((value) => run(() => props.onSave(value)));
  const blocked = Boolean(props.blockedReason);
  return (
    <Stack gap="sm">
      {props.blockedReason && (
        <Alert color="yellow" variant="light" data-testid="measure-dialog-blocked">
          {props.blockedReason}
        </Alert>
      )}
      <fieldset disabled={blocked} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
        {'kind' in props.value ? (
          <SensorFields form={form as never} />
        ) : (
          <VolumeClipFields form={form as never} materials={props.materials} />
        )}
      </fieldset>
      {error && (
        <Alert color="red" variant="light" data-testid="measure-dialog-error">
          {error}
        </Alert>
      )}
      <Group justify="space-between">
        {props.editing && props.onDelete ? (
          <Button size="xs" color="red" variant="light" disabled={busy || blocked} onClick={() => void run(props.onDelete as () => Promise<void>)} data-testid="measure-dialog-delete">
            Delete
          </Button>
        ) : (
          <span />
        )}
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={props.onClose} data-testid="measure-dialog-cancel">
            Cancel
          </Button>
          <Button size="xs" loading={busy} disabled={blocked} onClick={() => void save()} data-testid="measure-dialog-save">
            {props.editing ? 'Save' : 'Add'}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

export function MeasureObjectDialog<T extends Sensor | VolumeClip>(props: Props<T>) {
  const [value, setValue] = useState<T | null>(props.initial);
  const [uploadKey, setUploadKey] = useState('');
  return (
    <Modal opened onClose={props.onClose} title={props.title} size="md" centered data-testid="measure-dialog">
      <Stack gap="sm">
        {props.fromUpload && (
          <GeometryUpload
            simulationId={props.simulationId}
            purpose={props.uploadPurpose ?? 'surface'}
            onUploaded={(geometry) => {
              setValue(geometry && props.fromUpload ? props.fromUpload(geometry) : null);
              setUploadKey(geometry?.fileId ?? '');
            }}
          />
        )}
        {value && <ObjectForm key={uploadKey} {...props} value={value} />}
      </Stack>
    </Modal>
  );
}
