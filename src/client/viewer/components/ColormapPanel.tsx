// Colormap panel (spec 2 §2): attribute select (None plus the attributes with units), sub-option for
// vectors, colorbar with editable range and scheme chooser, rescale and collapse.
import { ActionIcon, Button, Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { VECTOR_SUB_OPTIONS, type VectorSubOption } from '../defaults.ts';
import { colormapStatusText } from '../colormapStatus.ts';
import type { Viewer } from '../ViewerEngine.ts';
import { Colorbar } from './Colorbar.tsx';
import { useViewerState } from './useViewerState.ts';

const NONE = '__none__';

interface Props {
  viewer: Viewer | null;
}

export function ColormapPanel({ viewer }: Props) {
  const colormap = useViewerState(viewer, (s) => s.colormap);
  const attributes = useViewerState(viewer, (s) => s.attributes);
  const status = useViewerState(viewer, (s) => s.colormapStatus);
  const current = attributes.find((a) => a.name === colormap.attribute) ?? null;
  return (
    <Paper withBorder p="xs" radius="sm" data-testid="colormap-panel">
      <Group justify="space-between" mb={colormap.collapsed ? 0 : 6}>
        <Text size="sm" fw={600}>
          Colormap
        </Text>
        <ActionIcon
          variant="subtle"
          size="sm"
          aria-label={colormap.collapsed ? 'Show colormap' : 'Hide colormap'}
          data-testid="colormap-collapse"
          onClick={() => void viewer?.setColormap({ collapsed: !colormap.collapsed })}
        >
          {colormap.collapsed ? '▸' : '▾'}
        </ActionIcon>
      </Group>
      {!colormap.collapsed && (
        <Stack gap={6}>
          <NativeSelect
            size="xs"
            label="Attribute"
            data-testid="colormap-attribute"
            value={colormap.attribute ?? NONE}
            onChange={(e) => void viewer?.setColormap({ attribute: e.currentTarget.value === NONE ? null : e.currentTarget.value })}
            data={[
              { value: NONE, label: 'None' },
              ...attributes.map((a) => ({ value: a.name, label: a.unit ? `${a.label} [${a.unit}]` : a.label })),
            ]}
          />
          {status && (
            <Text size="xs" c={status.kind === 'computing' ? 'dimmed' : 'red'} data-testid="colormap-status">
              {colormapStatusText(status, attributes.find((a) => a.name === status.attribute)?.label ?? status.attribute)}
            </Text>
          )}
          {current?.components === 3 && (
            <NativeSelect
              size="xs"
              label="Component"
              data-testid="colormap-suboption"
              value={colormap.subOption}
              onChange={(e) => void viewer?.setColormap({ subOption: e.currentTarget.value as VectorSubOption })}
              data={VECTOR_SUB_OPTIONS.map((o) => ({ value: o, label: o === 'magnitude' ? 'Magnitude' : o }))}
            />
          )}
          {current && (
            <>
              <Colorbar
                scheme={colormap.scheme}
                min={colormap.min}
                max={colormap.max}
                unit={current.unit}
                onRange={(min, max) => void viewer?.setColormap({ min, max })}
                onScheme={(scheme) => void viewer?.setColormap({ scheme })}
              />
              <Button size="compact-xs" variant="light" data-testid="colormap-rescale" onClick={() => void viewer?.resetColormapRange()}>
                Rescale
              </Button>
            </>
          )}
        </Stack>
      )}
    </Paper>
  );
}
