// Scale bar over the canvas: a 1-2-5 length no wider than 300 px or 30 % of the canvas.
import type { Viewer } from '../ViewerEngine.ts';
import { useViewerState } from './useViewerState.ts';

export function ScaleBarOverlay({ viewer }: { viewer: Viewer | null }) {
  const bar = useViewerState(viewer, (s) => s.scaleBar);
  if (!bar) return null;
  return (
    <div
      data-testid="scale-bar"
      style={{ position: 'absolute', right: 16, bottom: 14, pointerEvents: 'none', textAlign: 'center', font: '12px sans-serif' }}
    >
      <div>{bar.label}</div>
      <div style={{ width: bar.widthPx, height: 6, border: '2px solid #222', borderTop: 'none' }} />
    </div>
  );
}
