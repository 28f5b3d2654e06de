// The organisation's credits and storage side by side, and its subscription for those who may see it:
// the same cards head the settings overview and the Usage & Budget page.
import { Card, SimpleGrid, Text } from '@mantine/core';
import { PERMISSIONS } from '../../domain/permissions.ts';
import { useSession } from '../session/session.ts';
import { QueryState } from '../ui/QueryState.tsx';
import { StorageIndicator } from '../ui/StorageIndicator.tsx';
import { formatCredits } from '../ui/format.ts';
import { SubscriptionSummary } from './SubscriptionSummary.tsx';
import { useOrganization, useOrganizationStorage } from './useAccountData.ts';

export function OrganizationUsageCards({ creditsLabel, creditsTestId }: { creditsLabel: string; creditsTestId: string }) {
  const { can } = useSession();
  const organization = useOrganization();
  const storage = useOrganizationStorage();
  return (
    <>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder radius="md" padding="lg">
          <Text size="xs" c="dimmed" fw={700} tt="uppercase" mb={6}>
            {creditsLabel}
          </Text>
          <QueryState data={organization.data} error={organization.error} retry={() => void organization.mutate()} rows={1}>
            {(org) => (
              <Text fz={32} fw={700} data-testid={creditsTestId}>
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
    </>
  );
}
