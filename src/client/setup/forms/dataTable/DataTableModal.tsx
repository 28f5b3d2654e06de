// The data table modal (spec 2 §2 'Data table modal'): tabs Table and Plot, CSV upload and Close. Cells
// are edited as text and checked with the table's column rules (the domain's, the same the server applies):
// a cell that is no number or out of its column's range is marked, and saving or uploading a table with
// errors says 'Validation failed' with the first global error or 'Column {c}, Row: {r}: {message}'.
import { ActionIcon, Alert, Button, FileButton, Group, Modal, ScrollArea, Stack, Table, Tabs, Text, TextInput, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { DATA_TABLE_EDITOR_MAX_ROWS } from '../../../../domain/constants.ts';
import { parseTableCsv, type DataTable } from '../../../../domain/dataTable.ts';
import { MESSAGES } from '../../../../domain/messages.ts';
import { firstTableError, type TableColumnRule } from '../../../../domain/validation/tables.ts';
import { Icon } from '../../../ui/Icon.tsx';
import { showError, showSuccess } from '../../../ui/toast.ts';
import { DataTablePlot } from './DataTablePlot.tsx';
import { addRow, draftErrors, draftFromCsv, draftOf, removeRow, setCell, tableOfDraft, type TableDraft } from './tableDraft.ts';

interface Props {
  title: string;
  /** The stored table, or null for a new one. */
  table: DataTable | null;
  /** The columns the table must have and the range of each. */
  rules: readonly TableColumnRule[];
  /** What each column means, shown above the table. */
  description: string;
  onSave: (table: DataTable) => void;
  onClose: () => void;
  /** Id of a new table. */
  newId: () => string;
}

export function DataTableModal({ title, table, rules, description, onSave, onClose, newId }: Props) {
  const [draft, setDraft] = useState<TableDraft>(() => draftOf(table, rules.map((r) => r.header)));
  const [tab, setTab] = useState<string | null>('table');
  const [checked, setChecked] = useState(false);
  const errors = draftErrors(draft, rules);
  const cellError = (row: number, column: number) => errors.cellErrors.find((e) => e.row === row && e.column === column)?.message;

  const save = () => {
    setChecked(true);
    const first = firstTableError(errors, draft.headers);
    if (first) {
      showError(MESSAGES.validationFailed, first);
      return;
    }
    onSave(tableOfDraft(table?.id ?? newId(), draft, table?.name));
  };

  const upload = async (file: File | null) => {
    if (!file) return;
    const parsed = parseTableCsv(await file.text());
    const next = draftFromCsv(parsed);
    setDraft(next);
    setChecked(true);
    const first = firstTableError(draftErrors(next, rules), next.headers);
    if (first) showError(MESSAGES.validationFailed, first);
    else showSuccess(MESSAGES.csvUploaded, `${next.rows.length} rows from ${file.name}`);
  };

  return (
    <Modal opened onClose={onClose} title={title} size="lg" centered data-testid="data-table-modal">
      <Stack gap="sm">
        <Text size="xs" c="dimmed">
          {description}
        </Text>
        <Tabs value={tab} onChange={setTab}>
          <Tabs.List>
            <Tabs.Tab value="table" data-testid="data-table-tab-table">
              Table
            </Tabs.Tab>
            <Tabs.Tab value="plot" data-testid="data-table-tab-plot">
              Plot
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="table" pt="sm">
            <ScrollArea.Autosize mah={360} type="auto" offsetScrollbars>
              <Table withTableBorder withColumnBorders verticalSpacing={2} horizontalSpacing={4} data-testid="data-table-grid" data-rows={draft.rows.length}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={40}>Row</Table.Th>
                    {draft.headers.map((h) => (
                      <Table.Th key={h}>
                        <Text size="xs" fw={600}>
                          {h}
                        </Text>
                      </Table.Th>
                    ))}
                    <Table.Th w={36} />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {draft.rows.map((row, r) => (
                    <Table.Tr key={r}>
                      <Table.Td>
                        <Text size="xs" c="dimmed">
                          {r + 1}
                        </Text>
                      </Table.Td>
                      {row.map((text, c) => {
                        const message = checked ? cellError(r, c) : undefined;
                        return (
                          <Table.Td key={c}>
                            <Tooltip label={message} disabled={!message} withArrow>
                              <TextInput
                                size="xs"
                                value={text}
                                inputMode="decimal"
                                error={Boolean(message)}
                                aria-label={`${draft.headers[c]}, row ${r + 1}`}
                                data-testid={`data-table-cell-${r}-${c}`}
                                onChange={(event) => setDraft(setCell(draft, r, c, event.currentTarget.value))}
                              />
                            </Tooltip>
                          </Table.Td>
                        );
                      })}
                      <Table.Td>
                        <ActionIcon size="sm" variant="subtle" color="gray" aria-label={`Delete row ${r + 1}`} data-testid={`data-table-delete-row-${r}`} onClick={() => setDraft(removeRow(draft, r))}>
                          <Icon name="x" size={14} />
                        </ActionIcon>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
            <Group justify="space-between" mt="xs">
              <Button size="xs" variant="subtle" disabled={draft.rows.length >= DATA_TABLE_EDITOR_MAX_ROWS} onClick={() => setDraft(addRow(draft))} data-testid="data-table-add-row">
                Add row
              </Button>
              <Text size="xs" c="dimmed">
                {draft.rows.length} of at most {DATA_TABLE_EDITOR_MAX_ROWS} rows
              </Text>
            </Group>
            {checked && errors.globalErrors.length > 0 && (
              <Alert color="red" variant="light" mt="xs" data-testid="data-table-global-errors">
                {errors.globalErrors.map((e) => (
                  <Text key={e} size="xs">
                    {e}
                  </Text>
                ))}
              </Alert>
            )}
          </Tabs.Panel>
          <Tabs.Panel value="plot" pt="sm">
            <DataTablePlot draft={draft} />
          </Tabs.Panel>
        </Tabs>
        <Group justify="space-between">
          <FileButton onChange={(file) => void upload(file)} accept=".csv,text/csv">
            {(props) => (
              <Button {...props} size="xs" variant="light" leftSection={<Icon name="upload" size={14} />} data-testid="data-table-csv">
                Upload CSV
              </Button>
            )}
          </FileButton>
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={onClose} data-testid="data-table-close">
              Close
            </Button>
            <Button size="xs" onClick={save} data-testid="data-table-save">
              Save
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
