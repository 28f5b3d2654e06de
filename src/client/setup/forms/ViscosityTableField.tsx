// The viscosity table of a material (viscosityKind shear_rate or temperature): a summary of the table, a
// button that opens the data table modal with the kind's columns and ranges, and the table's errors
// (missing, fewer than 2 rows, a cell out of range) as the setup validation reports them.
import { Button, Group, Input, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { ViscosityTableKind } from '../../../domain/dataTable.ts';
import { createEntityId } from '../../../domain/entity.ts';
import type { Material } from '../../../domain/material.ts';
import { findDataTable, type SetupDocument } from '../../../domain/setup.ts';
import { viscosityColumnRules } from '../../../domain/validation/tables.ts';
import { saveViscosityTable } from '../setupActions.ts';
import { SETUP_VALIDATION_PROFILE } from '../setupParts.ts';
import { DataTableModal } from './dataTable/DataTableModal.tsx';

const DESCRIPTION: Record<ViscosityTableKind, string> = {
  shear_rate: 'One row per shear rate (shear_rate in 1/s, √(2 D:D) of the flow) with the kinematic viscosity there (kinematic_viscosity in m²/s). Between rows the viscosity is interpolated linearly; beyond the first and last row it keeps their values.',
  temperature: 'One row per temperature (temperature in K) with the kinematic viscosity there (kinematic_viscosity in m²/s). Between rows the viscosity is interpolated linearly; beyond the first and last row it keeps their values.',
};

const TITLE: Record<ViscosityTableKind, string> = { shear_rate: 'over shear rate', temperature: 'over temperature' };

interface Props {
  document: SetupDocument;
  material: Material;
  kind: ViscosityTableKind;
  /** The form's message for the table reference, if any. */
  error?: string;
}

export function ViscosityTableField({ document, material, kind, error }: Props) {
  const [editing, setEditing] = useState(false);
  const tableId = kind === 'shear_rate' ? material.viscosityShearRateTableId : material.viscosityTemperatureTableId;
  const table = findDataTable(document, tableId) ?? null;
  return (
    <Stack gap={4} data-testid="material-viscosity-table">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" data-testid="material-viscosity-table-summary">
          {table ? `${table.resultCount} rows (${table.headers.join(', ')})` : 'No viscosity table yet'}
        </Text>
        <Button size="xs" variant="light" onClick={() => setEditing(true)} data-testid="material-viscosity-table-edit">
          {table ? 'Edit table' : 'Create table'}
        </Button>
      </Group>
      {error && <Input.Error data-testid="material-viscosity-table-error">{error}</Input.Error>}
      {editing && (
        <DataTableModal
          title={`${material.name}: viscosity ${TITLE[kind]}`}
          table={table}
          rules={viscosityColumnRules(kind, SETUP_VALIDATION_PROFILE)}
          description={DESCRIPTION[kind]}
          newId={createEntityId}
          onClose={() => setEditing(false)}
          onSave={(saved) => {
            saveViscosityTable(material.id, kind, { ...saved, name: saved.name ?? `${material.name} viscosity ${TITLE[kind]}` });
            setEditing(false);
          }}
        />
      )}
    </Stack>
  );
}
