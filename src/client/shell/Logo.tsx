// The Surge mark and word mark; the menu bar links it to the projects list.
import { Group, Text } from '@mantine/core';

export function Logo({ withText = true }: { withText?: boolean }) {
  return (
    <Group gap={8} wrap="nowrap" align="center">
      <svg width={28} height={28} viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="var(--mantine-color-blue-7)" />
        <path d="M5 19c3.5 0 3.5-4 7-4s3.5 4 7 4 3.5-4 7-4" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" />
        <path d="M5 24c3.5 0 3.5-3 7-3s3.5 3 7 3 3.5-3 7-3" fill="none" stroke="#9cc9ff" strokeWidth="2" strokeLinecap="round" />
        <circle cx="11" cy="9" r="2" fill="#fff" />
        <circle cx="17.5" cy="8" r="1.4" fill="#cfe5ff" />
        <circle cx="22" cy="10.5" r="1.1" fill="#cfe5ff" />
      </svg>
      {withText && (
        <Text fw={800} fz="lg" lh={1} c="dark.7" style={{ letterSpacing: '-0.02em' }}>
          Surge
        </Text>
      )}
    </Group>
  );
}
