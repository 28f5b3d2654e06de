// Camera toggle (perspective / orthographic), fit to view, and saving/restoring the camera state.
import { Button, Group, Paper, SegmentedControl } from '@mantine/core';
import { useRef } from 'react';
import type { CameraState, ProjectionMode } from '../scene/CameraRig.ts';
import type { Viewer } from '../ViewerEngine.ts';
import { useViewerState } from './useViewerState.ts';

export function CameraControls({ viewer }: { viewer: Viewer | null }) {
  const camera = useViewerState(viewer, (s) => s.camera);
  const saved = useRef<CameraState | null>(null);
  return (
    <Paper withBorder p="xs" radius="sm" data-testid="camera-controls">
      <SegmentedControl
        size="xs"
        fullWidth
        data-testid="camera-projection"
        value={camera?.mode ?? 'perspective'}
        onChange={(v) => viewer?.setProjection(v as ProjectionMode)}
        data={[
          { value: 'perspective', label: 'Perspective' },
          { value: 'orthographic', label: 'Orthographic' },
        ]}
      />
      <Group gap={6} mt={6}>
        <Button size="compact-xs" variant="light" data-testid="camera-fit" onClick={() => viewer?.fitAll()}>
          Fit
        </Button>
        <Button
          size="compact-xs"
          variant="light"
          data-testid="camera-save"
          onClick={() => {
            saved.current = viewer?.getCameraState() ?? null;
          }}
        >
          Save view
        </Button>
        <Button
          size="compact-xs"
          variant="light"
          data-testid="camera-restore"
          onClick={() => saved.current && viewer?.setCamera(saved.current)}
        >
          Restore view
        </Button>
      </Group>
    </Paper>
  );
}
