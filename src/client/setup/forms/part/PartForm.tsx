// Part form (large): the part's name and its tabs (spec 1 §2 'Part edit tabs') as this build offers them
// for the part's kind: solids get Motion and Boundary conditions, fluids Initial conditions and Material.
// The whole part is one form validated with the domain's part schema; its movements are edited in the
// movement form, which the Motion tab opens.
import { Button, Stack, Tabs, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import type { Part } from '../../../../domain/part.ts';
import type { SetupDocument } from '../../../../domain/setup.ts';
import { partFormSchema } from '../../../../domain/validation/forms.ts';
import { tableLookupOf } from '../../../../domain/validation/tables.ts';
import { deletePart, replacePart } from '../../setupActions.ts';
import { PART_KIND_LABEL, SETUP_VALIDATION_PROFILE } from '../../setupParts.ts';
import { PART_TAB_LABEL, PART_TAB_SHORT, partTabs, type PartTab } from '../../setupSelection.ts';
import { useSetupStore } from '../../setupStore.ts';
import { FormFrame } from '../FormFrame.tsx';
import { useAutoApplyForm } from '../useAutoApplyForm.ts';
import { PartAppearanceTab } from './PartAppearanceTab.tsx';
import { PartBoundaryConditionsTab } from './PartBoundaryConditionsTab.tsx';
import { PartGeometryTab } from './PartGeometryTab.tsx';
import { PartInformationTab } from './PartInformationTab.tsx';
import { PartInitialConditionsTab } from './PartInitialConditionsTab.tsx';
import { PartMaterialTab } from './PartMaterialTab.tsx';
import { PartMotionTab } from './PartMotionTab.tsx';
import type { PartTabProps } from './partFormTypes.ts';

const TAB_CONTENT: Record<PartTab, (props: PartTabProps) => React.ReactNode> = {
  geometry: PartGeometryTab,
  information: PartInformationTab,
  initialConditions: PartInitialConditionsTab,
  material: PartMaterialTab,
  motion: PartMotionTab,
  boundaryConditions: PartBoundaryConditionsTab,
  appearance: PartAppearanceTab,
};

interface Props {
  document: SetupDocument;
  part: Part;
  tab: PartTab | undefined;
  onClose: () => void;
}

export function PartForm({ document, part, tab, onClose }: Props) {
  const select = useSetupStore((s) => s.select);
  const locked = useSetupStore((s) => s.locked);
  const { settings, materials, movements, dataTables } = document;
  const schema = useMemo(
    () =>
      partFormSchema(SETUP_VALIDATION_PROFILE, {
        settings,
        materialIds: new Set(materials.map((m) => m.id)),
        movementIds: new Set(movements.map((m) => m.id)),
        tables: tableLookupOf(dataTables),
      }),
    [settings, materials, movements, dataTables],
  );
  const form = useAutoApplyForm<Part>({
    schema,
    value: part,
    apply: replacePart,
    documentPath: `parts.${document.parts.findIndex((p) => p.id === part.id)}`,
  });
  const tabs = partTabs(part);
  const active = tab && tabs.includes(tab) ? tab : 'geometry';

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: `Delete ${part.name}?`,
      children: 'The part, its settings and its movements are removed from the setup.',
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red', 'data-testid': 'part-delete-confirm' },
      onConfirm: () => deletePart(part.id),
    });

  return (
    <Tabs value={active} onChange={(value) => value && select({ form: 'part', partId: part.id, tab: value as PartTab })} keepMounted={false}>
      <FormFrame
        title={part.name || 'Unnamed part'}
        subtitle={PART_KIND_LABEL[part.component.type]}
        testId="part-form"
        onClose={onClose}
        header={
          <Stack gap="sm">
            <Controller
              control={form.control}
              name="name"
              render={({ field, fieldState }) => (
                <TextInput label="Name" value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message}
                  disabled={locked} data-testid="part-name" />
              )}
            />
            <Tabs.List>
              {tabs.map((t) => (
                <Tabs.Tab key={t} value={t} data-testid={`part-tab-${t}`} fz="xs" px={8} title={PART_TAB_LABEL[t]}>
                  {PART_TAB_SHORT[t]}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Stack>
        }
        footer={
          <Button size="xs" color="red" variant="light" data-testid="part-delete" onClick={confirmDelete}>
            Delete part
          </Button>
        }
      >
        {tabs.map((t) => {
          const Content = TAB_CONTENT[t];
          return (
            <Tabs.Panel key={t} value={t}>
              <Content form={form} part={part} document={document} />
            </Tabs.Panel>
          );
        })}
      </FormFrame>
    </Tabs>
  );
}
