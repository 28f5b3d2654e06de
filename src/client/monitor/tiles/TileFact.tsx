// One labelled value inside a tile: a small caption above the value, with a test id for e2e checks.
import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export function TileFact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={0} data-testid={testId} style={{ minWidth: 0 }}>
      <Text size="10px" c="dimmed" fw={700} tt="uppercase" lh={1.4}>
        {label}
      </Text>
      <Text size="sm" component="div" truncate="end">
        {children}
      </Text>
    </Stack>
  );
}
