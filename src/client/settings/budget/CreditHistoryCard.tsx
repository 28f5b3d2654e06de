// Credit history of the Usage & Budget page: the period choice (Billing Year, Last Year by default, Last 3
// Months, Last Month, Last 1 week), for team admins a choice of member, and the bar chart with its legend.
import { useMemo, useState } from 'react';
import { Card, ColorSwatch, Group, SegmentedControl, Select, Text, Title } from '@mantine/core';
import useSWR from 'swr';
import { CREDIT_PERIODS, DEFAULT_CREDIT_PERIOD_DAYS } from '../../../domain/constants.ts';
import { MESSAGES } from '../../../domain/messages.ts';
import { PERMISSIONS } from '../../../domain/permissions.ts';
import { getCreditHistory, listCreditSequences } from '../../api/creditsApi.ts';
import { listTeam } from '../../api/usersApi.ts';
import { useApi } from '../../app/services.ts';
import { useSession } from '../../session/session.ts';
import { formatCredits } from '../../ui/format.ts';
import { QueryState } from '../../ui/QueryState.tsx';
import { useOrganization } from '../useAccountData.ts';
import { bucketsOf, historyBars, periodRange, seriesOfSequences } from './budgetModel.ts';
import { CreditHistoryChart } from './CreditHistoryChart.tsx';

const ALL_USERS = 'all';

export function CreditHistoryCard() {
  const api = useApi();
  const { can } = useSession();
  const organization = useOrganization();
  const [days, setDays] = useState<number>(DEFAULT_CREDIT_PERIOD_DAYS);
  const [userId, setUserId] = useState(ALL_USERS);
  const byUser = can(PERMISSIONS.CREDITS_VIEW_SEQUENCE_USERS) && can(PERMISSIONS.USERS_VIEW);
  const team = useSWR(byUser ? 'team' : null, () => listTeam(api));

  // The range is fixed per choice; recomputing it every render would ask the server again and again.
  const subscriptionStart = organization.data?.activeSubscription?.startDate ?? null;
  const range = useMemo(() => periodRange(days, new Date(), subscriptionStart), [days, subscriptionStart]);
  const startDate = range.start.toISOString();
  const endDate = range.end.toISOString();
  const history = useSWR(['credit-history', startDate, endDate, range.groupBy, userId], async () => {
    const [entries, sequences] = await Promise.all([
      getCreditHistory(api, { startDate, endDate, groupBy: range.groupBy, userId: userId === ALL_USERS ? undefined : userId }),
      listCreditSequences(api, { startDate, pageLimit: -1, pageNumber: 1, orderBy: 'date', asc: false }),
    ]);
    return historyBars(entries, bucketsOf(range), seriesOfSequences(sequences.results));
  });

  return (
    <Card withBorder radius="md" padding="lg" data-testid="credit-history">
      <Group justify="space-between" mb="md" wrap="wrap" gap="sm">
        <Title order={4}>Credit history</Title>
        <Group gap="sm">
          {byUser && (
            <Select
              aria-label="Member"
              data={[{ value: ALL_USERS, label: 'All members' }, ...(team.data ?? []).map((u) => ({ value: u.id, label: u.fullName }))]}
              value={userId}
              onChange={(value) => setUserId(value ?? ALL_USERS)}
              allowDeselect={false}
              w={180}
              size="xs"
              comboboxProps={{ withinPortal: true }}
              data-testid="credit-history-user"
            />
          )}
          <SegmentedControl
            size="xs"
            value={String(days)}
            onChange={(value) => setDays(Number(value))}
            data={CREDIT_PERIODS.map((p) => ({ value: String(p.days), label: p.label }))}
            data-testid="credit-history-period"
          />
        </Group>
      </Group>
      <QueryState data={history.data} error={history.error} retry={() => void history.mutate()} rows={4}>
        {({ bars, series }) =>
          series.length === 0 ? (
            <Text c="dimmed" ta="center" py={60} data-testid="credit-history-empty">
              {MESSAGES.noChartData}
            </Text>
          ) : (
            <>
              <CreditHistoryChart bars={bars} series={series} groupBy={range.groupBy} />
              <Group gap="md" mt="sm" data-testid="credit-history-legend">
                {series.map((s) => (
                  <Group key={s.key} gap={6} wrap="nowrap">
                    <ColorSwatch color={s.color} size={12} />
                    <Text size="xs">
                      {s.label} · {formatCredits(s.total)}
                    </Text>
                  </Group>
                ))}
              </Group>
            </>
          )
        }
      </QueryState>
    </Card>
  );
}
