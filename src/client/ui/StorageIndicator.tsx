// The organisation's storage use: used of available in units of 1024, a bar that turns orange near the
// limit and red when full.
import { Group, Progress, Text, Tooltip } from '@mantine/core';
import type { StorageConsumption } from '../../domain/budget.ts';
import { formatBytes } from './formatBytes.ts';
import { formatDateTime } from './format.ts';
import { storageLevel, storagePercent } from './storageLevel.ts';

const COLOR = { ok: 'blue', warn: 'orange', error: 'red' } as const;

export function StorageIndicator({ storage, width = 220 }: { storage: StorageConsumption; width?: number | string }) {
  const level = storageLevel(storage);
  const percent = storagePercent(storage);
  return (
    <Tooltip label={`Last updated ${formatDateTime(storage.lastUpdated)}`} withArrow>
      <div style={{ width }} data-testid="storage-indicator" data-level={level}>
        <Group justify="space-between" gap={4} mb={4} wrap="nowrap">
          <Text size="xs" fw={600} c={level === 'ok' ? 'dimmed' : COLOR[level]}>
            {level === 'error' ? 'Storage full' : 'Storage'}
          </Text>
          <Text size="xs" c="dimmed" data-testid="storage-text">
            {formatBytes(storage.consumedBytes)} of {formatBytes(storage.availableBytes)}
          </Text>
        </Group>
        <Progress value={percent} color={COLOR[level]} size="sm" radius="xl" aria-label="Storage used" />
      </div>
    </Tooltip>
  );
}
