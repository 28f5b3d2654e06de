// The account area: navigation between overview, profile, usage, team and subscription, beside the page.
import { Box, Container, Group, NavLink, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link, Outlet, useLocation } from 'react-router';
import { MENU_COLLAPSE_WIDTH_PX } from '../../domain/constants.ts';
import { useSession } from '../session/session.ts';
import { visibleSettingsEntries } from '../shell/navigation.ts';

export function SettingsLayout() {
  const { can } = useSession();
  const { pathname } = useLocation();
  const narrow = useMediaQuery(`(max-width: ${MENU_COLLAPSE_WIDTH_PX - 0.02}px)`, false, { getInitialValueInEffect: false });
  const entries = visibleSettingsEntries(can);
  const active = (path: string) => pathname === path || (path === '/settings/overview' && (pathname === '/settings' || pathname === '/settings/'));

  const nav = (
    <Paper withBorder radius="md" p={6} data-testid="settings-nav">
      {narrow ? (
        <Group gap={4} wrap="wrap">
          {entries.map((entry) => (
            <NavLink key={entry.path} component={Link} to={entry.path} label={entry.label} active={active(entry.path)} w="auto" style={{ borderRadius: 6 }} />
          ))}
        </Group>
      ) : (
        <Stack gap={2}>
          <Text size="xs" c="dimmed" fw={700} tt="uppercase" px="sm" pt={6} pb={4}>
            Settings
          </Text>
          {entries.map((entry) => (
            <NavLink key={entry.path} component={Link} to={entry.path} label={entry.label} active={active(entry.path)} style={{ borderRadius: 6 }} />
          ))}
        </Stack>
      )}
    </Paper>
  );

  return (
    <Container size="xl" py="lg">
      {narrow ? (
        <Stack>
          {nav}
          <Outlet />
        </Stack>
      ) : (
        <Group align="flex-start" wrap="nowrap" gap="lg">
          <Box w={230} style={{ flex: '0 0 230px' }}>
            {nav}
          </Box>
          <Box style={{ flex: 1, minWidth: 0 }}>
            <Outlet />
          </Box>
        </Group>
      )}
    </Container>
  );
}
