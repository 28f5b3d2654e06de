// The right side of step 1: the parts organised so far, in the tabs Solids and Inlets/Outlets. Both tabs and
// the list are drop targets (tree nodes dropped there are imported into that tab; parts dropped on the other
// tab move there). Select all and Delete, Upload Configuration, Show/Hide Hints, and the warning for bodies
// used by more than one part.
import { Alert, Badge, Box, Button, Checkbox, FileButton, Group, ScrollArea, Stack, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import { repeatedComponentWarnings, type AssemblyComponentType, type AssemblyNode, type AssemblyPart } from '../../domain/assembly.ts';
import { Icon } from '../ui/Icon.tsx';
import { useDragState, type DragPayload, type DropTarget } from './dragParts.ts';

export const TAB_OF: Record<AssemblyComponentType, DropTarget> = { rigid: 'solids', openboundary: 'inletsOutlets' };
export const TYPE_OF: Record<DropTarget, AssemblyComponentType> = { solids: 'rigid', inletsOutlets: 'openboundary' };

const CONFIG_INPUT_PROPS: Record<string, string> = { 'data-testid': 'assembly-config-input' };

interface Props {
  tree: AssemblyNode[];
  parts: AssemblyPart[];
  busy: boolean;
  tab: DropTarget;
  onTab: (tab: DropTarget) => void;
  onDelete: (partIds: string[]) => void;
  onUploadConfiguration: (file: File) => void;
  onDragStart: (event: React.PointerEvent, payloadFor: () => DragPayload | null) => void;
  consumeDragClick: () => boolean;
}

export function PartList({ tree, parts, busy, tab, onTab, onDelete, onUploadConfiguration, onDragStart, consumeDragClick }: Props) {
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const [hints, setHints] = useState(true);
  const over = useDragState((s) => s.over);
  const dragging = useDragState((s) => s.payload);
  const inTab = parts.filter((p) => TAB_OF[p.componentType] === tab);
  const chosen = inTab.filter((p) => checked.has(p.id));
  const allChosen = inTab.length > 0 && chosen.length === inTab.length;
  const warnings = repeatedComponentWarnings(tree, parts);
  const count = (target: DropTarget) => parts.filter((p) => TAB_OF[p.componentType] === target).length;
  const highlight = (target: DropTarget) => (dragging && over === target ? { outline: '2px dashed var(--mantine-color-blue-5)', outlineOffset: -2 } : {});

  const toggle = (id: string, on: boolean) =>
    setChecked((before) => {
      const next = new Set(before);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <Stack gap="xs" style={{ height: '100%', minHeight: 0 }} data-testid="assembly-part-list">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          Parts
        </Text>
        <Group gap={6}>
          <FileButton onChange={(file) => file && onUploadConfiguration(file)} accept=".json,application/json" inputProps={CONFIG_INPUT_PROPS}>
            {(props) => (
              <Button {...props} size="compact-xs" variant="light" leftSection={<Icon name="upload" size={12} />} disabled={busy} data-testid="assembly-upload-config">
                Upload Configuration
              </Button>
            )}
          </FileButton>
          <Button size="compact-xs" variant="subtle" color="gray" onClick={() => setHints((on) => !on)} data-testid="assembly-hints-toggle">
            {hints ? 'Hide Hints' : 'Show Hints'}
          </Button>
        </Group>
      </Group>
      {hints && (
        <Alert color="blue" variant="light" p="xs" data-testid="assembly-hints">
          <Text size="xs">
            Select nodes in the tree (ctrl or ⌘ adds one, shift a range) and press Import for a part per node, or Merge & Import for one
            watertight part of them all. Double-click a node to import it alone. Drag nodes onto a tab to import them there, and parts onto the
            other tab to move them between Solids and Inlets/Outlets.
          </Text>
        </Alert>
      )}
      <Tabs value={tab} onChange={(value) => value && onTab(value as DropTarget)} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="solids" data-drop-target="solids" style={highlight('solids')} data-testid="assembly-tab-solids">
            Solids ({count('solids')})
          </Tabs.Tab>
          <Tabs.Tab value="inletsOutlets" data-drop-target="inletsOutlets" style={highlight('inletsOutlets')} data-testid="assembly-tab-inletsOutlets">
            Inlets/Outlets ({count('inletsOutlets')})
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Group justify="space-between" gap="xs">
        <Checkbox
          size="xs"
          label="Select all"
          checked={allChosen}
          indeterminate={chosen.length > 0 && !allChosen}
          disabled={inTab.length === 0}
          onChange={(event) => setChecked(new Set(event.currentTarget.checked ? inTab.map((p) => p.id) : []))}
          data-testid="assembly-select-all"
        />
        <Button
          size="compact-xs"
          color="red"
          variant="light"
          leftSection={<Icon name="trash" size={12} />}
          disabled={chosen.length === 0 || busy}
          onClick={() => {
            onDelete(chosen.map((p) => p.id));
            setChecked(new Set());
          }}
          data-testid="assembly-delete-parts"
        >
          Delete
        </Button>
      </Group>
      <Box data-drop-target={tab} style={{ flex: 1, minHeight: 0, borderRadius: 6, border: '1px solid var(--mantine-color-gray-3)', ...highlight(tab) }} data-testid="assembly-drop-target">
        <ScrollArea h="100%" type="auto" offsetScrollbars>
          {inTab.length === 0 ? (
            <Text size="xs" c="dimmed" p="sm" data-testid="assembly-parts-empty">
              {tab === 'solids' ? 'No solids yet: import nodes from the tree or drop them here.' : 'No inlets or outlets yet: drop nodes or parts here.'}
            </Text>
          ) : (
            inTab.map((part) => (
              <Group
                key={part.id}
                gap={6}
                wrap="nowrap"
                px={6}
                py={4}
                data-testid="assembly-part"
                data-part-name={part.name}
                style={{ borderBottom: '1px solid var(--mantine-color-gray-2)', cursor: 'grab', userSelect: 'none' }}
                onPointerDown={(event) => {
                  if ((event.target as HTMLElement).closest('input')) return;
                  onDragStart(event, () => {
                    const moving = checked.has(part.id) ? chosen : [part];
                    return { kind: 'parts', ids: moving.map((p) => p.id), names: moving.map((p) => p.name) };
                  });
                }}
                onClick={() => consumeDragClick()}
              >
                <Checkbox size="xs" aria-label={`Choose ${part.name}`} checked={checked.has(part.id)} onChange={(event) => toggle(part.id, event.currentTarget.checked)} />
                <Text size="sm" truncate="end" style={{ flex: 1, minWidth: 0 }}>
                  {part.name}
                </Text>
                <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
                  {part.assemblyNodeIds.length > 1 ? `${part.assemblyNodeIds.length} nodes, merged` : '1 node'}
                </Text>
                {part.needsTessellation && (
                  <Badge size="xs" variant="light" color="yellow" style={{ flex: 'none' }}>
                    to tessellate
                  </Badge>
                )}
              </Group>
            ))
          )}
        </ScrollArea>
      </Box>
      {warnings.length > 0 && (
        <Alert color="yellow" variant="light" p="xs" data-testid="assembly-warnings">
          <Stack gap={2}>
            {warnings.map((w) => (
              <Text key={w.message + (w.parts?.[0] ?? '')} size="xs" data-testid="assembly-warning">
                {w.message}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
