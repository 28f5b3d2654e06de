// The canvas action menu of Results (spec 2 §2): solid and fluid view mode, vector arrows, the clip
// dialog, Save Image and the camera toggle, on the canvas's right edge.
import { Button, Popover, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { CameraControls } from '../viewer/components/CameraControls.tsx';
import { ClipDialog } from '../viewer/components/ClipDialog.tsx';
import { SolidViewModeControls } from '../viewer/components/SolidViewModeControls.tsx';
import { ViewModeControls } from '../viewer/components/ViewModeControls.tsx';
import { VectorArrowsControls } from '../viewer/components/VectorArrowsControls.tsx';
import { useViewerState } from '../viewer/components/useViewerState.ts';
import type { Viewer } from '../viewer/ViewerEngine.ts';
import type { Simulation } from '../../domain/simulation.ts';
import { SaveImageAction } from './SaveImageAction.tsx';

function Action({ label, testId, active, children }: { label: string; testId: string; active?: boolean; children: ReactNode }) {
  return (
    <Popover position="left-start" withArrow shadow="md" width={280} trapFocus={false}>
      <Popover.Target>
        <Button size="xs" variant={active ? 'filled' : 'white'} color={active ? 'blue' : 'dark'} fullWidth data-testid={testId} style={{ boxShadow: '0 1px 3px rgba(0,0,0,.15)' }}>
          {label}
        </Button>
      </Popover.Target>
      <Popover.Dropdown p={4}>{children}</Popover.Dropdown>
    </Popover>
  );
}

export function CanvasActions({ viewer, simulation, outputNo }: { viewer: Viewer | null; simulation: Simulation; outputNo: number | null }) {
  const clipOn = useViewerState(viewer, (s) => s.clip.enabled);
  const arrowsOn = useViewerState(viewer, (s) => s.arrows.attribute !== null);
  const projection = useViewerState(viewer, (s) => s.camera?.mode ?? 'perspective');
  return (
    <Stack gap={6} w={124} data-testid="canvas-actions">
      <Action label="Solid view" testId="action-solid-view">
        <SolidViewModeControls viewer={viewer} />
      </Action>
      <Action label="Fluid view" testId="action-view-mode">
        <ViewModeControls viewer={viewer} />
      </Action>
      <Action label={arrowsOn ? 'Arrows: on' : 'Arrows'} testId="action-arrows" active={arrowsOn}>
        <VectorArrowsControls viewer={viewer} />
      </Action>
      <Action label={clipOn ? 'Clip: on' : 'Clip'} testId="action-clip" active={clipOn}>
        <ClipDialog viewer={viewer} />
      </Action>
      <SaveImageAction viewer={viewer} simulation={simulation} outputNo={outputNo} />
      <Action label={projection === 'orthographic' ? 'Orthographic' : 'Perspective'} testId="action-camera">
        <CameraControls viewer={viewer} />
      </Action>
    </Stack>
  );
}
