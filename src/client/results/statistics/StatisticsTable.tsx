// The statistics table: one row per computed output (output number and time) with a column per operation,
// then the values over all outputs in range modes; values with the spec's 6 significant digits.
import { Button, Group, ScrollArea, Table, Text } from '@mantine/core';
import { formatRangeValue } from '../../viewer/colormap.ts';
import { Icon } from '../../ui/Icon.tsx';
import { saveCsv } from './chartExport.ts';
import { operationLabels } from './statisticsConfig.ts';
import { hasOverall, overallLabel, quantityLabel, tableCsv, tableRows, type StatisticsResult } from './statisticsResult.ts';

function cell(value: number | null): string {
  return value === null || !Number.isFinite(value) ? '—' : formatRangeValue(value);
}

export function StatisticsTable({ result, outputTimeInterval }: { result: StatisticsResult; outputTimeInterval: number }) {
  const rows = tableRows(result, outputTimeInterval);
  const overall = hasOverall(result);
  const quantity = quantityLabel(result.attribute, result.subAttribute);
  const span = result.outputs.length === 1 ? `output ${result.outputs[0]}` : `outputs ${result.outputs[0]}–${result.outputs[result.outputs.length - 1]}`;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}>
      <Group justify="space-between" wrap="nowrap" mb={4}>
        <Text size="sm" fw={600} truncate data-testid="statistics-table-title">
          {quantity} · {result.selectionLabel} · {span}
        </Text>
        <Button
          size="compact-xs"
          variant="default"
          leftSection={<Icon name="download" size={13} />}
          disabled={rows.length === 0}
          onClick={() => saveCsv(tableCsv(result, outputTimeInterval), 'statistics.csv')}
          data-testid="statistics-table-csv"
        >
          CSV
        </Button>
      </Group>
      <ScrollArea style={{ flex: 1, minHeight: 0 }} type="auto">
        <Table striped highlightOnHover withTableBorder stickyHeader fz="xs" verticalSpacing={3} data-testid="statistics-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Output</Table.Th>
              <Table.Th>Time [s]</Table.Th>
              {result.operations.map((op) => (
                <Table.Th key={op} style={{ textAlign: 'right' }}>
                  {operationLabels[op]}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.outputNo} data-testid="statistics-row" data-output={row.outputNo}>
                <Table.Td>{row.outputNo}</Table.Td>
                <Table.Td>{formatRangeValue(row.time)}</Table.Td>
                {row.values.map((v, i) => (
                  <Table.Td key={result.operations[i]} style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }} data-op={result.operations[i]} data-value={v ?? ''}>
                    {cell(v)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
            {overall && (
              <Table.Tr data-testid="statistics-overall" style={{ fontWeight: 600 }}>
                <Table.Td colSpan={2}>All outputs</Table.Td>
                {result.operations.map((op) => (
                  <Table.Td key={op} style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }} title={overallLabel(op)} data-op={op} data-value={result.overall[op] ?? ''}>
                    {cell(result.overall[op] ?? null)}
                  </Table.Td>
                ))}
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </div>
  );
}
