// Says whether every change has reached the server: saved, waiting, saving, or failed with the server's
// message and a retry.
import { Badge, Button, Group, Tooltip } from '@mantine/core';
import { saveStatusOf, useSetupStore } from './setupStore.ts';

export function SaveStateIndicator({ onRetry }: { onRetry: () => void }) {
  const status = useSetupStore(saveStatusOf);
  const message = useSetupStore((s) => s.saveError);
  if (status === 'error') {
    return (
      <Group gap={6} wrap="nowrap" data-testid="save-state" data-state="error">
        <Tooltip label={message} withArrow multiline maw={320}>
          <Badge color="red" variant="light" data-testid="save-error">
            Not saved: {message}
          </Badge>
        </Tooltip>
        <Button size="compact-xs" variant="light" color="red" onClick={onRetry} data-testid="save-retry">
          Retry
        </Button>
      </Group>
    );
  }
  const label = status === 'saved' ? 'All changes saved' : status === 'saving' ? 'Saving…' : 'Unsaved changes';
  return (
    <Badge color={status === 'saved' ? 'teal' : 'gray'} variant="light" data-testid="save-state" data-state={status}>
      {label}
    </Badge>
  );
}
