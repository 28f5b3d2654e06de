// The left side of step 1: the structure tree of the imported file with search by name ('No matches'),
// selection with ctrl/meta (toggle) and shift (range), double-click to import a node, and the Import (1+
// selected) and Merge & Import (2+) buttons. Selected nodes can also be dragged onto the part list.
import { ActionIcon, Badge, Box, Button, Group, ScrollArea, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useMemo, useState } from 'react';
import {
  assemblyImportActions,
  clickNode,
  filterAssembly,
  indexAssembly,
  visibleOrder,
  type AssemblyNode,
  type TreeSelection,
} from '../../domain/assembly.ts';
import { MESSAGES } from '../../domain/messages.ts';
import { Icon } from '../ui/Icon.tsx';
import type { DragPayload } from './dragParts.ts';

interface Props {
  tree: AssemblyNode[];
  /** Node ids used by a part already: marked in the tree. */
  used: ReadonlySet<string>;
  busy: boolean;
  onImport: (nodeIds: string[], merge: boolean) => void;
  onDragStart: (event: React.PointerEvent, payloadFor: () => DragPayload | null) => void;
  consumeDragClick: () => boolean;
}

/** Every group node open, so that a first look shows the bodies. */
function allGroups(tree: readonly AssemblyNode[]): Set<string> {
  const out = new Set<string>();
  const walk = (n: AssemblyNode) => {
    if (n.children.length > 0) out.add(n.entryId);
    n.children.forEach(walk);
  };
  tree.forEach(walk);
  return out;
}

export function StructureTree({ tree, used, busy, onImport, onDragStart, consumeDragClick }: Props) {
  const [query, setQuery] = useState('');
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => allGroups(tree));
  const [selection, setSelection] = useState<TreeSelection>({ selected: [], anchor: null });
  const index = useMemo(() => indexAssembly(tree), [tree]);
  const shown = useMemo(() => filterAssembly(tree, query), [tree, query]);
  // While searching every match is shown, whatever was collapsed.
  const open = useMemo(() => (query.trim() ? allGroups(shown) : expanded), [query, shown, expanded]);
  const order = useMemo(() => visibleOrder(shown, open), [shown, open]);
  const selected = selection.selected.filter((id) => index.has(id));
  const actions = assemblyImportActions(selected.length);

  const toggle = (id: string) =>
    setExpanded((before) => {
      const next = new Set(before);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const importSelected = (merge: boolean) => {
    onImport(selected, merge);
    setSelection({ selected: [], anchor: null });
  };

  const row = (node: AssemblyNode, depth: number) => {
    const isSelected = selected.includes(node.entryId);
    const group = node.children.length > 0;
    return (
      <Box key={node.entryId}>
        <Group
          gap={4}
          wrap="nowrap"
          px={4}
          py={2}
          data-testid="assembly-node"
          data-entry-id={node.entryId}
          data-selected={isSelected}
          style={{
            paddingLeft: 4 + depth * 16,
            borderRadius: 4,
            cursor: 'pointer',
            userSelect: 'none',
            background: isSelected ? 'var(--mantine-color-blue-1)' : undefined,
          }}
          onPointerDown={(event) =>
            onDragStart(event, () => {
              const ids = isSelected ? selected : [node.entryId];
              return { kind: 'nodes', ids, names: ids.map((id) => index.get(id)?.node.labelName || id) };
            })
          }
          onClick={(event) => {
            if (consumeDragClick()) return;
            setSelection((current) => clickNode(current, node.entryId, { ctrl: event.ctrlKey || event.metaKey, shift: event.shiftKey }, order));
          }}
          onDoubleClick={() => {
            if (!busy) onImport([node.entryId], false);
          }}
        >
          {group ? (
            <ActionIcon
              size="xs"
              variant="subtle"
              color="gray"
              aria-label={open.has(node.entryId) ? 'Collapse' : 'Expand'}
              onClick={(event) => {
                event.stopPropagation();
                toggle(node.entryId);
              }}
              onDoubleClick={(event) => event.stopPropagation()}
            >
              <Icon name={open.has(node.entryId) ? 'chevronDown' : 'chevronRight'} size={12} />
            </ActionIcon>
          ) : (
            <Box w={18} />
          )}
          <Text size="sm" truncate="end" style={{ flex: 1, minWidth: 0 }} fw={used.has(node.entryId) ? 600 : undefined}>
            {node.labelName || node.entryId}
          </Text>
          {used.has(node.entryId) && (
            <Tooltip label="Used by a part" withArrow>
              <Icon name="check" size={12} color="var(--mantine-color-teal-6)" />
            </Tooltip>
          )}
          <Badge size="xs" variant="light" color={node.shapeType === 'SHELL' ? 'orange' : group ? 'gray' : 'blue'} style={{ flex: 'none' }}>
            {node.shapeType}
          </Badge>
        </Group>
        {group && open.has(node.entryId) && node.children.map((child) => row(child, depth + 1))}
      </Box>
    );
  };

  return (
    <Stack gap="xs" style={{ height: '100%', minHeight: 0 }} data-testid="assembly-tree">
      <TextInput
        size="xs"
        placeholder="Search by name"
        leftSection={<Icon name="search" size={14} />}
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        data-testid="assembly-search"
      />
      <ScrollArea style={{ flex: 1, minHeight: 0 }} type="auto" offsetScrollbars>
        {shown.length === 0 ? (
          <Text size="sm" c="dimmed" p="sm" data-testid="assembly-no-matches">
            {MESSAGES.noMatches}
          </Text>
        ) : (
          shown.map((node) => row(node, 0))
        )}
      </ScrollArea>
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed" data-testid="assembly-selected-count">
          {selected.length} selected
        </Text>
        <Group gap="xs">
          <Button size="xs" variant="light" disabled={!actions.import || busy} onClick={() => importSelected(false)} data-testid="assembly-import-selected">
            Import
          </Button>
          <Button size="xs" disabled={!actions.mergeAndImport || busy} onClick={() => importSelected(true)} data-testid="assembly-merge-import">
            Merge & Import
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
