// The statistics panel's form (spec 2 §3 'Statistics config'): objects, attribute and sub-attribute as
// stats.info offers them, outputs and operations.
import { Checkbox, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { resultAttributeKeySchema, vectorSubOptionSchema } from '../../../domain/attributes.ts';
import { OutputRangeFields } from './OutputRangeFields.tsx';
import { attributeChoices, offeredOperationsFor, operationLabels, subAttributeChoices } from './statisticsConfig.ts';
import { StatisticsObjectList } from './StatisticsObjectList.tsx';
import { useStatisticsStore } from './store.ts';
import type { StatisticsPanelModel } from './useStatisticsPanel.ts';

const SUB_LABELS: Record<string, string> = { magnitude: 'Magnitude', x: 'x', y: 'y', z: 'z' };

export function StatisticsForm({ model }: { model: StatisticsPanelModel }) {
  const draft = useStatisticsStore((s) => s.draft);
  const updateDraft = useStatisticsStore((s) => s.updateDraft);
  const attributes = attributeChoices(model.info);
  const subs = subAttributeChoices(model.info, draft.attribute);
  const operations = offeredOperationsFor(model.info, draft.attribute);

  return (
    <Stack gap={10} data-testid="statistics-form">
      <StatisticsObjectList objects={model.objects} selection={model.selection} fromViewer={model.selectionFromViewer} onChange={(selection) => updateDraft({ selection })} />
      <Group gap={6} grow wrap="nowrap" align="flex-end">
        <NativeSelect
          size="xs"
          label="Attribute"
          disabled={attributes.length === 0}
          value={draft.attribute ?? ''}
          onChange={(e) => {
            const parsed = resultAttributeKeySchema.safeParse(e.currentTarget.value);
            if (parsed.success) updateDraft({ attribute: parsed.data, subAttribute: null });
          }}
          data={attributes.length === 0 ? [{ value: '', label: '—' }] : attributes}
          data-testid="statistics-attribute"
        />
        {subs.length > 0 && (
          <NativeSelect
            size="xs"
            label="Component"
            value={draft.subAttribute ?? subs[0]}
            onChange={(e) => {
              const parsed = vectorSubOptionSchema.safeParse(e.currentTarget.value);
              if (parsed.success) updateDraft({ subAttribute: parsed.data });
            }}
            data={subs.map((s) => ({ value: s, label: SUB_LABELS[s] ?? s }))}
            style={{ maxWidth: 110 }}
            data-testid="statistics-subattribute"
          />
        )}
      </Group>
      <OutputRangeFields draft={draft} ctx={model.ctx} errors={model.rangeErrors} onChange={updateDraft} />
      <Stack gap={4}>
        <Text size="xs" fw={500}>
          Operations
        </Text>
        {operations.length === 0 ? (
          <Text size="xs" c="dimmed">
            Offered once the objects and an attribute are known.
          </Text>
        ) : (
          <Group gap={8} data-testid="statistics-operations">
            {operations.map((op) => (
              <Checkbox
                key={op}
                size="xs"
                label={operationLabels[op]}
                checked={draft.operations.includes(op)}
                onChange={(e) => updateDraft({ operations: e.currentTarget.checked ? operations.filter((o) => o === op || draft.operations.includes(o)) : draft.operations.filter((o) => o !== op) })}
                data-testid={`statistics-operation-${op}`}
              />
            ))}
          </Group>
        )}
      </Stack>
    </Stack>
  );
}
