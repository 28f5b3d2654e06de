// Subscription (SUBSCRIPTION_VIEW): the plan, its limits and the credits left.
import { Card } from '@mantine/core';
import { PageHeader } from '../ui/PageHeader.tsx';
import { QueryState } from '../ui/QueryState.tsx';
import { SubscriptionSummary } from './SubscriptionSummary.tsx';
import { useOrganization } from './useAccountData.ts';

export function SubscriptionPage() {
  const organization = useOrganization();
  return (
    <div data-testid="settings-subscription">
      <PageHeader title="Subscription" description="Your organisation's plan, its limits and the credits left." />
      <Card withBorder radius="md" padding="lg">
        <QueryState data={organization.data} error={organization.error} retry={() => void organization.mutate()}>
          {(org) => <SubscriptionSummary organization={org} />}
        </QueryState>
      </Card>
    </div>
  );
}
