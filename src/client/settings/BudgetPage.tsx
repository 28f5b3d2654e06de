// Usage & Budget: credits left, storage use, the subscription's hour allowances, the credit history chart
// and the credit transactions.
import { Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { PERMISSIONS } from '../../domain/permissions.ts';
import { useSession } from '../session/session.ts';
import { PageHeader } from '../ui/PageHeader.tsx';
import { QueryState } from '../ui/QueryState.tsx';
import { StorageIndicator } from '../ui/StorageIndicator.tsx';
import { formatCredits } from '../ui/format.ts';
import { SubscriptionSummary } from './SubscriptionSummary.tsx';
import { CreditHistoryCard } from './budget/CreditHistoryCard.tsx';
import { TransactionsTable } from './budget/TransactionsTable.tsx';
import { useOrganization, useOrganizationStorage } from './useAccountData.ts';

export function BudgetPage() {
  const { can } = useSession();
  const organization = useOrganization();
  const storage = useOrganizationStorage();
  return (
    <div data-testid="settings-budget">
      <PageHeader title="Usage & Budget" description="What your organisation has left to spend and how much storage it uses." />
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Card withBorder radius="md" padding="lg">
            <Text size="xs" c="dimmed" fw={700} tt="uppercase" mb={6}>
              Credits left
            </Text>
            <QueryState data={organization.data} error={organization.error} retry={() => void organization.mutate()} rows={1}>
              {(org) => (
                <Text fz={32} fw={700} data-testid="budget-credits">
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
        <CreditHistoryCard />
        <TransactionsTable />
      </Stack>
    </div>
  );
}
