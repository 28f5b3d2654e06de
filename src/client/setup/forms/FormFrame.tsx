// Frame of a left form: title, close button, optional notice, scrolling body and footer. While the setup
// is locked the body is read-only and says why.
import { Alert, Box, CloseButton, Group, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { MESSAGES } from '../../../domain/messages.ts';
import { useSetupStore } from '../setupStore.ts';

interface Props {
  title: ReactNode;
  subtitle?: ReactNode;
  testId: string;
  children: ReactNode;
  footer?: ReactNode;
  /** Shown above the scrolling body and never read-only: navigation such as a form's tab list. */
  header?: ReactNode;
  onClose: () => void;
  /** Add forms create something new; they are never read-only because they cannot open while locked. */
  alwaysEditable?: boolean;
}

export function FormFrame({ title, subtitle, testId, children, footer, header, onClose, alwaysEditable }: Props) {
  const locked = useSetupStore((s) => s.locked) && !alwaysEditable;
  const notice = useSetupStore((s) => s.notice);
  const setNotice = useSetupStore((s) => s.setNotice);
  return (
    <Stack gap={0} h="100%" data-testid={testId}>
      <Group justify="space-between" wrap="nowrap" px="md" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
        <Box style={{ minWidth: 0 }}>
          <Text fw={700} size="sm" truncate="end" data-testid="form-title">
            {title}
          </Text>
          {subtitle && (
            <Text size="xs" c="dimmed" truncate="end">
              {subtitle}
            </Text>
          )}
        </Box>
        <CloseButton size="sm" aria-label="Close form" data-testid="form-close" onClick={onClose} />
      </Group>
      {notice && (
        <Alert color="yellow" variant="light" mx="md" mt="sm" withCloseButton onClose={() => setNotice(null)} title={notice.title} data-testid="form-notice">
          {notice.details.length > 0 && (
            <Box component="ul" m={0} pl="md">
              {notice.details.map((line) => (
                <li key={line}>
                  <Text size="xs">{line}</Text>
                </li>
              ))}
            </Box>
          )}
        </Alert>
      )}
      {header && (
        <Box px="md" pt="sm">
          {header}
        </Box>
      )}
      <ScrollArea style={{ flex: 1 }} type="auto" offsetScrollbars>
        <Tooltip.Floating label={MESSAGES.setupLocked} disabled={!locked} multiline w={280}>
          <Box p="md" data-testid="form-body" data-locked={locked}>
            <fieldset disabled={locked} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
              {children}
            </fieldset>
          </Box>
        </Tooltip.Floating>
      </ScrollArea>
      {footer && !locked && (
        <Group justify="flex-end" gap="xs" px="md" py="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
          {footer}
        </Group>
      )}
    </Stack>
  );
}
