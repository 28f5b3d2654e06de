// What is being dragged, beside the pointer: up to six names, then '+N more' (spec 2 §9).
import { Paper, Stack, Text } from '@mantine/core';
import { overlayNames } from '../../domain/assembly.ts';
import { useDragState } from './dragParts.ts';

export function DragOverlay() {
  const payload = useDragState((s) => s.payload);
  const x = useDragState((s) => s.x);
  const y = useDragState((s) => s.y);
  if (!payload) return null;
  const { shown, more } = overlayNames(payload.names);
  return (
    <Paper
      shadow="md"
      withBorder
      p={6}
      radius="sm"
      data-testid="assembly-drag-overlay"
      style={{ position: 'fixed', left: x + 14, top: y + 10, zIndex: 10_000, pointerEvents: 'none', background: 'white', maxWidth: 240 }}
    >
      <Stack gap={0}>
        {shown.map((name, i) => (
          <Text key={`${name}-${i}`} size="xs" truncate="end">
            {name}
          </Text>
        ))}
        {more && (
          <Text size="xs" c="dimmed">
            {more}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
