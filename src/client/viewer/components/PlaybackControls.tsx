// Output playback: play/pause (also Space outside text fields), slower/faster (halving or doubling
// within bounds), looping and the current output.
import { ActionIcon, Group, Paper, Slider, Switch, Text } from '@mantine/core';
import type { Viewer } from '../ViewerEngine.ts';
import { useViewerState } from './useViewerState.ts';

export function PlaybackControls({ viewer }: { viewer: Viewer | null }) {
  const playback = useViewerState(viewer, (s) => s.playback);
  return (
    <Paper withBorder p="xs" radius="sm" data-testid="playback-controls">
      <Group gap={6} wrap="nowrap">
        <ActionIcon variant="light" aria-label="Slower" data-testid="playback-slower" onClick={() => viewer?.slower()}>
          «
        </ActionIcon>
        <ActionIcon
          variant="filled"
          aria-label={playback.playing ? 'Pause' : 'Play'}
          data-testid="playback-toggle"
          onClick={() => viewer?.togglePlayback()}
        >
          {playback.playing ? '❚❚' : '▶'}
        </ActionIcon>
        <ActionIcon variant="light" aria-label="Faster" data-testid="playback-faster" onClick={() => viewer?.faster()}>
          »
        </ActionIcon>
        <Text size="xs" data-testid="playback-speed" w={44}>
          ×{playback.speed}
        </Text>
        <Switch
          size="xs"
          label="Loop"
          checked={playback.looping}
          onChange={(e) => viewer?.setLooping(e.currentTarget.checked)}
        />
      </Group>
      {playback.outputCount > 1 && (
        <Slider
          mt={8}
          size="xs"
          min={0}
          max={playback.outputCount - 1}
          value={playback.outputIndex}
          onChange={(i) => void viewer?.showOutput(i)}
          label={(i) => `Output ${i + 1}`}
          data-testid="playback-output"
        />
      )}
    </Paper>
  );
}
