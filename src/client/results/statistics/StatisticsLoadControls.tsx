// Load (disabled with range errors or without attribute or selection, spec 2 §2, its reason in a
// tooltip), Cancel while a computation runs, and its progress; kept below the form so it stays in view.
import { Button, Group, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { useStatisticsStore } from './store.ts';
import type { StatisticsPanelModel } from './useStatisticsPanel.ts';

export function StatisticsLoadControls({ model }: { model: StatisticsPanelModel }) {
  const result = useStatisticsStore((s) => s.result);
  const running = result?.state === 'running';
  return (
    <Stack gap={6}>
      <Group gap={8} wrap="nowrap">
        <Tooltip label={model.load.reason} disabled={model.load.enabled || !model.load.reason} multiline w={260} withArrow>
          <div style={{ flex: 1 }}>
            <Button size="xs" fullWidth disabled={!model.load.enabled} onClick={model.onLoad} data-testid="statistics-load" data-reason={model.load.reason ?? ''}>
              Load
            </Button>
          </div>
        </Tooltip>
        {running && (
          <Button size="xs" variant="default" color="red" onClick={model.onCancel} data-testid="statistics-cancel">
            Cancel
          </Button>
        )}
      </Group>
      {running && result && (
        <Stack gap={2}>
          <Progress value={result.progress} size="sm" animated data-testid="statistics-progress" data-progress={Math.round(result.progress)} />
          <Text size="xs" c="dimmed">
            Computing {result.outputs.length} output{result.outputs.length === 1 ? '' : 's'} on the server… {Math.round(result.progress)} %
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
