// Reads a slice of the engine's state in React; re-renders only when that slice changes.
import { useCallback, useSyncExternalStore } from 'react';
import { initialViewerState, type ViewerState } from '../viewerState.ts';
import type { Viewer } from '../ViewerEngine.ts';

const idleState = initialViewerState();
const noSubscription = () => () => {};

export function useViewerState<T>(viewer: Viewer | null, selector: (state: ViewerState) => T): T {
  const subscribe = useCallback((onChange: () => void) => (viewer ? viewer.subscribe(onChange) : noSubscription()), [viewer]);
  const getSnapshot = () => selector(viewer ? viewer.getState() : idleState);
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
