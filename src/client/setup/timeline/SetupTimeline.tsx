// The global movement timeline of Setup: play and pause (also Space outside text fields), the time slider
// (0 puts every part back at rest), interpolated or stepped keyframes, slower/faster and looping, and the
// loading status, cap warnings and errors of the movements.
import { ActionIcon, Alert, Group, Paper, SegmentedControl, Slider, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { formatNumber } from '../fields/numberText.ts';
import { SetupIcon } from '../SetupIcon.tsx';
import type { MovementMode } from '../../viewer/keyframes.ts';
import { useViewerState } from '../../viewer/components/useViewerState.ts';
import type { Viewer } from '../../viewer/ViewerEngine.ts';
import type { MovementLoading } from './useMovementLoading.ts';

interface Props {
  viewer: Viewer | null;
  loading: MovementLoading;
  mode: MovementMode;
  onMode: (mode: MovementMode) => void;
}

const SLIDER_STEPS = 1000;

export function SetupTimeline({ viewer, loading, mode, onMode }: Props) {
  const playing = useViewerState(viewer, (s) => s.playback.playing);
  const speed = useViewerState(viewer, (s) => s.playback.speed);
  const looping = useViewerState(viewer, (s) => s.playback.looping);
  const progress = useViewerState(viewer, (s) => s.movement.progress);
  const ready = loading.partCount > 0 && !loading.loading;
  const time = progress * loading.endTime;

  return (
    <Paper withBorder shadow="xs" p="xs" radius="sm" data-testid="setup-timeline" data-progress={progress.toFixed(4)} data-playing={playing}>
      <Stack gap={6}>
        <Group gap={8} wrap="nowrap">
          <Tooltip label={playing ? 'Pause (Space)' : 'Play the movements (Space)'} withArrow>
            <ActionIcon variant="filled" aria-label={playing ? 'Pause' : 'Play'} disabled={!ready} onClick={() => viewer?.togglePlayback()} data-testid="timeline-play">
              <SetupIcon name={playing ? 'pause' : 'play'} size={14} />
            </ActionIcon>
          </Tooltip>
          <Slider
            style={{ flex: 1 }}
            size="sm"
            min={0}
            max={SLIDER_STEPS}
            value={Math.round(progress * SLIDER_STEPS)}
            disabled={!ready}
            label={(v) => `${formatNumber(Number(((v / SLIDER_STEPS) * loading.endTime).toPrecision(4)))} s`}
            onChange={(v) => {
              viewer?.pause();
              viewer?.setMovementProgress(v / SLIDER_STEPS);
            }}
            data-testid="timeline-slider"
          />
          <Text size="xs" w={92} ta="right" style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="timeline-time">
            {formatNumber(Number(time.toPrecision(4)))} / {formatNumber(loading.endTime)} s
          </Text>
        </Group>
        <Group gap={8} wrap="nowrap" justify="space-between">
          <SegmentedControl
            size="xs"
            value={mode}
            onChange={(value) => onMode(value as MovementMode)}
            data={[
              { value: 'interpolate', label: 'Interpolate' },
              { value: 'stepped', label: 'Stepped' },
            ]}
            data-testid="timeline-mode"
          />
          <Group gap={4} wrap="nowrap">
            <ActionIcon size="sm" variant="light" aria-label="Slower" onClick={() => viewer?.slower()} data-testid="timeline-slower">
              «
            </ActionIcon>
            <Text size="xs" w={34} ta="center" data-testid="timeline-speed">
              ×{speed}
            </Text>
            <ActionIcon size="sm" variant="light" aria-label="Faster" onClick={() => viewer?.faster()} data-testid="timeline-faster">
              »
            </ActionIcon>
            <Switch size="xs" ml={6} label="Loop" checked={looping} onChange={(e) => viewer?.setLooping(e.currentTarget.checked)} data-testid="timeline-loop" />
          </Group>
        </Group>
        {loading.status && (
          <Text size="xs" c="dimmed" data-testid="movement-status">
            {loading.status}
          </Text>
        )}
        {loading.warnings.map((warning) => (
          <Alert key={warning} color="yellow" variant="light" p={6} data-testid="movement-warning">
            <Text size="xs">{warning}</Text>
          </Alert>
        ))}
        {loading.error && (
          <Alert color="red" variant="light" p={6} data-testid="movement-error">
            <Text size="xs">{loading.error}</Text>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
