// History panel of the right sidebar: the simulation's runs (who started each, how it went) and the edits
// of its setup (who changed what), newest first. Read again when the setup was saved here or when the
// simulation changes state (the page's live subscription).
import { Alert as Notice, Loader, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import type { Simulation } from '../../domain/simulation.ts';
import { errorMessage } from '../api/ApiClient.ts';
import { useSetupStore } from '../setup/setupStore.ts';
import { useHistory } from './activityApi.ts';
import { HistoryEntryCard } from './HistoryEntryCard.tsx';

export function HistoryPanel({ simulation }: { simulation: Simulation }) {
  const { data: entries, error, mutate } = useHistory(simulation.id);
  const savedRevision = useSetupStore((s) => (s.simulationId === simulation.id ? s.savedRevision : 0));
  useEffect(() => {
    if (savedRevision > 0) void mutate();
  }, [savedRevision, mutate]);

  if (error) return <Notice color="red" title="The history could not be loaded">{errorMessage(error)}</Notice>;
  if (!entries) return <Loader size="sm" />;
  if (entries.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="history-empty">
        Nothing happened to this simulation yet.
      </Text>
    );
  }
  return (
    <Stack gap="xs" data-testid="history-panel">
      {entries.map((entry) => (
        <HistoryEntryCard key={entry.id} entry={entry} />
      ))}
    </Stack>
  );
}
