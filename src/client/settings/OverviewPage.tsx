// Settings overview: who the user is, their organisation's credits, subscription and storage use.
import { Anchor, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PERMISSIONS, ROLE_LABELS } from '../../domain/permissions.ts';
import { useSession } from '../session/session.ts';
import { UserAvatar } from '../shell/UserAvatar.tsx';
import { PageHeader } from '../ui/PageHeader.tsx';
import { QueryState } from '../ui/QueryState.tsx';
import { StorageIndicator } from '../ui/StorageIndicator.tsx';
import { formatCredits } from '../ui/format.ts';
import { SubscriptionSummary } from './SubscriptionSummary.tsx';
import { useOrganization, useOrganizationStorage } from './useAccountData.ts';

export function OverviewPage() {
  const { user, can } = useSession();
  const organization = useOrganization();
  const storage = useOrganizationStorage();

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
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Card withBorder radius="md" padding="lg">
            <Text size="xs" c="dimmed" fw={700} tt="uppercase" mb={6}>
              Credits
            </Text>
            <QueryState data={organization.data} error={organization.error} retry={() => void organization.mutate()} rows={1}>
              {(org) => (
                <Text fz={32} fw={700} data-testid="overview-credits">
                  {formatCredits(org.credits)}
                </Text>
              )}
            </QueryState>
          </Card>
          <Card withBorder radius="md" padding="lg">
            <Text size="xs" c="dimmed" fw={700} tt="uppercase" mb={6}>
              Storage
            </Text>
            <QueryState data={storage.data} error={storage.error} retry={() => void storage.mutate()} rows={1}>
              {(value) => <StorageIndicator storage={value} width="100%" />}
            </QueryState>
          </Card>
        </SimpleGrid>
        {can(PERMISSIONS.SUBSCRIPTION_VIEW) && (
          <Card withBorder radius="md" padding="lg">
            <QueryState data={organization.data} error={organization.error} retry={() => void organization.mutate()}>
              {(org) => <SubscriptionSummary organization={org} />}
            </QueryState>
          </Card>
        )}
      </Stack>
    </div>
  );
}
