// One entry of the History panel: a run (its number, who asked for it, how it went) or an edit of the
// setup (who, when, and one line per change).
import { Card, Stack, Text } from '@mantine/core';
import { runEntryOutcome, runEntryTitle, setupEntryLines, type HistoryEntry } from '../../domain/history.ts';
import { formatDateTime } from '../ui/format.ts';

export function HistoryEntryCard({ entry }: { entry: HistoryEntry }) {
  const who = entry.user?.fullName ?? 'A former user';
  if (entry.kind === 'run') {
    return (
      <Card withBorder padding="xs" radius="md" data-testid="history-item" data-kind="run">
        <Text size="sm" fw={600} data-testid="history-title">
          {runEntryTitle(entry)}
        </Text>
        <Text size="xs" c="dimmed">
          {who} · {formatDateTime(entry.at)}
        </Text>
        <Text size="sm" mt={4} data-testid="history-outcome" style={{ overflowWrap: 'anywhere' }}>
          {runEntryOutcome(entry)}
          {entry.endedAt ? ` · ${formatDateTime(entry.endedAt)}` : ''}
        </Text>
      </Card>
    );
  }
  const lines = setupEntryLines(entry);
  // Saves folded into one edit span a time; within one minute they read as one.
  const when = formatDateTime(entry.since) === formatDateTime(entry.at) ? formatDateTime(entry.at) : `${formatDateTime(entry.since)} – ${formatDateTime(entry.at)}`;
  return (
    <Card withBorder padding="xs" radius="md" data-testid="history-item" data-kind="setup">
      <Text size="sm" fw={600} data-testid="history-title">
        Setup edited
      </Text>
      <Text size="xs" c="dimmed">
        {who} · {when}
      </Text>
      <Stack gap={0} mt={4} component="ul" style={{ margin: 0, paddingLeft: 16 }}>
        {lines.map((line, i) => (
          <Text key={i} size="xs" component="li" data-testid="history-change" style={{ overflowWrap: 'anywhere' }}>
            {line}
          </Text>
        ))}
      </Stack>
    </Card>
  );
}
