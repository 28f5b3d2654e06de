// Clip dialog (spec 2 §2): toggle, Flipped, orientation x/y/z, offset in m, Reset, and the gizmo mode
// (also t / r on the keyboard while the gizmo is visible).
import { Button, Checkbox, Group, NumberInput, Paper, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import { CLIP_AXES, type ClipAxis, type GizmoMode } from '../scene/ClipPlane.ts';
import type { Viewer } from '../ViewerEngine.ts';
import { useViewerState } from './useViewerState.ts';

interface Props {
  viewer: Viewer | null;
}

export function ClipDialog({ viewer }: Props) {
  const clip = useViewerState(viewer, (s) => s.clip);
  return (
    <Paper withBorder p="xs" radius="sm" data-testid="clip-dialog">
      <Stack gap={6}>
        <Group justify="space-between">
          <Text size="sm" fw={600}>
            Clip
          </Text>
          <Switch
            size="xs"
            aria-label="Clipping plane"
            data-testid="clip-enabled"
            checked={clip.enabled}
            onChange={(e) => viewer?.setClip({ enabled: e.currentTarget.checked })}
          />
        </Group>
        <Checkbox
          size="xs"
          label="Flipped"
          data-testid="clip-flipped"
          checked={clip.flipped}
          onChange={(e) => viewer?.setClip({ flipped: e.currentTarget.checked })}
        />
        <SegmentedControl
          size="xs"
          data-testid="clip-axis"
          value={clip.axis}
          onChange={(v) => viewer?.setClip({ axis: v as ClipAxis })}
          data={CLIP_AXES.map((a) => ({ value: a, label: a }))}
        />
        <NumberInput
          size="xs"
          label="Offset [m]"
          data-testid="clip-offset"
          value={Number(clip.offset.toPrecision(6))}
          step={0.05}
          decimalScale={6}
          onChange={(v) => {
            const n = typeof v === 'number' ? v : Number(v);
            if (Number.isFinite(n)) viewer?.setClip({ offset: n });
          }}
        />
        <SegmentedControl
          size="xs"
          data-testid="clip-gizmo-mode"
          value={clip.gizmoMode}
          onChange={(v) => viewer?.setClip({ gizmoMode: v as GizmoMode })}
          data={[
            { value: 'translate', label: 'Move (t)' },
            { value: 'rotate', label: 'Rotate (r)' },
          ]}
        />
        <Group gap={6}>
          <Checkbox
            size="xs"
            label="Gizmo"
            checked={clip.gizmoVisible}
            onChange={(e) => viewer?.setClip({ gizmoVisible: e.currentTarget.checked })}
          />
          <Button size="compact-xs" variant="light" data-testid="clip-reset" onClick={() => viewer?.resetClip()}>
            Reset
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
