// Objects of the Select Data tab: everything at once, or fluids, boundaries, sensors and the fluids'
// reconstructed surfaces one by one; boundaries as particles (full or reduced) or as STL geometry.
import { Checkbox, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import type { UserExportState } from '../../domain/userExport.ts';
import type { ExportChoices } from './exportModel.ts';
import { toggled } from './exportModel.ts';

interface Props {
  state: UserExportState;
  choices: ExportChoices;
  onChange: (change: Partial<UserExportState>) => void;
  error: string | null;
}

export function ObjectSelection({ state, choices, onChange, error }: Props) {
  const listed = !state.allObjects;
  return (
    <Stack gap={6} data-testid="export-objects">
      <Text size="sm" fw={600}>
        Objects
      </Text>
      <Checkbox label="All objects" checked={state.allObjects} onChange={(e) => onChange({ allObjects: e.currentTarget.checked })} data-testid="export-all-objects" />
      {listed && (
        <Stack gap={4} pl="md">
          {choices.fluids.map((f) => (
            <Checkbox
              key={`fluid-${f.materialId}`}
              label={f.name}
              checked={state.materials.includes(f.materialId)}
              onChange={(e) => onChange({ materials: toggled(state.materials, f.materialId, e.currentTarget.checked) })}
              data-testid={`export-fluid-${f.materialId}`}
            />
          ))}
          {choices.fluids.map((f) => (
            <Checkbox
              key={`surface-${f.materialId}`}
              label={`${f.name} surface`}
              checked={state.surfaceReconstructions.includes(f.materialId)}
              onChange={(e) => onChange({ surfaceReconstructions: toggled(state.surfaceReconstructions, f.materialId, e.currentTarget.checked) })}
              data-testid={`export-surface-${f.materialId}`}
            />
          ))}
          {choices.boundaries.map((b) => (
            <Checkbox
              key={b.partId}
              label={b.name}
              checked={state.boundaries.includes(b.partId)}
              onChange={(e) => onChange({ boundaries: toggled(state.boundaries, b.partId, e.currentTarget.checked) })}
              data-testid={`export-boundary-${b.partId}`}
            />
          ))}
          {choices.sensors.map((s) => (
            <Checkbox
              key={s.id}
              label={`Sensor ${s.name}`}
              checked={state.sensors.includes(s.id)}
              onChange={(e) => onChange({ sensors: toggled(state.sensors, s.id, e.currentTarget.checked) })}
              data-testid={`export-sensor-${s.id}`}
            />
          ))}
        </Stack>
      )}
      {error && (
        <Text size="xs" c="red" data-testid="export-objects-error">
          {error}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        Boundaries as
      </Text>
      <Group gap="xs" grow>
        <SegmentedControl
          size="xs"
          value={state.boundariesType}
          onChange={(v) => onChange({ boundariesType: v as UserExportState['boundariesType'] })}
          data={[{ value: 'stl', label: 'STL' }, { value: 'vtu', label: 'VTU' }]}
          data-testid="export-boundaries-type"
        />
        <SegmentedControl
          size="xs"
          value={state.boundariesMode}
          disabled={state.boundariesType === 'stl'}
          onChange={(v) => onChange({ boundariesMode: v as UserExportState['boundariesMode'] })}
          data={[{ value: 'reduced', label: 'Reduced' }, { value: 'full', label: 'Full' }]}
          data-testid="export-boundaries-mode"
        />
      </Group>
    </Stack>
  );
}
