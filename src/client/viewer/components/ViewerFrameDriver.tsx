// Inside the R3F canvas: hands R3F's frame loop to the engine (priority 1 disables R3F's own render)
// and gives the engine R3F's invalidate for on-demand frames.
import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, type RefObject } from 'react';
import type { Viewer } from '../ViewerEngine.ts';

interface Props {
  viewerRef: RefObject<Viewer | null>;
  invalidateRef: RefObject<() => void>;
}

export function ViewerFrameDriver({ viewerRef, invalidateRef }: Props) {
  const invalidate = useThree((s) => s.invalidate);
  useEffect(() => {
    invalidateRef.current = () => invalidate();
    invalidate();
  }, [invalidate, invalidateRef]);
  useFrame(() => {
    viewerRef.current?.renderFrame();
  }, 1);
  return null;
}
