// Settings menu of the menu bar: account pages the user's role allows, then Logout (spec 2 §2).
import { Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { ROLE_LABELS } from '../../domain/permissions.ts';
import { useSession } from '../session/session.ts';
import { Icon } from '../ui/Icon.tsx';
import { visibleSettingsEntries } from './navigation.ts';
import { UserAvatar } from './UserAvatar.tsx';

export function SettingsMenu() {
  const { user, can } = useSession();
  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton data-testid="menu-settings" aria-label="Settings" px={6} py={4} style={{ borderRadius: 8 }}>
          <Group gap={8} wrap="nowrap">
            <UserAvatar fullName={user.fullName} avatarId={user.avatarId} />
            <div style={{ lineHeight: 1.1 }}>
              <Text size="sm" fw={600} truncate maw={160}>
                {user.fullName}
              </Text>
              <Text size="xs" c="dimmed" truncate maw={160}>
                {user.organization.name}
              </Text>
            </div>
            <Icon name="chevronDown" size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown data-testid="menu-settings-dropdown">
        <Menu.Label>
          {user.email} · {ROLE_LABELS[user.role]}
        </Menu.Label>
        {visibleSettingsEntries(can).map((entry) => (
          <Menu.Item key={entry.path} component={Link} to={entry.path} data-testid={entry.testId}>
            {entry.label}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item component={Link} to="/logout" color="red" leftSection={<Icon name="logout" size={16} />} data-testid="menu-logout">
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
