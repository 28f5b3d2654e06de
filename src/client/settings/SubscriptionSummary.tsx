// The organisation's subscription and credits as the API reports them.
import { Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Organization, SubscriptionKind } from '../../domain/organization.ts';
import { formatBytes } from '../ui/formatBytes.ts';
import { formatCredits, formatDateTime } from '../ui/format.ts';

const KIND_LABEL: Record<SubscriptionKind, string> = {
  basic: 'Basic',
  engineering: 'Engineering',
  performance: 'Performance',
  on_demand: 'On demand',
  trial: 'Trial',
  workshop: 'Workshop',
  internal: 'Internal',
  free: 'Free',
};

export function SubscriptionSummary({ organization }: { organization: Organization }) {
  const subscription = organization.activeSubscription;
  const items: { label: string; value: string; testId: string }[] = [
    { label: 'Credits left', value: formatCredits(organization.credits), testId: 'org-credits' },
  ];
  if (subscription) {
    items.push(
      { label: 'Started', value: formatDateTime(subscription.startDate), testId: 'sub-start' },
      { label: 'Ends', value: subscription.endDate ? formatDateTime(subscription.endDate) : 'No end date', testId: 'sub-end' },
      { label: 'Core hours', value: subscription.coreHours.toLocaleString('en-US'), testId: 'sub-core-hours' },
      { label: 'One-off core hours', value: subscription.oneOffCoreHours.toLocaleString('en-US'), testId: 'sub-oneoff' },
      { label: 'VM hours per month', value: subscription.vmHoursPerMonth.toLocaleString('en-US'), testId: 'sub-vm-hours' },
      { label: 'Maximum cores', value: String(subscription.maxCores), testId: 'sub-max-cores' },
      { label: 'Free instance', value: subscription.freeInstance ? (organization.freeInstanceOccupied ? 'Included, in use' : 'Included') : 'Not included', testId: 'sub-free' },
      { label: 'Storage', value: formatBytes(subscription.storageBytes), testId: 'sub-storage' },
    );
  }
  return (
    <Stack gap="md" data-testid="subscription-summary">
      <Group gap="xs">
        <Text fw={600}>Subscription</Text>
        {subscription ? (
          <Badge variant="light" data-testid="subscription-kind">
            {KIND_LABEL[subscription.kind]}
          </Badge>
        ) : (
          <Badge variant="light" color="gray" data-testid="subscription-kind">
            No active subscription
          </Badge>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        {items.map((item) => (
          <Stack key={item.label} gap={2} data-testid={item.testId}>
            <Text size="xs" c="dimmed" fw={600} tt="uppercase">
              {item.label}
            </Text>
            <Text size="sm">{item.value}</Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
