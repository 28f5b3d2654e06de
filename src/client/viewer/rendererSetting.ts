// Which renderer backend to use: the URL parameter `renderer=webgl2|webgpu|auto` wins, then the user's
// stored setting, then automatic (WebGPU where an adapter exists, WebGL2 otherwise).
import { RENDERER_PREFERENCES, rendererPreferenceFromSearch, type RendererPreference } from './gpu/createRenderer.ts';

export const RENDERER_SETTING_KEY = 'surge.viewer.renderer';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function storedRendererPreference(): RendererPreference | null {
  const value = storage()?.getItem(RENDERER_SETTING_KEY);
  return RENDERER_PREFERENCES.find((p) => p === value) ?? null;
}

export function storeRendererPreference(preference: RendererPreference): void {
  const s = storage();
  if (!s) return;
  if (preference === 'auto') s.removeItem(RENDERER_SETTING_KEY);
  else s.setItem(RENDERER_SETTING_KEY, preference);
}

export function resolveRendererPreference(search: string, stored: RendererPreference | null = storedRendererPreference()): RendererPreference {
  return rendererPreferenceFromSearch(search) ?? stored ?? 'auto';
}
