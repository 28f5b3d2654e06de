// Settings overview: who the user is, their organisation's credits, subscription and storage use.
import { Anchor, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PERMISSIONS, ROLE_LABELS } from '../../domain/permissions.ts';
import { useSession } from '../session/session.ts';
import { UserAvatar } from '../shell/UserAvatar.tsx';
import { PageHeader } from '../ui/PageHeader.tsx';
import { OrganizationUsageCards } from './OrganizationUsageCards.tsx';

export function OverviewPage() {
  const { user, can } = useSession();

  return (
    <div data-testid="settings-overview">
      <PageHeader title="Overview" description={`Your account at ${user.organization.name}`} />
      <Stack gap="lg">
        <Card withBorder radius="md" padding="lg">
          <Group gap="md">
            <UserAvatar fullName={user.fullName} avatarId={user.avatarId} size="lg" />
            <div>
              <Text fw={700} size="lg" data-testid="overview-name">
                {user.fullName}
              </Text>
              <Text size="sm" c="dimmed">
                {user.email} · {ROLE_LABELS[user.role]} · {user.organization.name}
              </Text>
            </div>
            <Anchor component={Link} to="/settings/profile" size="sm" ml="auto">
              Edit profile
            </Anchor>
          </Group>
        </Card>
        {can(PERMISSIONS.OVERVIEW_ADMIN_MESSAGE) && (
          <Card withBorder radius="md" padding="lg" bg="blue.0" data-testid="overview-admin-message">
            <Text fw={600}>You administer {user.organization.name}</Text>
            <Text size="sm" c="dimmed" mt={4}>
              Add or remove team members on the <Anchor component={Link} to="/settings/team">Team</Anchor> page and follow credits
              and storage on <Anchor component={Link} to="/settings/budget">Usage &amp; Budget</Anchor>.
            </Text>
          </Card>
        )}
        <OrganizationUsageCards creditsLabel="Credits" creditsTestId="overview-credits" />
      </Stack>
    </div>
  );
}
