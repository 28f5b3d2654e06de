// One particle object in a view mode dialog: shown or hidden, its particle count, and its own view mode
// (the modes offered depend on the dialog: boundaries have no fluid surface).
import { Checkbox, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import type { ViewMode } from '../defaults.ts';
import type { ParticleObjectInfo } from '../viewerState.ts';
import type { Viewer } from '../ViewerEngine.ts';

export const VIEW_MODE_LABELS: Record<ViewMode, string> = {
  particles_spheres: 'Spheres',
  particles_outlined_circles: 'Circles',
  surface: 'Surface',
};

interface Props {
  viewer: Viewer | null;
  object: ParticleObjectInfo;
  /** The mode the object is drawn with when it has none of its own. */
  globalMode: ViewMode;
  modes: readonly ViewMode[];
}

export function ObjectAppearanceRow({ viewer, object, globalMode, modes }: Props) {
  const mode = object.viewMode && modes.includes(object.viewMode) ? object.viewMode : modes.includes(globalMode) ? globalMode : modes[0];
  return (
    <Stack gap={2} data-testid={`object-row-${object.id}`} data-visible={object.visible} data-mode={mode}>
      <Group justify="space-between" wrap="nowrap" gap={6}>
        <Checkbox
          size="xs"
          label={object.name}
          checked={object.visible}
          data-testid={`object-visible-${object.id}`}
          onChange={(e) => void viewer?.setObjectAppearance(object.id, { visible: e.currentTarget.checked })}
          styles={{ label: { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', maxWidth: 150 } }}
        />
        <Text size="10px" c="dimmed">
          {object.count.toLocaleString('en-US')} particles
        </Text>
      </Group>
      <SegmentedControl
        size="xs"
        fullWidth
        disabled={!object.visible}
        data-testid={`object-mode-${object.id}`}
        value={mode}
        onChange={(v) => void viewer?.setObjectAppearance(object.id, { viewMode: v as ViewMode })}
        data={modes.map((m) => ({ value: m, label: VIEW_MODE_LABELS[m] }))}
      />
    </Stack>
  );
}
