// Asks to reload once a new version of Surge is deployed; 'Later' hides it until the next version.
import { useState } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useNewVersion } from './useNewVersion.ts';

export function NewVersionModal() {
  const newVersion = useNewVersion();
  const [postponed, setPostponed] = useState<string | null>(null);
  const opened = newVersion !== null && postponed !== newVersion;
  return (
    <Modal opened={opened} onClose={() => setPostponed(newVersion)} title="A new version of Surge is available" centered data-testid="new-version-modal">
      <Text size="sm">
        Surge was updated while you were working. Reload the page to use the new version; your saved work is kept on the server.
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => setPostponed(newVersion)}>
          Later
        </Button>
        <Button data-testid="new-version-reload" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </Group>
    </Modal>
  );
}
