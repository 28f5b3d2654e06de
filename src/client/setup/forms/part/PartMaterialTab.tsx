// Material tab of fluid parts: which material the fluid is, a summary of it, and the way to edit it.
import { Button, Stack, Table } from '@mantine/core';
import { formatNumber } from '../../fields/numberText.ts';
import { SelectField } from '../../fields/SelectField.tsx';
import { useSetupStore } from '../../setupStore.ts';
import type { PartTabProps } from './partFormTypes.ts';

export function PartMaterialTab({ form, document }: PartTabProps) {
  const select = useSetupStore((s) => s.select);
  const materialId = form.watch('materialId');
  const material = document.materials.find((m) => m.id === materialId);
  return (
    <Stack gap="sm">
      <SelectField
        control={form.control}
        name="materialId"
        label="Material"
        numeric
        placeholder="Choose a material"
        testId="part-material"
        options={document.materials.map((m) => ({ value: String(m.id), label: m.name }))}
      />
      {material && (
        <>
          <Table fz="xs" verticalSpacing={4}>
            <Table.Tbody>
              <Table.Tr>
                <Table.Td c="dimmed">Density</Table.Td>
                <Table.Td>{formatNumber(material.density)} kg/m³</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td c="dimmed">Kinematic viscosity</Table.Td>
                <Table.Td>{material.viscosityKind === 'constant' ? `${formatNumber(material.kinematicViscosity)} m²/s` : 'from a table'}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td c="dimmed">Speed of sound</Table.Td>
                <Table.Td>{formatNumber(material.speedOfSound)} m/s</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Button size="xs" variant="light" data-testid="part-material-edit" onClick={() => select({ form: 'material', materialId: material.id })}>
            Edit {material.name}
          </Button>
        </>
      )}
    </Stack>
  );
}
