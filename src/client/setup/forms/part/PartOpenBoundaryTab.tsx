// Boundary conditions tab of inlets and outlets (spec 1 §3 'Open boundary'): direction, the Riemann
// condition (prescribed velocity or pressure), a constant value or a field profile from a data table,
// and with heat transfer on the temperature of the fluid that comes in. Values out of their limits show
// their message next to the field and are not saved; the server refuses them too.
import { Button, Group, Input, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Controller, get, useFormState, type FieldPath } from 'react-hook-form';
import { createEntityId } from '../../../../domain/entity.ts';
import type { IoType } from '../../../../domain/component.ts';
import { ioProfileValueColumn } from '../../../../domain/dataTable.ts';
import type { Part } from '../../../../domain/part.ts';
import { findDataTable } from '../../../../domain/setup.ts';
import { ioProfileColumnRules } from '../../../../domain/validation/tables.ts';
import { NumberField } from '../../fields/NumberField.tsx';
import { SelectField } from '../../fields/SelectField.tsx';
import { saveProfileTable } from '../../setupActions.ts';
import { SETUP_VALIDATION_PROFILE } from '../../setupParts.ts';
import { DataTableModal } from '../dataTable/DataTableModal.tsx';
import type { PartTabProps } from './partFormTypes.ts';

const path = (p: string) => p as FieldPath<Part>;

const PROFILE_DESCRIPTION: Record<IoType, string> = {
  riemann_velocity: 'One row per point of the boundary: its position (pos_x, pos_y, pos_z in m) and the velocity normal to the boundary there (vel_n in m/s, positive into the domain).',
  riemann_pressure: 'One row per point of the boundary: its position (pos_x, pos_y, pos_z in m) and the pressure there (prs in Pa).',
};

export function PartOpenBoundaryTab({ form, part, document }: PartTabProps) {
  const { control } = form;
  const ioType = (form.watch(path('component.ioType')) as IoType | undefined) ?? 'riemann_velocity';
  const profileKind = form.watch(path('component.ioProfileKind')) as 'constant' | 'field' | undefined;
  const tableId = form.watch(path('component.ioTableId')) as string | null | undefined;
  const table = findDataTable(document, tableId ?? null) ?? null;
  const { errors } = useFormState({ control, name: path('component.ioTableId') });
  const tableError = (get(errors, 'component.ioTableId') as { message?: string } | undefined)?.message;
  const [editing, setEditing] = useState(false);
  const valueColumn = ioProfileValueColumn(ioType);

  return (
    <Stack gap="sm" data-testid="part-open-boundary">
      <SelectField
        control={control}
        name={path('component.ioDirection')}
        label="Direction"
        testId="part-ioDirection"
        options={[
          { value: 'inflow', label: 'Inflow (inlet)' },
          { value: 'outflow', label: 'Outflow (outlet)' },
        ]}
      />
      <SelectField
        control={control}
        name={path('component.ioType')}
        label="Condition"
        testId="part-ioType"
        description="The value the boundary prescribes; the other follows from the flow (Riemann invariant)."
        options={[
          { value: 'riemann_velocity', label: 'Velocity' },
          { value: 'riemann_pressure', label: 'Pressure' },
        ]}
      />
      <Controller
        control={control}
        name={path('component.ioProfileKind')}
        render={({ field }) => (
          <Input.Wrapper label="Profile" description="One value over the whole boundary, or a field of values from a table.">
            <SegmentedControl
              mt={4}
              size="xs"
              value={String(field.value)}
              onChange={field.onChange}
              data={[
                { value: 'constant', label: 'Constant' },
                { value: 'field', label: 'Field' },
              ]}
              data-testid="part-ioProfileKind"
            />
          </Input.Wrapper>
        )}
      />
      {profileKind === 'field' ? (
        <Stack gap={4} data-testid="part-ioTable">
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" data-testid="part-ioTable-summary">
              {table ? `${table.name ?? 'Profile'}: ${table.resultCount} rows (${table.headers.join(', ')})` : 'No profile table yet'}
            </Text>
            <Button size="xs" variant="light" onClick={() => setEditing(true)} data-testid="part-ioTable-edit">
              {table ? 'Edit table' : 'Create table'}
            </Button>
          </Group>
          {tableError && (
            <Input.Error data-testid="part-ioTable-error">{tableError}</Input.Error>
          )}
          <Text size="xs" c="dimmed">
            The SPH engine runs constant profiles only: a run with a field profile is refused until the profile is constant.
          </Text>
        </Stack>
      ) : ioType === 'riemann_velocity' ? (
        <NumberField control={control} name={path('component.ioVelocity')} label="Velocity normal to the boundary" unit="m/s" description="Positive into the domain." testId="part-ioVelocity" />
      ) : null}
      {ioType === 'riemann_pressure' && profileKind !== 'field' && (
        <NumberField control={control} name={path('component.ioPressure')} label="Pressure" unit="Pa" testId="part-ioPressure" />
      )}
      {document.settings.thermodynamics && (
        <NumberField control={control} name={path('component.ioTemperature')} label="Temperature of the incoming fluid" unit="K" testId="part-ioTemperature" />
      )}
      {editing && (
        <DataTableModal
          title={`Profile of ${part.name}: ${valueColumn === 'vel_n' ? 'velocity' : 'pressure'}`}
          table={table}
          rules={ioProfileColumnRules(ioType, SETUP_VALIDATION_PROFILE)}
          description={PROFILE_DESCRIPTION[ioType]}
          newId={createEntityId}
          onClose={() => setEditing(false)}
          onSave={(saved) => {
            saveProfileTable(part.id, { ...saved, name: saved.name ?? `${part.name} profile` });
            setEditing(false);
          }}
        />
      )}
    </Stack>
  );
}
