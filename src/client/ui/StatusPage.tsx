// Full-width message page used by not-found, no-permission, error and sign-in status screens.
import type { ReactNode } from 'react';
import { Center, Stack, Text, Title } from '@mantine/core';
import { Logo } from '../shell/Logo.tsx';

interface StatusPageProps {
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  code?: string;
  testId: string;
  fullScreen?: boolean;
}

export function StatusPage({ title, children, actions, code, testId, fullScreen = false }: StatusPageProps) {
  return (
    <Center data-testid={testId} mih={fullScreen ? '100vh' : 'calc(100vh - 160px)'} p="xl">
      <Stack align="center" gap="md" maw={520} ta="center">
        {fullScreen && (
          <div style={{ marginBottom: 12 }}>
            <Logo />
          </div>
        )}
        {code && (
          <Text fz={72} fw={800} c="gray.3" lh={1} aria-hidden="true">
            {code}
          </Text>
        )}
        <Title order={2}>{title}</Title>
        {children && (
          <Text c="dimmed" component="div">
            {children}
          </Text>
        )}
        {actions}
      </Stack>
    </Center>
  );
}
