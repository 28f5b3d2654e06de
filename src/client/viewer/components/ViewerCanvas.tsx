// The 3D canvas for Setup and Results: an R3F v9 Canvas whose async `gl` creates the viewer engine on
// R3F's canvas (three/webgpu WebGPURenderer, awaiting init(), WebGL2 fallback) and returns its renderer.
// The engine itself is handed to the parent through onViewer; React state never holds three objects.
import * as THREE from 'three/webgpu';
import { Canvas, extend } from '@react-three/fiber';
import { useCallback, useEffect, useRef, type ComponentProps, type CSSProperties } from 'react';
import { Viewer, type ViewerOptions } from '../ViewerEngine.ts';
import { ViewerFrameDriver } from './ViewerFrameDriver.tsx';
import { resolveRendererPreference } from '../rendererSetting.ts';

// Node materials and WebGPU classes resolve through R3F's catalogue.
extend(THREE as unknown as Parameters<typeof extend>[0]);

interface Props {
  options?: Omit<ViewerOptions, 'frameLoop' | 'requestFrame'>;
  onViewer: (viewer: Viewer | null) => void;
  onError?: (error: Error) => void;
  style?: CSSProperties;
}

export function ViewerCanvas({ options, onViewer, onError, style }: Props) {
  const viewerRef = useRef<Viewer | null>(null);
  const invalidateRef = useRef<() => void>(() => {});
  const optionsRef = useRef(options);
  const onViewerRef = useRef(onViewer);
  const onErrorRef = useRef(onError);
  useEffect(() => {
    onViewerRef.current = onViewer;
    onErrorRef.current = onError;
  });

  const createGl = useCallback(async (props: { canvas: HTMLCanvasElement | OffscreenCanvas }) => {
    try {
      const options = optionsRef.current;
      const viewer = await Viewer.create(props.canvas as HTMLCanvasElement, {
        ...options,
        renderer: options?.renderer ?? resolveRendererPreference(window.location.search),
        frameLoop: 'external',
        requestFrame: () => invalidateRef.current(),
      });
      viewerRef.current = viewer;
      onViewerRef.current(viewer);
      return viewer.renderer;
    } catch (error) {
      onErrorRef.current?.(error instanceof Error ? error : new Error(String(error)));
      throw error;
    }
  }, []);

  useEffect(
    () => () => {
      viewerRef.current?.dispose();
      viewerRef.current = null;
      onViewerRef.current(null);
    },
    [],
  );

  return (
    <Canvas gl={createGl as unknown as ComponentProps<typeof Canvas>['gl']} frameloop="demand" linear flat dpr={[1, 2]} style={style} data-testid="viewer-canvas">
      <ViewerFrameDriver viewerRef={viewerRef} invalidateRef={invalidateRef} />
    </Canvas>
  );
}
