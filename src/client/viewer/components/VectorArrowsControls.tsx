// Vector arrows of the canvas (spec 2 §9: up to 5000, 25 px unit): which vector attribute of the shown
// objects they follow (None hides them) and their length scale, with how many are drawn. Their colour
// follows the colormap panel.
import { NativeSelect, NumberInput, Paper, Stack, Text } from '@mantine/core';
import { VIEWER_LIMITS } from '../defaults.ts';
import type { Viewer } from '../ViewerEngine.ts';
import { useViewerState } from './useViewerState.ts';

const NONE = '__none__';

export function VectorArrowsControls({ viewer }: { viewer: Viewer | null }) {
  const arrows = useViewerState(viewer, (s) => s.arrows);
  const attributes = useViewerState(viewer, (s) => s.attributes);
  const colored = useViewerState(viewer, (s) => s.colormap.attribute !== null);
  const vectors = attributes.filter((a) => a.components === 3);
  // A choice the shown output lacks stays listed, so that it is clear why nothing is drawn.
  const missing = arrows.attribute !== null && !vectors.some((a) => a.name === arrows.attribute);
  return (
    <Paper p={4} data-testid="arrows-controls">
      <Stack gap={6}>
        <NativeSelect
          size="xs"
          label="Vector attribute"
          data-testid="arrows-attribute"
          value={arrows.attribute ?? NONE}
          onChange={(e) => viewer?.setArrows({ attribute: e.currentTarget.value === NONE ? null : e.currentTarget.value })}
          data={[
            { value: NONE, label: 'None' },
            ...vectors.map((a) => ({ value: a.name, label: a.unit ? `${a.label} [${a.unit}]` : a.label })),
            ...(missing && arrows.attribute ? [{ value: arrows.attribute, label: `${arrows.attribute} (not in this output)` }] : []),
          ]}
        />
        <NumberInput
          size="xs"
          label="Scale"
          description="1: the longest arrow is 25 px long"
          data-testid="arrows-scale"
          min={VIEWER_LIMITS.arrowScaleMin}
          max={VIEWER_LIMITS.arrowScaleMax}
          step={0.5}
          decimalScale={2}
          clampBehavior="blur"
          value={arrows.scale}
          disabled={arrows.attribute === null}
          onChange={(value) => {
            const scale = typeof value === 'number' ? value : Number(value);
            if (scale >= VIEWER_LIMITS.arrowScaleMin && scale <= VIEWER_LIMITS.arrowScaleMax) viewer?.setArrows({ scale });
          }}
        />
        {arrows.attribute !== null && (
          <Text size="xs" c="dimmed" data-testid="arrows-count" data-count={arrows.count}>
            {arrows.count.toLocaleString('en-US')} arrows, coloured by {colored ? 'the colormap' : 'their magnitude'}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
