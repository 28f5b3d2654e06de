// The objects to analyse, grouped by type (fluids, solids, inlets/outlets, sensors, volume clips), ticked
// here; objects selected in the Results canvas take precedence and are shown ticked.
import { Checkbox, ScrollArea, Stack, Text } from '@mantine/core';
import { statisticsObjectTypeLabels, statisticsObjectTypes, type StatisticsObject } from './statisticsSelection.ts';

interface Props {
  objects: readonly StatisticsObject[];
  selection: readonly string[];
  fromViewer: boolean;
  onChange: (selection: string[]) => void;
}

export function StatisticsObjectList({ objects, selection, fromViewer, onChange }: Props) {
  const groups = statisticsObjectTypes.map((type) => ({ type, objects: objects.filter((o) => o.type === type) })).filter((g) => g.objects.length > 0);
  const toggle = (id: string, checked: boolean) => onChange(checked ? [...selection.filter((s) => s !== id), id] : selection.filter((s) => s !== id));
  return (
    <Stack gap={2} data-testid="statistics-objects">
      <Text size="xs" fw={500}>
        Objects
      </Text>
      {fromViewer && (
        <Text size="xs" c="dimmed" data-testid="statistics-viewer-selection">
          The objects selected in the 3D view are analysed.
        </Text>
      )}
      <ScrollArea.Autosize mah={150} type="auto" offsetScrollbars>
        <Stack gap={4}>
          {groups.length === 0 && (
            <Text size="xs" c="dimmed">
              The shown output has no objects yet.
            </Text>
          )}
          {groups.map((g) => (
            <Stack key={g.type} gap={3}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: 0.3 }}>
                {statisticsObjectTypeLabels[g.type]}
              </Text>
              {g.objects.map((o) => (
                <Checkbox
                  key={o.id}
                  size="xs"
                  label={o.name}
                  checked={selection.includes(o.id)}
                  disabled={fromViewer}
                  onChange={(e) => toggle(o.id, e.currentTarget.checked)}
                  data-testid={`statistics-object-${o.id}`}
                />
              ))}
            </Stack>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </Stack>
  );
}
