// What is selected in the Results canvas (click, Ctrl-click) by name, with a button that clears it; the
// statistics panel analyses this selection. Hidden while nothing is selected.
import { CloseButton, Group, Paper, Text } from '@mantine/core';
import { useViewerState } from '../viewer/components/useViewerState.ts';
import type { Viewer } from '../viewer/ViewerEngine.ts';

export function ResultsSelection({ viewer }: { viewer: Viewer | null }) {
  const selection = useViewerState(viewer, (s) => s.selection);
  const objects = useViewerState(viewer, (s) => s.objects);
  const parts = useViewerState(viewer, (s) => s.parts);
  if (selection.length === 0) return null;
  const names = selection.map((id) => objects.find((o) => o.id === id)?.name ?? parts.find((p) => p.id === id)?.name ?? id);
  return (
    <Paper withBorder shadow="xs" radius="xl" px={10} py={2} data-testid="results-selection">
      <Group gap={6} wrap="nowrap">
        <Text size="xs" fw={500} maw={320} truncate title={names.join(', ')}>
          Selected: {names.join(', ')}
        </Text>
        <CloseButton size="xs" aria-label="Clear selection" data-testid="results-selection-clear" onClick={() => viewer?.setSelection([])} />
      </Group>
    </Paper>
  );
}
