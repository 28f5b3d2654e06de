// Usage & Budget: credits left, storage use, the subscription's hour allowances, the credit history chart
// and the credit transactions.
import { Stack } from '@mantine/core';
import { PageHeader } from '../ui/PageHeader.tsx';
import { OrganizationUsageCards } from './OrganizationUsageCards.tsx';
import { CreditHistoryCard } from './budget/CreditHistoryCard.tsx';
import { TransactionsTable } from './budget/TransactionsTable.tsx';

export function BudgetPage() {
  return (
    <div data-testid="settings-budget">
      <PageHeader title="Usage & Budget" description="What your organisation has left to spend and how much storage it uses." />
      <Stack gap="lg">
        <OrganizationUsageCards creditsLabel="Credits left" creditsTestId="budget-credits" />
        <CreditHistoryCard />
        <TransactionsTable />
      </Stack>
    </div>
  );
}
