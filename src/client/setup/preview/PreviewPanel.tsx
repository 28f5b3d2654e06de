// The preview's card over the Setup viewport: what runs (particles, the coarser diameter), how far the
// simulated time has got, the fluid's mean height and top speed of the last frame, discretizer warnings,
// why a preview cannot run, and Stop / Close.
import { Alert, Button, CloseButton, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { usePreviewStore, type PreviewStatus } from './previewStore.ts';

interface Props {
  onStop: () => void;
  onClose: () => void;
}

const count = (n: number) => n.toLocaleString('en-US');
const mm = (m: number) => `${(m * 1000).toLocaleString('en-US', { maximumFractionDigits: 1 })} mm`;

export function PreviewPanel({ onStop, onClose }: Props) {
  const preview = usePreviewStore();
  if (preview.status === 'idle') return null;
  const running = preview.status === 'running' || preview.status === 'stopping';
  const coarsened = preview.diameterM !== null && preview.userDiameterM !== null && preview.diameterM > preview.userDiameterM * (1 + 1e-9);
  const phase: Record<PreviewStatus, string> = {
    idle: '',
    starting: 'preparing',
    running: 'running on this device’s GPU',
    stopping: 'stopping',
    finished: 'finished',
    stopped: 'stopped',
    failed: 'not available',
  };
  return (
    <Paper
      shadow="md"
      radius="md"
      p="sm"
      withBorder
      style={{ position: 'absolute', left: 12, top: 12, width: 340, background: 'rgba(255,255,255,0.95)' }}
      data-testid="preview-panel"
      data-status={preview.status}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} size="sm">
            Preview · {phase[preview.status]}
          </Text>
          <CloseButton size="sm" aria-label="Close preview" onClick={onClose} data-testid="preview-close" />
        </Group>
        {preview.status === 'failed' ? (
          <Alert color="orange" variant="light" p="xs" data-testid="preview-message">
            {preview.message}
          </Alert>
        ) : preview.status === 'starting' ? (
          <Text size="sm" c="dimmed" data-testid="preview-starting">
            Discretizing the setup at a preview resolution…
          </Text>
        ) : (
          <>
            <Progress value={preview.endTimeS > 0 ? (100 * preview.timeS) / preview.endTimeS : 0} size="sm" animated={running} aria-label="Simulated time" />
            <Text
              size="sm"
              data-testid="preview-stats"
              data-time={preview.timeS}
              data-particles={preview.particles}
              data-fluid={preview.fluid}
              data-frames={preview.frames}
              data-mean-height={preview.meanHeightM ?? ''}
            >
              t = {preview.timeS.toFixed(3)} s of {preview.endTimeS.toFixed(2)} s · {count(preview.particles)} particles ({count(preview.fluid)} fluid)
            </Text>
            {preview.meanHeightM !== null && preview.maxSpeed !== null && (
              <Text size="xs" c="dimmed">
                Mean fluid height {preview.meanHeightM.toFixed(3)} m · top speed {preview.maxSpeed.toFixed(2)} m/s · colour: speed
                {preview.speedScale !== null ? ` 0–${preview.speedScale.toFixed(2)} m/s` : ''}
              </Text>
            )}
            {preview.diameterM !== null && (
              <Text size="xs" c="dimmed" data-testid="preview-resolution">
                Particle diameter {mm(preview.diameterM)}
                {coarsened && preview.userDiameterM !== null ? ` (the setup’s ${mm(preview.userDiameterM)}, coarsened for the preview)` : ''}
              </Text>
            )}
            {preview.warnings.map((w) => (
              <Text key={w} size="xs" c="orange.8">
                {w}
              </Text>
            ))}
            <Text size="xs" c="dimmed">
              Runs in this browser: no credits are used and nothing is saved.
            </Text>
          </>
        )}
        {running && (
          <Group justify="flex-end">
            <Button size="compact-xs" color="red" variant="light" onClick={onStop} disabled={preview.status === 'stopping'} data-testid="preview-stop">
              Stop
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
