// Full-screen 'Loading...' page, shown while the app signs in or loads what every screen needs.
import { Center, Loader, Stack, Text } from '@mantine/core';

export function LoadingPage({ fullScreen = true }: { fullScreen?: boolean }) {
  return (
    <Center mih={fullScreen ? '100vh' : 'calc(100vh - 160px)'} data-testid="loading-page">
      <Stack align="center" gap="sm">
        <Loader size="lg" type="dots" />
        <Text c="dimmed">Loading...</Text>
      </Stack>
    </Center>
  );
}
