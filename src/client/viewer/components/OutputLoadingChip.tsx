// The output loading chip: 'n/m outputs loaded', or 'Creating first outputs...' before the first one.
import { Badge, Loader } from '@mantine/core';
import { outputChipText } from '../playback.ts';
import type { Viewer } from '../ViewerEngine.ts';
import { useViewerState } from './useViewerState.ts';

export function OutputLoadingChip({ viewer }: { viewer: Viewer | null }) {
  const outputs = useViewerState(viewer, (s) => s.outputs);
  return (
    <Badge
      variant="light"
      color="gray"
      data-testid="output-chip"
      leftSection={outputs.loading || outputs.loaded === 0 ? <Loader size={10} /> : null}
    >
      {outputChipText(outputs.loaded, outputs.total)}
    </Badge>
  );
}
