// Banner announcing the new regional domain, when the server configures one. Dismissed, it comes back
// after a day; once the user followed the link it stays away (spec 2 §2).
import { useState } from 'react';
import { Alert, Anchor, Group, Text } from '@mantine/core';
import { useServices } from '../app/services.ts';
import { Icon } from '../ui/Icon.tsx';
import { browserStore, dismissRegionalBanner, rememberRegionalRedirect, shouldShowRegionalBanner } from './dismissals.ts';

export function RegionalDomainBanner() {
  const { config } = useServices();
  const [visible, setVisible] = useState(() => shouldShowRegionalBanner(browserStore(), Date.now()));
  const banner = config.regionalBanner;
  if (!banner || !visible) return null;
  return (
    <Alert
      color="blue"
      variant="light"
      radius={0}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={() => {
        dismissRegionalBanner(browserStore(), Date.now());
        setVisible(false);
      }}
      icon={<Icon name="info" />}
      data-testid="regional-banner"
      py="xs"
    >
      <Group gap="xs" wrap="wrap">
        <Text size="sm">{banner.message}</Text>
        <Anchor
          size="sm"
          fw={600}
          href={banner.url}
          data-testid="regional-banner-link"
          onClick={() => rememberRegionalRedirect(browserStore())}
        >
          Go to {hostOf(banner.url)}
        </Anchor>
      </Group>
    </Alert>
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
