// Fluid view mode: spheres, outlined circles or surface for all fluids, and per fluid object (shown or
// hidden, its own mode); point size; quality; and the low-resolution fallback, offered only when measured
// frame times show the GPU cannot keep up.
import { Alert, Button, NativeSelect, Paper, SegmentedControl, Slider, Stack, Text } from '@mantine/core';
import { QUALITY_OPTIONS, VIEWER_LIMITS, VIEW_MODES, type QualityId, type ViewMode } from '../defaults.ts';
import type { Viewer } from '../ViewerEngine.ts';
import { ObjectAppearanceRow, VIEW_MODE_LABELS } from './ObjectAppearanceRow.tsx';
import { useViewerState } from './useViewerState.ts';

const MODE_ORDER: readonly ViewMode[] = ['particles_spheres', 'particles_outlined_circles', 'surface'];
const MODE_LABELS = MODE_ORDER.filter((m) => VIEW_MODES.includes(m)).map((m) => ({ value: m, label: VIEW_MODE_LABELS[m] }));

export function ViewModeControls({ viewer }: { viewer: Viewer | null }) {
  const viewMode = useViewerState(viewer, (s) => s.viewMode);
  const pointSize = useViewerState(viewer, (s) => s.pointSize);
  const quality = useViewerState(viewer, (s) => s.quality);
  const lowResolution = useViewerState(viewer, (s) => s.lowResolution);
  const objects = useViewerState(viewer, (s) => s.objects);
  const fluids = objects.filter((o) => o.fluid);
  return (
    <Paper withBorder p="xs" radius="sm" data-testid="view-mode-controls">
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          Fluid view mode
        </Text>
        <Text size="xs">All fluids</Text>
        <SegmentedControl
          size="xs"
          data-testid="view-mode"
          value={viewMode}
          onChange={(v) => viewer?.setViewMode(v as ViewMode)}
          data={MODE_LABELS}
        />
        {fluids.length > 0 && (
          <Stack gap={6} data-testid="fluid-objects">
            {fluids.map((o) => (
              <ObjectAppearanceRow key={o.id} viewer={viewer} object={o} globalMode={viewMode} modes={MODE_ORDER} />
            ))}
          </Stack>
        )}
        <Text size="xs">Point size</Text>
        <Slider
          size="xs"
          min={1}
          max={40}
          value={pointSize}
          onChange={(v) => viewer?.setPointSize(v)}
          marks={[{ value: VIEWER_LIMITS.defaultPointSize, label: String(VIEWER_LIMITS.defaultPointSize) }]}
          data-testid="point-size"
        />
        <NativeSelect
          mt={14}
          size="xs"
          label="Quality"
          data-testid="quality"
          value={quality}
          onChange={(e) => viewer?.setQuality(e.currentTarget.value as QualityId)}
          data={QUALITY_OPTIONS.map((q) => ({ value: q.id, label: q.percent === null ? q.label : `${q.label} (${q.percent} %)` }))}
        />
        {lowResolution.offered && (
          <Alert color="yellow" p={6} data-testid="low-resolution-offer">
            <Text size="xs">
              {lowResolution.active
                ? `Drawing ${VIEWER_LIMITS.lowResolutionDrawCount.toLocaleString('en')} particles for speed.`
                : 'Frames are slow for this many particles.'}
            </Text>
            <Button size="compact-xs" mt={4} variant="light" onClick={() => viewer?.setLowResolution(!lowResolution.active)}>
              {lowResolution.active ? 'Draw all particles' : 'Use low resolution'}
            </Button>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
