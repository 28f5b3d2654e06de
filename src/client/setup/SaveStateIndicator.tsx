// Says whether every change has reached the server: saved, waiting, saving, failed with the server's
// message and a retry, or not saved because a field shows a value its rule refuses.
import { Badge, Button, Group, Tooltip } from '@mantine/core';
import { refusedMessage, saveStatusOf, useSetupStore } from './setupStore.ts';

export function SaveStateIndicator({ onRetry }: { onRetry: () => void }) {
  const status = useSetupStore(saveStatusOf);
  const message = useSetupStore((s) => s.saveError);
  const refused = useSetupStore(refusedMessage);
  if (status === 'refused') {
    return (
      <Tooltip label={refused} withArrow multiline maw={320}>
        <Badge color="orange" variant="light" data-testid="save-state" data-state="refused">
          Not saved: {refused}
        </Badge>
      </Tooltip>
    );
  }
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
