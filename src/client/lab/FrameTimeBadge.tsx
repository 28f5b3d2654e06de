// Lab badge: active backend, drawn particle count and the measured p50 frame time.
import { Badge } from '@mantine/core';
import { useViewerState } from '../viewer/components/useViewerState.ts';
import type { Viewer } from '../viewer/ViewerEngine.ts';

export function FrameTimeBadge({ viewer }: { viewer: Viewer | null }) {
  const frame = useViewerState(viewer, (s) => s.frameTime);
  const backend = useViewerState(viewer, (s) => s.backend);
  const drawn = useViewerState(viewer, (s) => s.drawnCount);
  return (
    <Badge variant="filled" color="dark" data-testid="lab-backend">
      {backend ?? '…'} · {drawn.toLocaleString('en')} drawn
      {frame.count > 0 ? ` · p50 ${frame.p50.toFixed(1)} ms` : ''}
    </Badge>
  );
}
