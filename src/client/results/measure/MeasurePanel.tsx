// Sensors and volume clips in Results (spec 1 §2: also available in results mode): the list of both with
// an Add menu (Sensor: Point, Disk, Rectangle, Upload Geometry; Volume Clip: Cube, Cylinder, Upload
// Geometry), their dialogs, visibility, Compute Sensors / Stop computation, and a sensor's time series
// chart. Its rows share the canvas's selection and hover: selecting one here selects it there and in the
// statistics panel, and the other way round. Changes go to the server on their own (they do not need the setup unlocked) and the setup is read
// again, so that the statistics panel and the canvas show them.
import { ActionIcon, Badge, Box, Group, Menu, Modal, Paper, ScrollArea, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useEffect, useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { SENSOR_MESSAGES } from '../../../domain/postprocessing.ts';
import type { OutputListEntry } from '../../../domain/runOutputs.ts';
import { sensorShapeLabels, sensorShapes, type Sensor } from '../../../domain/sensor.ts';
import type { SetupDocument } from '../../../domain/setup.ts';
import { volumeClipShapeLabels, volumeClipShapes, type VolumeClip } from '../../../domain/volumeClip.ts';
import { useApi } from '../../app/services.ts';
import { customSensorsKey, getCustomSensors, putSensors, putVolumeClips } from '../../measure/measureApi.ts';
import { newSensor, newVolumeClip } from '../../measure/measureObjects.ts';
import { SensorChartView } from '../../measure/SensorChartView.tsx';
import { SensorComputationControl } from '../../measure/SensorComputationControl.tsx';
import { useSensorComputation } from '../../measure/useSensorComputation.ts';
import { monitorSetupKey } from '../../monitor/useSetupDocument.ts';
import { SetupIcon } from '../../setup/SetupIcon.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { applySelectionClick } from '../../viewer/clickClassifier.ts';
import { useViewerState } from '../../viewer/components/useViewerState.ts';
import type { Viewer } from '../../viewer/ViewerEngine.ts';
import { MeasureObjectDialog, type MeasureDialog } from './MeasureObjectDialog.tsx';
import { useResultsMeasureMeshes } from './useResultsMeasureMeshes.ts';

interface Props {
  simulationId: string;
  setup: SetupDocument | undefined;
  outputs: readonly OutputListEntry[];
  currentOutput: number | null;
  viewer: Viewer | null;
}

/** Sensor states of the outputs: when one changes (an output computed), the values are read again. */
function sensorStatesKey(outputs: readonly OutputListEntry[]): string {
  return outputs.map((o) => `${o.outputNo}:${o.states.sensor}`).join(',');
}

export function MeasurePanel({ simulationId, setup, outputs, currentOutput, viewer }: Props) {
  const api = useApi();
  const { mutate } = useSWRConfig();
  const [open, setOpen] = useState(true);
  const [dialog, setDialog] = useState<MeasureDialog | null>(null);
  const [chartSensor, setChartSensor] = useState<string | null>(null);
  const computation = useSensorComputation(simulationId);
  const custom = useSWR(customSensorsKey(simulationId), ([, id]) => getCustomSensors(api, id), { revalidateOnFocus: false, keepPreviousData: true });
  const bounds = useResultsMeasureMeshes(viewer, setup);
  const statesKey = sensorStatesKey(outputs);
  const { mutate: refreshCustom } = custom;
  useEffect(() => {
    void refreshCustom();
  }, [statesKey, refreshCustom]);

  const sensors = setup?.sensors ?? [];
  const clips = setup?.volumeClips ?? [];
  const materials = setup?.materials ?? [];

  const reloadSetup = async () => {
    await mutate((key) => Array.isArray(key) && key[0] === monitorSetupKey(simulationId)[0] && key[1] === simulationId);
    await refreshCustom();
  };
  const saveSensors = async (next: Sensor[]) => {
    await putSensors(api, simulationId, next);
    await reloadSetup();
  };
  const saveClips = async (next: VolumeClip[]) => {
    await putVolumeClips(api, simulationId, next);
    await reloadSetup();
  };
  const toggleSensor = (s: Sensor) => void saveSensors(sensors.map((x) => (x.id === s.id ? { ...x, appearance: { ...x.appearance, visibility: !x.appearance.visibility } } : x)));
  const toggleClip = (c: VolumeClip) => void saveClips(clips.map((x) => (x.id === c.id ? { ...x, appearance: { ...x.appearance, visibility: !x.appearance.visibility } } : x)));
  // The list and the canvas share one selection, the viewer's: a click here selects as a click there
  // does (Ctrl or ⌘ adds or removes), a double click fits the camera to the object.
  const selection = useViewerState(viewer, (s) => s.selection);
  const hovered = useViewerState(viewer, (s) => s.hovered);
  const select = (id: string, additive: boolean) => viewer?.setSelection(applySelectionClick(selection, id, additive));
  const blockedReason = computation.blocked ? SENSOR_MESSAGES.editingBlocked : null;
  const hasOutputs = outputs.length > 0;

  const row = (options: { id: string; name: string; icon: 'point' | 'gauge' | 'clip' | 'cylinder'; visible: boolean; testId: string; onEdit: () => void; onToggle: () => void; onChart?: () => void }) => {
    const selected = selection.includes(options.id);
    return (
      <Group
        key={options.id}
        gap={4}
        wrap="nowrap"
        data-testid={options.testId}
        data-selected={selected}
        style={{ borderRadius: 4, background: selected ? 'var(--mantine-color-blue-light)' : hovered === options.id ? 'var(--mantine-color-gray-1)' : undefined }}
        onMouseEnter={() => viewer?.setHovered(options.id)}
        onMouseLeave={() => viewer?.setHovered(null)}
      >
        <UnstyledButton
          onClick={(event) => select(options.id, event.ctrlKey || event.metaKey)}
          onDoubleClick={() => viewer?.fitObject(options.id)}
          style={{ flex: 1, minWidth: 0 }}
          aria-pressed={selected}
          data-testid={`${options.testId}-select`}
        >
          <Group gap={6} wrap="nowrap">
            <SetupIcon name={options.icon} size={14} />
            <Text size="sm" truncate="end" fw={selected ? 600 : undefined}>
              {options.name}
            </Text>
          </Group>
        </UnstyledButton>
        <Tooltip label="Edit" withArrow>
          <ActionIcon size="sm" variant="subtle" color="gray" aria-label={`Edit ${options.name}`} onClick={options.onEdit} data-testid={`${options.testId}-edit`}>
            <Icon name="pencil" size={14} />
          </ActionIcon>
        </Tooltip>
        {options.onChart && (
          <Tooltip label="Chart over time" withArrow>
            <ActionIcon size="sm" variant="subtle" aria-label={`Chart of ${options.name}`} onClick={options.onChart} data-testid={`${options.testId}-chart`}>
              <Icon name="chart" size={14} />
            </ActionIcon>
          </Tooltip>
        )}
        <Tooltip label={options.visible ? 'Hide' : 'Show'} withArrow>
          <ActionIcon size="sm" variant="subtle" color="gray" aria-label={`${options.visible ? 'Hide' : 'Show'} ${options.name}`} onClick={options.onToggle} data-testid={`${options.testId}-visibility`}>
            <SetupIcon name={options.visible ? 'eye' : 'eyeOff'} size={14} />
          </ActionIcon>
        </Tooltip>
      </Group>
    );
  };

  return (
    <Paper withBorder shadow="sm" radius="md" p="xs" data-testid="measure-panel" data-open={open}>
      <Group justify="space-between" wrap="nowrap">
        <UnstyledButton onClick={() => setOpen((o) => !o)} data-testid="measure-panel-toggle">
          <Group gap={6} wrap="nowrap">
            <SetupIcon name="gauge" size={15} />
            <Text size="sm" fw={600}>
              Sensors & Volume Clips
            </Text>
            <Badge size="xs" variant="light">
              {sensors.length + clips.length}
            </Badge>
          </Group>
        </UnstyledButton>
        <Menu position="bottom-end" withinPortal shadow="md" width={220}>
          <Menu.Target>
            <ActionIcon variant="light" size="sm" aria-label="Add a sensor or volume clip" disabled={!setup} data-testid="measure-add">
              <Icon name="plus" size={14} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown data-testid="measure-add-dropdown">
            <Menu.Label>Sensor</Menu.Label>
            {sensorShapes.map((shape) => (
              <Menu.Item key={shape} disabled={computation.blocked} data-testid={`measure-add-sensor-${shape}`} onClick={() => setDialog({ type: 'sensor', mode: 'add', shape })}>
                {sensorShapeLabels[shape]}
              </Menu.Item>
            ))}
            <Menu.Label>Volume Clip</Menu.Label>
            {volumeClipShapes.map((shape) => (
              <Menu.Item key={shape} data-testid={`measure-add-clip-${shape}`} onClick={() => setDialog({ type: 'volumeClip', mode: 'add', shape })}>
                {volumeClipShapeLabels[shape]}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Group>
      {open && (
        <Stack gap={6} mt="xs">
          <ScrollArea.Autosize mah={220} type="auto" offsetScrollbars>
            <Stack gap={4}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                Sensors
              </Text>
              {sensors.length === 0 && (
                <Text size="xs" c="dimmed">
                  No sensors yet.
                </Text>
              )}
              {sensors.map((s) =>
                row({
                  id: s.id, name: s.name, icon: s.kind === 'point' ? 'point' : 'gauge', visible: s.appearance.visibility, testId: `measure-sensor-${s.id}`,
                  onEdit: () => setDialog({ type: 'sensor', mode: 'edit', id: s.id }),
                  onToggle: () => toggleSensor(s),
                  onChart: () => setChartSensor(s.id),
                }),
              )}
              <Text size="xs" c="dimmed" tt="uppercase" fw={600} mt={4}>
                Volume clips
              </Text>
              {clips.length === 0 && (
                <Text size="xs" c="dimmed">
                  No volume clips yet.
                </Text>
              )}
              {clips.map((c) =>
                row({
                  id: c.id, name: c.name, icon: c.mesh.kind === 'cylinder' ? 'cylinder' : 'clip', visible: c.appearance.visibility, testId: `measure-clip-${c.id}`,
                  onEdit: () => setDialog({ type: 'volumeClip', mode: 'edit', id: c.id }),
                  onToggle: () => toggleClip(c),
                }),
              )}
            </Stack>
          </ScrollArea.Autosize>
          <Box pt={4} style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
            <SensorComputationControl
              computation={computation}
              unavailable={sensors.length === 0 ? SENSOR_MESSAGES.noSensors : !hasOutputs ? SENSOR_MESSAGES.noOutputs : null}
            />
          </Box>
        </Stack>
      )}

      {dialog?.type === 'sensor' && (
        <MeasureObjectDialog<Sensor>
          title={dialog.mode === 'add' ? `Add Sensor: ${sensorShapeLabels[dialog.shape]}` : 'Sensor'}
          simulationId={simulationId}
          editing={dialog.mode === 'edit'}
          initial={dialog.mode === 'edit' ? (sensors.find((s) => s.id === dialog.id) ?? null) : dialog.shape === 'geometry' ? null : newSensor(sensors, dialog.shape, bounds)}
          fromUpload={dialog.mode === 'add' && dialog.shape === 'geometry' ? (geometry) => newSensor(sensors, 'geometry', bounds, geometry) : undefined}
          uploadPurpose="surface"
          materials={materials}
          blockedReason={blockedReason}
          onSave={(value) => saveSensors(dialog.mode === 'edit' ? sensors.map((s) => (s.id === value.id ? value : s)) : [...sensors, value])}
          onDelete={dialog.mode === 'edit' ? () => saveSensors(sensors.filter((s) => s.id !== dialog.id)) : undefined}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.type === 'volumeClip' && (
        <MeasureObjectDialog<VolumeClip>
          title={dialog.mode === 'add' ? `Add Volume Clip: ${volumeClipShapeLabels[dialog.shape]}` : 'Volume clip'}
          simulationId={simulationId}
          editing={dialog.mode === 'edit'}
          initial={dialog.mode === 'edit' ? (clips.find((c) => c.id === dialog.id) ?? null) : dialog.shape === 'geometry' ? null : newVolumeClip(clips, dialog.shape, bounds)}
          fromUpload={dialog.mode === 'add' && dialog.shape === 'geometry' ? (geometry) => newVolumeClip(clips, 'geometry', bounds, geometry) : undefined}
          uploadPurpose="volume"
          materials={materials}
          onSave={(value) => saveClips(dialog.mode === 'edit' ? clips.map((c) => (c.id === value.id ? value : c)) : [...clips, value])}
          onDelete={dialog.mode === 'edit' ? () => saveClips(clips.filter((c) => c.id !== dialog.id)) : undefined}
          onClose={() => setDialog(null)}
        />
      )}
      {chartSensor !== null && (
        <Modal opened onClose={() => setChartSensor(null)} title="Sensor chart" size="xl" centered data-testid="sensor-chart-dialog">
          <SensorChartView
            sensors={custom.data?.sensors ?? []}
            initialSensorId={chartSensor}
            outputTimeInterval={setup?.settings.outputTimeInterval ?? 1}
            currentOutput={currentOutput}
          />
        </Modal>
      )}
    </Paper>
  );
}
