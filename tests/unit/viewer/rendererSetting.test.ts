// Renderer choice: URL parameter first, then the stored setting, then automatic.
import { describe, expect, it } from 'vitest';
import { resolveRendererPreference } from '../../../src/client/viewer/rendererSetting.ts';
import { rendererPreferenceFromSearch } from '../../../src/client/viewer/gpu/createRenderer.ts';

describe('renderer setting', () => {
  it('reads ?renderer=webgl2 and ignores unknown values', () => {
    expect(rendererPreferenceFromSearch('?renderer=webgl2&n=5')).toBe('webgl2');
    expect(rendererPreferenceFromSearch('?renderer=webgpu')).toBe('webgpu');
    expect(rendererPreferenceFromSearch('?renderer=metal')).toBeNull();
    expect(rendererPreferenceFromSearch('')).toBeNull();
  });

  it('lets the URL win over the stored setting, which wins over automatic', () => {
    expect(resolveRendererPreference('?renderer=webgpu', 'webgl2')).toBe('webgpu');
    expect(resolveRendererPreference('', 'webgl2')).toBe('webgl2');
    expect(resolveRendererPreference('', null)).toBe('auto');
  });
});
