// Lab parts and vectors: appearance of each part (visibility, opacity, translucent, wireframe, colour),
// the current selection, the obstacle's movement timeline and the vector arrows.
import { Checkbox, ColorInput, Group, NativeSelect, Paper, SegmentedControl, Slider, Stack, Switch, Text } from '@mantine/core';
import { useViewerState } from '../viewer/components/useViewerState.ts';
import type { Viewer } from '../viewer/ViewerEngine.ts';
import type { MovementMode } from '../viewer/keyframes.ts';

const NONE = '__none__';

export function LabPartsPanel({ viewer }: { viewer: Viewer | null }) {
  const parts = useViewerState(viewer, (s) => s.parts);
  const selection = useViewerState(viewer, (s) => s.selection);
  const hovered = useViewerState(viewer, (s) => s.hovered);
  const movement = useViewerState(viewer, (s) => s.movement);
  const attributes = useViewerState(viewer, (s) => s.attributes);
  const arrows = useViewerState(viewer, (s) => s.arrows);
  const formOpen = useViewerState(viewer, (s) => s.formOpen);
  return (
    <Paper withBorder p="xs" radius="sm">
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          Parts
        </Text>
        {parts.map((p) => (
          <Stack key={p.id} gap={2} data-testid={`part-${p.id}`}>
            <Group gap={6} justify="space-between">
              <Checkbox size="xs" label={p.name} checked={p.appearance.visibility}
                onChange={(e) => viewer?.setMeshAppearance(p.id, { visibility: e.currentTarget.checked })} />
              <ColorInput size="xs" w={110} value={p.appearance.color} onChange={(color) => viewer?.setMeshAppearance(p.id, { color })} />
            </Group>
            <Group gap={6} wrap="nowrap">
              <Checkbox size="xs" label="Translucent" checked={p.appearance.translucent}
                onChange={(e) => viewer?.setMeshAppearance(p.id, { translucent: e.currentTarget.checked })} />
              <Checkbox size="xs" label="Wireframe" checked={p.appearance.wireframe}
                onChange={(e) => viewer?.setMeshAppearance(p.id, { wireframe: e.currentTarget.checked })} />
            </Group>
            <Slider size="xs" min={0} max={1} step={0.05} value={p.appearance.opacity} label={(v) => `opacity ${v}`}
              onChange={(opacity) => viewer?.setMeshAppearance(p.id, { opacity })} />
          </Stack>
        ))}
        <Text size="xs" data-testid="lab-selection">
          Selected: {selection.length ? selection.join(', ') : 'none'} · Hover: {hovered ?? 'none'}
        </Text>
        <Switch size="xs" label="Form open (ignore selection)" checked={formOpen} onChange={(e) => viewer?.setFormOpen(e.currentTarget.checked)} />
        <Text size="xs" fw={600} mt={4}>
          Movement
        </Text>
        <SegmentedControl size="xs" value={movement.mode} onChange={(v) => viewer?.setMovementMode(v as MovementMode)}
          data={[{ value: 'interpolate', label: 'Interpolated' }, { value: 'stepped', label: 'Stepped' }]} />
        <Slider size="xs" min={0} max={1} step={0.01} value={movement.progress} onChange={(v) => viewer?.setMovementProgress(v)}
          data-testid="movement-progress" />
        {movement.status && (
          <Text size="xs" c="dimmed" data-testid="movement-status">
            {movement.status}
          </Text>
        )}
        <NativeSelect size="xs" label={`Vector arrows (${arrows.count})`} value={arrows.attribute ?? NONE} data-testid="vector-field"
          onChange={(e) => viewer?.setArrows({ attribute: e.currentTarget.value === NONE ? null : e.currentTarget.value })}
          data={[{ value: NONE, label: 'None' }, ...attributes.filter((a) => a.components === 3).map((a) => ({ value: a.name, label: a.label }))]} />
      </Stack>
    </Paper>
  );
}
