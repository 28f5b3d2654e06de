// Creates the three/webgpu renderer on a canvas: WebGPU where an adapter exists, WebGL2 otherwise, or
// WebGL2 on request (URL parameter `renderer=webgl2` or the viewer setting).
import { NoToneMapping, SRGBColorSpace, WebGPURenderer } from 'three/webgpu';

export const RENDERER_PREFERENCES = ['auto', 'webgpu', 'webgl2'] as const;
export type RendererPreference = (typeof RENDERER_PREFERENCES)[number];
export type RendererBackend = 'webgpu' | 'webgl2';

/** Reads `?renderer=webgl2|webgpu|auto`; anything else means no preference. */
export function rendererPreferenceFromSearch(search: string): RendererPreference | null {
  const value = new URLSearchParams(search).get('renderer');
  return RENDERER_PREFERENCES.find((p) => p === value) ?? null;
}

export interface CreatedRenderer {
  renderer: WebGPURenderer;
  backend: RendererBackend;
}

export async function createRenderer(
  canvas: HTMLCanvasElement | OffscreenCanvas,
  preference: RendererPreference,
  antialias: boolean,
): Promise<CreatedRenderer> {
  const renderer = new WebGPURenderer({
    canvas: canvas as HTMLCanvasElement,
    antialias,
    alpha: false,
    forceWebGL: preference === 'webgl2',
    // Needed so that screenshots and readbacks of the canvas see the last frame on WebGL2.
    preserveDrawingBuffer: true,
  } as ConstructorParameters<typeof WebGPURenderer>[0]);
  // Awaiting init() is what makes the WebGL2 fallback happen when there is no WebGPU adapter.
  await renderer.init();
  renderer.outputColorSpace = SRGBColorSpace;
  renderer.toneMapping = NoToneMapping;
  const backend: RendererBackend = (renderer.backend as { isWebGPUBackend?: boolean }).isWebGPUBackend ? 'webgpu' : 'webgl2';
  return { renderer, backend };
}
