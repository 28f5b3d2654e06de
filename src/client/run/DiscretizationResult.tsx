// What a finished discretization found: particles per kind and per part, and the discretizer's warnings.
import { Stack, Table, Text } from '@mantine/core';
import type { DiscretizationResult as Result } from '../../domain/jobRecords.ts';

const KIND_LABEL = { fluid: 'Fluid', wall: 'Wall', buffer: 'Inlet / outlet buffer', total: 'Total' } as const;

interface Props {
  result: Result;
  /** Part names by id, when the setup is at hand. */
  partNames: ReadonlyMap<string, string>;
}

export function DiscretizationResult({ result, partNames }: Props) {
  const kinds = (Object.keys(KIND_LABEL) as (keyof typeof KIND_LABEL)[]).filter((k) => k === 'total' || result.particleCounts[k] > 0);
  const perPart = Object.entries(result.particlesPerPart);
  return (
    <Stack gap={4} data-testid="discretization-result">
      <Table fz="xs" verticalSpacing={2}>
        <Table.Tbody>
          {kinds.map((kind) => (
            <Table.Tr key={kind}>
              <Table.Td c="dimmed" fw={kind === 'total' ? 600 : undefined}>
                {KIND_LABEL[kind]} particles
              </Table.Td>
              <Table.Td ta="right" fw={kind === 'total' ? 600 : undefined} data-testid={`particles-${kind}`}>
                {result.particleCounts[kind].toLocaleString('en-US')}
              </Table.Td>
            </Table.Tr>
          ))}
          {perPart.map(([partId, count]) => (
            <Table.Tr key={partId}>
              <Table.Td c="dimmed" pl="md">
                {partNames.get(partId) ?? 'Removed part'}
              </Table.Td>
              <Table.Td ta="right">{count.toLocaleString('en-US')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {result.warnings.map((w, i) => (
        <Text key={i} size="xs" c="yellow.8" data-testid="discretization-warning">
          {w.message}
        </Text>
      ))}
    </Stack>
  );
}
