// Attributes of the Select Data tab: all of them, or those ticked (with their units).
import { Checkbox, SimpleGrid, Stack, Text } from '@mantine/core';
import type { UserExportState } from '../../domain/userExport.ts';
import type { ExportChoices } from './exportModel.ts';
import { toggled } from './exportModel.ts';

interface Props {
  state: UserExportState;
  choices: ExportChoices;
  onChange: (change: Partial<UserExportState>) => void;
}

export function AttributeSelection({ state, choices, onChange }: Props) {
  return (
    <Stack gap={6} data-testid="export-attributes">
      <Text size="sm" fw={600}>
        Attributes
      </Text>
      <Checkbox label="All attributes" checked={state.allAttributes} onChange={(e) => onChange({ allAttributes: e.currentTarget.checked })} data-testid="export-all-attributes" />
      {!state.allAttributes && (
        <SimpleGrid cols={2} spacing={4} verticalSpacing={4} pl="md">
          {choices.attributes.map((a) => (
            <Checkbox
              key={a.key}
              size="xs"
              label={a.label}
              checked={state.attributes.includes(a.key)}
              onChange={(e) => onChange({ attributes: toggled(state.attributes, a.key, e.currentTarget.checked) })}
              data-testid={`export-attribute-${a.key}`}
            />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
