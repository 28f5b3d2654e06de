// The playback bar of Results: play/pause (Space outside text fields), slower/faster, looping, the
// output slider, and which output is shown with its simulated time.
import { Group, Paper, Text } from '@mantine/core';
import type { OutputListEntry } from '../../domain/runOutputs.ts';
import { formatNumber } from '../monitor/logValues.ts';
import { PlaybackControls } from '../viewer/components/PlaybackControls.tsx';
import { useViewerState } from '../viewer/components/useViewerState.ts';
import type { Viewer } from '../viewer/ViewerEngine.ts';

export function ResultsTimeline({ viewer, outputs }: { viewer: Viewer | null; outputs: readonly OutputListEntry[] }) {
  const playback = useViewerState(viewer, (s) => s.playback);
  const current = outputs[playback.outputIndex];
  return (
    <Paper withBorder radius="md" p={6} shadow="sm" w={420} maw="calc(100% - 32px)" data-testid="results-timeline">
      <Group justify="space-between" px={4} pb={2}>
        <Text size="xs" fw={600} data-testid="results-output-label" data-output={current?.outputNo ?? ''}>
          {current ? `Output ${current.outputNo}` : 'No output yet'}
        </Text>
        <Text size="xs" c="dimmed" data-testid="results-output-time">
          {current ? `t = ${formatNumber(current.time)} s` : ''}
        </Text>
      </Group>
      <PlaybackControls viewer={viewer} />
    </Paper>
  );
}
