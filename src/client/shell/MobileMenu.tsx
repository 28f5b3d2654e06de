// The menu bar's right side on screens narrower than 1024 px: a burger that opens a drawer with the same
// entries (simulation id, machines, help, settings, logout).
import { Burger, CopyButton, Divider, Drawer, NavLink, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from 'react-router';
import { ROLE_LABELS } from '../../domain/permissions.ts';
import { helpLinks } from '../app/clientConfig.ts';
import { useServices } from '../app/services.ts';
import { useSession } from '../session/session.ts';
import { Icon } from '../ui/Icon.tsx';
import { AccessGrantSelector } from './AccessGrantSelector.tsx';
import { visibleSettingsEntries } from './navigation.ts';
import { UserAvatar } from './UserAvatar.tsx';

export function MobileMenu({ simulationId }: { simulationId?: string }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { user, can } = useSession();
  const { rawConfig } = useServices();
  const help = helpLinks(rawConfig);

  return (
    <>
      <Burger opened={opened} onClick={toggle} size="sm" aria-label="Open menu" data-testid="menu-burger" />
      <Drawer opened={opened} onClose={close} position="right" size={300} title="Menu" data-testid="menu-drawer">
        <Stack gap={4}>
          <NavLink
            leftSection={<UserAvatar fullName={user.fullName} avatarId={user.avatarId} />}
            label={user.fullName}
            description={`${user.organization.name} · ${ROLE_LABELS[user.role]}`}
            component={Link}
            to="/settings/profile"
            onClick={close}
          />
          <AccessGrantSelector fullWidth />
          <Divider my={4} />
          <NavLink label="Projects" component={Link} to="/projects" onClick={close} leftSection={<Icon name="folder" size={16} />} data-testid="drawer-projects" />
          <NavLink label="Virtual Machines" component={Link} to="/machines" onClick={close} leftSection={<Icon name="server" size={16} />} data-testid="drawer-machines" />
          {simulationId && (
            <CopyButton value={simulationId}>
              {({ copied, copy }) => (
                <NavLink
                  label={copied ? 'Copied!' : 'Copy ID'}
                  leftSection={<Icon name={copied ? 'check' : 'copy'} size={16} />}
                  onClick={copy}
                  data-testid="drawer-copy-id"
                />
              )}
            </CopyButton>
          )}
          <Text size="xs" c="dimmed" fw={700} tt="uppercase" mt="sm" px="sm">
            Settings
          </Text>
          {visibleSettingsEntries(can).map((entry) => (
            <NavLink key={entry.path} label={entry.label} component={Link} to={entry.path} onClick={close} data-testid={`drawer-${entry.testId}`} />
          ))}
          <Text size="xs" c="dimmed" fw={700} tt="uppercase" mt="sm" px="sm">
            Help
          </Text>
          {[...help.main, ...(help.submitTicket ? [help.submitTicket] : [])].map((link) => (
            <NavLink
              key={link.key}
              label={link.label}
              href={link.href}
              component="a"
              target="_blank"
              rel="noopener noreferrer"
              rightSection={<Icon name="externalLink" size={14} />}
            />
          ))}
          <Divider my={4} />
          <NavLink label="Logout" c="red" component={Link} to="/logout" leftSection={<Icon name="logout" size={16} />} data-testid="drawer-logout" />
        </Stack>
      </Drawer>
    </>
  );
}
