// Solid view mode (postprocessor): the boundary particle objects of the output (walls, inlets and
// outlets), each shown or hidden and drawn as spheres or outlined circles. Walls start hidden so that
// they do not enclose the fluid; showing one fetches its particles.
import { Paper, Stack, Text } from '@mantine/core';
import type { ViewMode } from '../defaults.ts';
import type { Viewer } from '../ViewerEngine.ts';
import { ObjectAppearanceRow } from './ObjectAppearanceRow.tsx';
import { useViewerState } from './useViewerState.ts';

const SOLID_MODES: readonly ViewMode[] = ['particles_spheres', 'particles_outlined_circles'];

export function SolidViewModeControls({ viewer }: { viewer: Viewer | null }) {
  const objects = useViewerState(viewer, (s) => s.objects);
  const globalMode = useViewerState(viewer, (s) => s.viewMode);
  const solids = objects.filter((o) => !o.fluid);
  return (
    <Paper withBorder p="xs" radius="sm" data-testid="solid-view-mode-controls">
      <Stack gap={8}>
        <Text size="sm" fw={600}>
          Solid view mode
        </Text>
        {solids.length === 0 ? (
          <Text size="xs" c="dimmed" data-testid="solid-view-empty">
            This output has no wall or boundary particles.
          </Text>
        ) : (
          solids.map((o) => <ObjectAppearanceRow key={o.id} viewer={viewer} object={o} globalMode={globalMode} modes={SOLID_MODES} />)
        )}
      </Stack>
    </Paper>
  );
}
