// A column header of the transactions table that sorts by its column: click once for the column, again
// to flip the direction. The arrow shows the current direction of the sorted column.
import type { ReactNode } from 'react';
import { Group, Table, Text, UnstyledButton } from '@mantine/core';
import type { CreditSequenceOrder } from '../../../domain/creditQueries.ts';
import { Icon } from '../../ui/Icon.tsx';
import type { Sort } from './budgetModel.ts';

interface SortableHeaderProps {
  column: CreditSequenceOrder;
  sort: Sort;
  onSort: (column: CreditSequenceOrder) => void;
  children: ReactNode;
  align?: 'left' | 'right';
}

export function SortableHeader({ column, sort, onSort, children, align = 'left' }: SortableHeaderProps) {
  const active = sort.orderBy === column;
  return (
    <Table.Th aria-sort={active ? (sort.asc ? 'ascending' : 'descending') : 'none'} style={{ textAlign: align }}>
      <UnstyledButton onClick={() => onSort(column)} data-testid={`transactions-sort-${column}`} data-sorted={active ? (sort.asc ? 'asc' : 'desc') : undefined}>
        <Group gap={4} wrap="nowrap" justify={align === 'right' ? 'flex-end' : 'flex-start'}>
          <Text size="sm" fw={700}>
            {children}
          </Text>
          <Icon name={active && sort.asc ? 'chevronUp' : 'chevronDown'} size={14} style={{ opacity: active ? 1 : 0.3 }} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
