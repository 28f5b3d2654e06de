// The organisation's credit transactions (spec 2 §2 'Budget page'): search (200 ms debounce), sortable
// columns (default: date, newest first), the issuing user only with CREDITS_VIEW_SEQUENCE_USERS, pages of
// 10 to 40 rows, and Download of every matching transaction as credit_transactions.csv.
import { useState } from 'react';
import { Button, Card, Group, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import useSWR from 'swr';
import { BUDGET_DEFAULT_PAGE_SIZE, BUDGET_DEFAULT_SORT, SEARCH_DEBOUNCE_MS } from '../../../domain/constants.ts';
import { CREDIT_TRANSACTIONS_CSV, type CreditSequenceOrder } from '../../../domain/creditQueries.ts';
import { CREDIT_SEQUENCE_LABELS } from '../../../domain/credits.ts';
import { MESSAGES } from '../../../domain/messages.ts';
import { PERMISSIONS } from '../../../domain/permissions.ts';
import { errorMessage } from '../../api/ApiClient.ts';
import { fetchCreditSequencesCsv, listCreditSequences } from '../../api/creditsApi.ts';
import { useServices } from '../../app/services.ts';
import { useSession } from '../../session/session.ts';
import { UserAvatar } from '../../shell/UserAvatar.tsx';
import { formatCredits, formatDateTime } from '../../ui/format.ts';
import { Icon } from '../../ui/Icon.tsx';
import { QueryState } from '../../ui/QueryState.tsx';
import { showError } from '../../ui/toast.ts';
import { nextSort, transactionName, type Sort } from './budgetModel.ts';
import { SortableHeader } from './SortableHeader.tsx';
import { TransactionsPagination } from './TransactionsPagination.tsx';

/** Saves a downloaded file under `name` through a temporary link. */
function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function TransactionsTable() {
  const { api, auth } = useServices();
  const { can } = useSession();
  const showUser = can(PERMISSIONS.CREDITS_VIEW_SEQUENCE_USERS);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS.credits);
  const [sort, setSort] = useState<Sort>({ ...BUDGET_DEFAULT_SORT });
  const [pageSize, setPageSize] = useState(BUDGET_DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState({ number: 1, q: '' });
  // A new search starts on the first page.
  const pageNumber = page.q === q ? page.number : 1;
  const [downloading, setDownloading] = useState(false);

  const query = { q: q || undefined, pageLimit: pageSize, pageNumber, orderBy: sort.orderBy, asc: sort.asc };
  const transactions = useSWR(['credit-sequences', query.q, pageSize, pageNumber, sort.orderBy, sort.asc], () => listCreditSequences(api, query), {
    keepPreviousData: true,
  });

  const goTo = (number: number) => setPage({ number, q });
  const onSort = (column: CreditSequenceOrder) => {
    setSort((current) => nextSort(current, column));
    goTo(1);
  };

  const download = async () => {
    setDownloading(true);
    try {
      saveFile(await fetchCreditSequencesCsv(auth, { q: query.q, orderBy: sort.orderBy, asc: sort.asc }), CREDIT_TRANSACTIONS_CSV);
    } catch (error) {
      showError('Downloading the transactions failed', errorMessage(error));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Card withBorder radius="md" padding="lg" data-testid="transactions">
      <Group justify="space-between" mb="md" wrap="wrap" gap="sm">
        <Title order={4}>Transactions</Title>
        <Group gap="sm">
          <TextInput
            placeholder="Search transactions"
            aria-label="Search transactions"
            leftSection={<Icon name="search" size={16} />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            w={260}
            data-testid="transactions-search"
          />
          <Button variant="default" leftSection={<Icon name="download" size={16} />} loading={downloading} onClick={() => void download()} data-testid="transactions-download">
            Download
          </Button>
        </Group>
      </Group>
      <QueryState data={transactions.data} error={transactions.error} retry={() => void transactions.mutate()} rows={4}>
        {(result) => (
          <>
            <Table.ScrollContainer minWidth={640}>
              <Table verticalSpacing="sm" highlightOnHover data-testid="transactions-table" style={{ opacity: transactions.isValidating ? 0.7 : 1 }}>
                <Table.Thead>
                  <Table.Tr>
                    <SortableHeader column="simulationName" sort={sort} onSort={onSort}>
                      Transaction
                    </SortableHeader>
                    <SortableHeader column="kind" sort={sort} onSort={onSort}>
                      Type
                    </SortableHeader>
                    <SortableHeader column="date" sort={sort} onSort={onSort}>
                      Date
                    </SortableHeader>
                    {showUser && <Table.Th data-testid="transactions-user-header">User</Table.Th>}
                    <SortableHeader column="credits" sort={sort} onSort={onSort} align="right">
                      Value
                    </SortableHeader>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {result.results.map((sequence) => (
                    <Table.Tr key={sequence.id} data-testid="transaction-row">
                      <Table.Td>
                        <Text size="sm" fw={500} data-testid="transaction-name">
                          {transactionName(sequence)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{CREDIT_SEQUENCE_LABELS[sequence.kind]}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" data-testid="transaction-date">
                          {formatDateTime(sequence.updatedAt)}
                        </Text>
                      </Table.Td>
                      {showUser && (
                        <Table.Td>
                          {sequence.issuer ? (
                            <Group gap="xs" wrap="nowrap">
                              <UserAvatar fullName={sequence.issuer.fullName} avatarId={sequence.issuer.avatarId} size={24} />
                              <Text size="sm">{sequence.issuer.fullName}</Text>
                            </Group>
                          ) : (
                            <Text size="sm" c="dimmed">
                              —
                            </Text>
                          )}
                        </Table.Td>
                      )}
                      <Table.Td ta="right">
                        <Text size="sm" fw={600} c={sequence.credits < 0 ? 'red.7' : 'teal.7'} data-testid="transaction-value">
                          {formatCredits(sequence.credits)}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {result.results.length === 0 && (
              <Text c="dimmed" ta="center" py="xl" data-testid="transactions-empty">
                {q ? MESSAGES.adjustSearch : MESSAGES.noTransactions}
              </Text>
            )}
            <TransactionsPagination
              pageNumber={pageNumber}
              pageCount={result.pageCount}
              pageSize={pageSize}
              onPage={goTo}
              onPageSize={(size) => {
                setPageSize(size);
                goTo(1);
              }}
            />
          </>
        )}
      </QueryState>
    </Card>
  );
}
