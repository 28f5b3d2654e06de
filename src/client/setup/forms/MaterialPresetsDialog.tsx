// Material presets dialog: the preset library with its properties and sources; loading one keeps the
// edited material's id and name and drops the preset's Prandtl number and source.
import { Button, Modal, Table, Text } from '@mantine/core';
import { materialPresets, type MaterialPreset } from '../../../domain/material.ts';
import { formatNumber } from '../fields/numberText.ts';

interface Props {
  opened: boolean;
  onClose: () => void;
  onLoad: (preset: MaterialPreset) => void;
}

export function MaterialPresetsDialog({ opened, onClose, onLoad }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title="Material presets" size="xl" data-testid="material-presets">
      <Table striped highlightOnHover verticalSpacing="xs" fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Material</Table.Th>
            <Table.Th ta="right">Density (kg/m³)</Table.Th>
            <Table.Th ta="right">Kinematic viscosity (m²/s)</Table.Th>
            <Table.Th ta="right">Prandtl number</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {materialPresets.map((preset) => (
            <Table.Tr key={preset.key} data-testid={`preset-${preset.key}`}>
              <Table.Td>{preset.name}</Table.Td>
              <Table.Td ta="right">{formatNumber(preset.density)}</Table.Td>
              <Table.Td ta="right">{preset.kinematicViscosity.toExponential(2)}</Table.Td>
              <Table.Td ta="right">{formatNumber(preset.prandtlNumber)}</Table.Td>
              <Table.Td ta="right">
                <Button size="compact-xs" data-testid={`preset-load-${preset.key}`} onClick={() => onLoad(preset)}>
                  Load
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed" mt="sm">
        Values at 300 K and 1 atm ({materialPresets[0].source}). The speed of sound is the solver's artificial value.
      </Text>
    </Modal>
  );
}
