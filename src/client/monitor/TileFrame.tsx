// The frame of one dashboard tile: a header that is the drag handle (only the handle drags, so the tile's
// own inputs stay usable), the title, Edit for tiles with settings, and Remove.
import { ActionIcon, Box, Card, Group, Menu, Text, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { Icon } from '../ui/Icon.tsx';

/** CSS class of the drag handle, handed to the grid's drag configuration. */
export const TILE_DRAG_HANDLE_CLASS = 'surge-tile-drag-handle';

interface Props {
  tileId: string;
  kind: string;
  title: string;
  draggable: boolean;
  onEdit?: () => void;
  onRemove: () => void;
  children: ReactNode;
}

export function TileFrame({ tileId, kind, title, draggable, onEdit, onRemove, children }: Props) {
  return (
    <Card
      withBorder
      radius="md"
      padding={0}
      shadow="xs"
      h="100%"
      style={{ display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
      data-testid={`tile-${kind}`}
      data-tile-id={tileId}
    >
      <Group
        gap={6}
        px="sm"
        py={6}
        wrap="nowrap"
        className={draggable ? TILE_DRAG_HANDLE_CLASS : undefined}
        style={{ borderBottom: '1px solid var(--mantine-color-gray-2)', cursor: draggable ? 'grab' : undefined, userSelect: 'none' }}
        data-testid="tile-handle"
      >
        {draggable && (
          <Text size="xs" c="gray.5" aria-hidden style={{ letterSpacing: -2 }}>
            ⋮⋮
          </Text>
        )}
        <Text size="sm" fw={600} truncate="end" style={{ flex: 1 }} title={title} data-testid="tile-title">
          {title}
        </Text>
        {onEdit && (
          <Tooltip label="Edit graph">
            <ActionIcon variant="subtle" size="sm" color="gray" aria-label={`Edit ${title}`} onClick={onEdit} data-testid="tile-edit">
              <Icon name="pencil" size={14} />
            </ActionIcon>
          </Tooltip>
        )}
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" size="sm" color="gray" aria-label={`${title} actions`} data-testid="tile-menu">
              <Icon name="dots" size={14} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item color="red" leftSection={<Icon name="trash" size={14} />} onClick={onRemove} data-testid="tile-remove">
              Remove tile
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      <Box p="sm" style={{ flex: 1, minHeight: 0, overflow: 'auto' }}>
        {children}
      </Box>
    </Card>
  );
}
