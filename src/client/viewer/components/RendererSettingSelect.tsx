// The renderer setting: automatic, or WebGPU / WebGL2 forced. Takes effect when the viewer is next
// created (the page reloads it where `reloadOnChange` is set).
import { NativeSelect } from '@mantine/core';
import { useState } from 'react';
import { RENDERER_PREFERENCES, type RendererPreference } from '../gpu/createRenderer.ts';
import { resolveRendererPreference, storeRendererPreference } from '../rendererSetting.ts';

const LABELS: Record<RendererPreference, string> = { auto: 'Automatic', webgpu: 'WebGPU', webgl2: 'WebGL2 (compatibility)' };

export function RendererSettingSelect({ reloadOnChange = false }: { reloadOnChange?: boolean }) {
  const [value, setValue] = useState<RendererPreference>(() => resolveRendererPreference(window.location.search));
  return (
    <NativeSelect
      size="xs"
      label="Renderer"
      data-testid="renderer-setting"
      value={value}
      onChange={(e) => {
        const next = e.currentTarget.value as RendererPreference;
        storeRendererPreference(next);
        setValue(next);
        if (reloadOnChange) {
          const q = new URLSearchParams(window.location.search);
          q.delete('renderer');
          const search = q.toString();
          window.location.search = search ? `?${search}` : '';
        }
      }}
      data={RENDERER_PREFERENCES.map((r) => ({ value: r, label: LABELS[r] }))}
    />
  );
}
