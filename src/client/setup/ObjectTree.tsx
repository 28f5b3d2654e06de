// The Setup screen's object tree: parts grouped into Solids and Fluids, materials, the domain boundary,
// Physics and Settings. Click selects (and opens the form), double click fits the camera to a part, the
// eye toggles a part's visibility; entities with validation errors or warnings carry a marker.
import { ActionIcon, Box, Group, NavLink, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Part } from '../../domain/part.ts';
import { movementsOfPart, type SetupDocument } from '../../domain/setup.ts';
import type { SetupValidation } from '../../domain/validation/validateSetup.ts';
import { SetupIcon, type SetupIconName } from './SetupIcon.tsx';
import { partCategory } from './setupParts.ts';
import type { SetupSelection } from './setupSelection.ts';

interface Props {
  document: SetupDocument;
  selection: SetupSelection | null;
  validation: SetupValidation;
  locked: boolean;
  header: ReactNode;
  onSelect: (selection: SetupSelection) => void;
  onFit: (partId: string) => void;
  onToggleVisibility: (partId: string) => void;
}

type Severity = 'error' | 'warning' | null;

function severityOf(validation: SetupValidation, group: string, entityId?: string): Severity {
  const issues = validation.issues.filter((i) => i.group === group && (entityId === undefined || i.entityId === entityId));
  if (issues.some((i) => i.severity === 'error')) return 'error';
  if (issues.some((i) => i.severity === 'warning')) return 'warning';
  return null;
}

/** A part's marker also shows what is wrong with its movements (they have no tree items of their own). */
function partSeverity(validation: SetupValidation, document: SetupDocument, partId: string): Severity {
  const all = [severityOf(validation, 'parts', partId), ...movementsOfPart(document, partId).map((m) => severityOf(validation, 'movements', m.id))];
  return all.includes('error') ? 'error' : all.includes('warning') ? 'warning' : null;
}

function Marker({ severity }: { severity: Severity }) {
  if (!severity) return null;
  return (
    <Tooltip label={severity === 'error' ? 'Has errors: see Input Validation' : 'Has warnings: see Input Validation'} withArrow>
      <Box
        component="span"
        data-testid={`tree-marker-${severity}`}
        style={{ width: 8, height: 8, borderRadius: 4, flex: '0 0 8px', background: `var(--mantine-color-${severity === 'error' ? 'red' : 'yellow'}-6)` }}
      />
    </Tooltip>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt="sm" pb={4}>
        {title}
      </Text>
      {children}
    </Stack>
  );
}

export function ObjectTree({ document, selection, validation, locked, header, onSelect, onFit, onToggleVisibility }: Props) {
  const solids = document.parts.filter((p) => partCategory(p) === 'solid');
  const fluids = document.parts.filter((p) => partCategory(p) === 'fluid');
  // A movement form belongs to its part: the part stays marked in the tree.
  const selectedPart =
    selection?.form === 'part' ? selection.partId : selection?.form === 'motion' || selection?.form === 'movingBoundaryCondition' ? (selection.partId ?? null) : null;

  const item = (options: {
    key: string;
    label: string;
    icon: SetupIconName;
    active: boolean;
    testId: string;
    severity?: Severity;
    onClick: () => void;
    onDoubleClick?: () => void;
    right?: ReactNode;
    color?: string;
  }) => (
    <NavLink
      key={options.key}
      label={
        <Text size="sm" truncate="end">
          {options.label}
        </Text>
      }
      leftSection={<SetupIcon name={options.icon} style={options.color ? { color: options.color } : undefined} />}
      rightSection={
        <Group gap={6} wrap="nowrap">
          <Marker severity={options.severity ?? null} />
          {options.right}
        </Group>
      }
      active={options.active}
      onClick={options.onClick}
      onDoubleClick={options.onDoubleClick}
      data-testid={options.testId}
      py={6}
    />
  );

  const partItem = (part: Part) =>
    item({
      key: part.id,
      label: part.name || 'Unnamed part',
      icon: partCategory(part) === 'fluid' ? (part.component.type === 'filling' ? 'waves' : 'drop') : 'cube',
      color: part.appearance.color,
      active: selectedPart === part.id,
      testId: `tree-part-${part.id}`,
      severity: partSeverity(validation, document, part.id),
      onClick: () => onSelect({ form: 'part', partId: part.id }),
      onDoubleClick: () => onFit(part.id),
      right: (
        <Tooltip label={part.appearance.visibility ? 'Hide' : 'Show'} withArrow>
          <ActionIcon
            size="sm"
            variant="subtle"
            color="gray"
            disabled={locked}
            aria-label={`${part.appearance.visibility ? 'Hide' : 'Show'} ${part.name}`}
            data-testid={`tree-visibility-${part.id}`}
            onClick={(event) => {
              event.stopPropagation();
              onToggleVisibility(part.id);
            }}
            onDoubleClick={(event) => event.stopPropagation()}
          >
            <SetupIcon name={part.appearance.visibility ? 'eye' : 'eyeOff'} size={14} />
          </ActionIcon>
        </Tooltip>
      ),
    });

  return (
    <Stack gap={0} h="100%" data-testid="setup-tree">
      <Box p="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
        {header}
      </Box>
      <ScrollArea style={{ flex: 1 }} type="auto">
        <Section title="Parts">
          <Text size="xs" fw={600} px="sm" pt={4} c="dimmed">
            Solids ({solids.length})
          </Text>
          {solids.length === 0 ? (
            <Text size="xs" c="dimmed" px="md" py={4} data-testid="tree-solids-empty">
              No solids yet
            </Text>
          ) : (
            solids.map(partItem)
          )}
          <Text size="xs" fw={600} px="sm" pt={6} c="dimmed">
            Fluids ({fluids.length})
          </Text>
          {fluids.length === 0 ? (
            <Text size="xs" c="dimmed" px="md" py={4} data-testid="tree-fluids-empty">
              No fluids yet
            </Text>
          ) : (
            fluids.map(partItem)
          )}
        </Section>
        <Section title="Materials">
          {document.materials.map((m) =>
            item({
              key: `material-${m.id}`,
              label: m.name,
              icon: 'flask',
              active: selection?.form === 'material' && selection.materialId === m.id,
              testId: `tree-material-${m.id}`,
              severity: severityOf(validation, 'materials', String(m.id)),
              onClick: () => onSelect({ form: 'material', materialId: m.id }),
            }),
          )}
        </Section>
        <Section title="Domain Boundary">
          {document.settings.calcDomainActive ? (
            item({
              key: 'deletion-boundary',
              label: 'Deletion Boundary',
              icon: 'frame',
              color: '#F26B38',
              active: selection?.form === 'calcDomain',
              testId: 'tree-deletion-boundary',
              onClick: () => onSelect({ form: 'calcDomain' }),
            })
          ) : (
            <Text size="xs" c="dimmed" px="md" py={4}>
              None: particles may travel anywhere
            </Text>
          )}
        </Section>
        <Section title="Simulation">
          {item({
            key: 'physics',
            label: 'Physics',
            icon: 'atom',
            active: selection?.form === 'physics' || selection?.form === 'coordinateSystem',
            testId: 'tree-physics',
            onClick: () => onSelect({ form: 'physics' }),
          })}
          {item({
            key: 'settings',
            label: 'Settings',
            icon: 'sliders',
            active: selection?.form === 'settings',
            testId: 'tree-settings',
            severity: severityOf(validation, 'simulationSettings'),
            onClick: () => onSelect({ form: 'settings' }),
          })}
        </Section>
      </ScrollArea>
    </Stack>
  );
}
