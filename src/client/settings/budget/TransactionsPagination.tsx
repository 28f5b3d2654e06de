// Paging of the transactions table: page size (10, 20, 30, 40), then first, previous, a page number
// input (a number below 1 or above the page count is ignored), next and last.
import { useEffect, useState } from 'react';
import { ActionIcon, Group, NumberInput, Select, Text, Tooltip } from '@mantine/core';
import { BUDGET_PAGE_SIZES } from '../../../domain/constants.ts';
import { Icon } from '../../ui/Icon.tsx';
import { acceptedPage } from './budgetModel.ts';

interface TransactionsPaginationProps {
  pageNumber: number;
  pageCount: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}

export function TransactionsPagination({ pageNumber, pageCount, pageSize, onPage, onPageSize }: TransactionsPaginationProps) {
  const [typed, setTyped] = useState<string | number>(pageNumber);
  useEffect(() => setTyped(pageNumber), [pageNumber]);
  const last = Math.max(1, pageCount);

  const commit = () => {
    const page = acceptedPage(typed, pageCount);
    if (page === null) setTyped(pageNumber);
    else if (page !== pageNumber) onPage(page);
  };

  const step = (label: string, icon: 'chevronsLeft' | 'chevronLeft' | 'chevronRight' | 'chevronsRight', page: number, disabled: boolean, testId: string) => (
    <Tooltip label={label} withinPortal>
      <ActionIcon variant="default" size="md" aria-label={label} disabled={disabled} onClick={() => onPage(page)} data-testid={testId}>
        <Icon name={icon} size={16} />
      </ActionIcon>
    </Tooltip>
  );

  return (
    <Group justify="space-between" mt="md" wrap="wrap" gap="sm" data-testid="transactions-pagination">
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          Rows per page
        </Text>
        <Select
          aria-label="Rows per page"
          data={BUDGET_PAGE_SIZES.map((size) => String(size))}
          value={String(pageSize)}
          onChange={(value) => value && onPageSize(Number(value))}
          allowDeselect={false}
          w={80}
          size="xs"
          comboboxProps={{ withinPortal: true }}
          data-testid="transactions-page-size"
        />
      </Group>
      <Group gap={6}>
        {step('First page', 'chevronsLeft', 1, pageNumber <= 1, 'transactions-first')}
        {step('Previous page', 'chevronLeft', pageNumber - 1, pageNumber <= 1, 'transactions-previous')}
        <Text size="sm">Page</Text>
        <NumberInput
          aria-label="Page"
          value={typed}
          onChange={setTyped}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commit();
          }}
          hideControls
          allowDecimal={false}
          w={56}
          size="xs"
          data-testid="transactions-page-input"
        />
        <Text size="sm" data-testid="transactions-page-count">
          of {last}
        </Text>
        {step('Next page', 'chevronRight', pageNumber + 1, pageNumber >= pageCount, 'transactions-next')}
        {step('Last page', 'chevronsRight', last, pageNumber >= pageCount, 'transactions-last')}
      </Group>
    </Group>
  );
}
