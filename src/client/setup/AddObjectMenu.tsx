// The Add-objects menu (spec 1 §2 'Setup'): the entries this build offers, grouped as the spec groups
// them, plus Physics and Settings. Entries whose rule forbids them now are disabled and say why.
import { Badge, Button, Menu, Tooltip } from '@mantine/core';
import { deletionBoundaryAddable } from '../../domain/dependencies.ts';
import type { SetupDocument } from '../../domain/setup.ts';
import { sensorShapeLabels, sensorShapes } from '../../domain/sensor.ts';
import { volumeClipShapeLabels, volumeClipShapes } from '../../domain/volumeClip.ts';
import { useSensorComputation } from '../measure/useSensorComputation.ts';
import { useSetupStore } from './setupStore.ts';
import { Icon } from '../ui/Icon.tsx';
import { SetupIcon, type SetupIconName } from './SetupIcon.tsx';
import type { SetupSelection } from './setupSelection.ts';

interface Props {
  document: SetupDocument;
  locked: boolean;
  onSelect: (selection: SetupSelection) => void;
  onAddDeletionBoundary: () => void;
}

const SENSOR_ICON: Record<(typeof sensorShapes)[number], SetupIconName> = { point: 'point', disk: 'disk', rectangle: 'rectangle', geometry: 'gauge' };
const CLIP_ICON: Record<(typeof volumeClipShapes)[number], SetupIconName> = { cube: 'clip', cylinder: 'cylinder', geometry: 'clip' };

export function AddObjectMenu({ document, locked, onSelect, onAddDeletionBoundary }: Props) {
  const simulationId = useSetupStore((s) => s.simulationId) ?? '';
  // Sensors cannot be added while their computation is scheduled or running (spec 1 §4).
  const sensorsBlocked = useSensorComputation(simulationId).blocked;
  const deletionAddable = deletionBoundaryAddable(document);
  const hasSolid = document.parts.some((p) => p.component.type === 'rigid');
  const trigger = (
    <Button fullWidth leftSection={<Icon name="plus" size={16} />} disabled={locked} data-testid="setup-add-menu">
      Add
    </Button>
  );
  if (locked) {
    return (
      <Tooltip label="The setup is locked by the last run. Click Edit Setup to change it." withArrow multiline maw={260}>
        <div>{trigger}</div>
      </Tooltip>
    );
  }
  return (
    <Menu position="bottom-start" width={240} shadow="md" withinPortal>
      <Menu.Target>{trigger}</Menu.Target>
      <Menu.Dropdown data-testid="setup-add-dropdown" mah="calc(100vh - 140px)" style={{ overflowY: 'auto' }}>
        <Menu.Label>Solid</Menu.Label>
        <Menu.Item leftSection={<SetupIcon name="cube" />} data-testid="add-solid-cube" onClick={() => onSelect({ form: 'addPart', kind: 'solidCube' })}>
          Cube
        </Menu.Item>
        <Menu.Item leftSection={<Icon name="upload" size={16} />} data-testid="add-solid-stl" onClick={() => onSelect({ form: 'addPart', kind: 'solidStl' })}>
          Upload STL
        </Menu.Item>
        <Menu.Item
          leftSection={<Icon name="upload" size={16} />}
          rightSection={
            <Badge size="xs" variant="light" color="grape">
              beta
            </Badge>
          }
          data-testid="add-solid-step"
          onClick={() => onSelect({ form: 'addPart', kind: 'solidStep' })}
        >
          Upload STEP
        </Menu.Item>
        <Menu.Label>Fluid</Menu.Label>
        <Menu.Item leftSection={<SetupIcon name="drop" />} data-testid="add-fluid-cube" onClick={() => onSelect({ form: 'addPart', kind: 'fluidCube' })}>
          Filled Cube
        </Menu.Item>
        <Menu.Item
          leftSection={<SetupIcon name="waves" />}
          data-testid="add-fluid-level"
          disabled={!hasSolid}
          rightSection={!hasSolid ? <span style={{ fontSize: 11 }}>needs a solid</span> : undefined}
          onClick={() => onSelect({ form: 'addPart', kind: 'fluidLevel' })}
        >
          Fluid Level
        </Menu.Item>
        <Menu.Label>Inlet Outlet</Menu.Label>
        <Menu.Item leftSection={<SetupIcon name="inlet" />} data-testid="add-inlet-stl" onClick={() => onSelect({ form: 'addPart', kind: 'inletStl' })}>
          Upload STL
        </Menu.Item>
        <Menu.Item leftSection={<SetupIcon name="inlet" />} data-testid="add-inlet-step" onClick={() => onSelect({ form: 'addPart', kind: 'inletStep' })}>
          Upload STEP
        </Menu.Item>
        <Menu.Label>Sensor</Menu.Label>
        {sensorShapes.map((shape) => (
          <Menu.Item
            key={shape}
            leftSection={shape === 'geometry' ? <Icon name="upload" size={16} /> : <SetupIcon name={SENSOR_ICON[shape]} />}
            data-testid={`add-sensor-${shape}`}
            disabled={sensorsBlocked}
            rightSection={sensorsBlocked ? <span style={{ fontSize: 11 }}>computing</span> : undefined}
            onClick={() => onSelect({ form: 'addSensor', shape })}
          >
            {sensorShapeLabels[shape]}
          </Menu.Item>
        ))}
        <Menu.Label>Volume Clip</Menu.Label>
        {volumeClipShapes.map((shape) => (
          <Menu.Item
            key={shape}
            leftSection={shape === 'geometry' ? <Icon name="upload" size={16} /> : <SetupIcon name={CLIP_ICON[shape]} />}
            data-testid={`add-clip-${shape}`}
            onClick={() => onSelect({ form: 'addVolumeClip', shape })}
          >
            {volumeClipShapeLabels[shape]}
          </Menu.Item>
        ))}
        <Menu.Label>Domain Boundary</Menu.Label>
        <Menu.Item
          leftSection={<SetupIcon name="frame" />}
          data-testid="add-deletion-boundary"
          disabled={!deletionAddable}
          rightSection={!deletionAddable ? <span style={{ fontSize: 11 }}>added</span> : undefined}
          onClick={onAddDeletionBoundary}
        >
          Deletion Boundary
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item leftSection={<SetupIcon name="atom" />} data-testid="add-physics" onClick={() => onSelect({ form: 'physics' })}>
          Physics
        </Menu.Item>
        <Menu.Item leftSection={<SetupIcon name="sliders" />} data-testid="add-settings" onClick={() => onSelect({ form: 'settings' })}>
          Settings
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
