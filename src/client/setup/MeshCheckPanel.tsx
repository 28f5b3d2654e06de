// Mesh Check Mode: a panel over the viewport listing, per part, its holes and non-manifold edges with
// each defect and a Zoom button; the defects are drawn over the scene (holes red, non-manifold edges
// orange) while the panel is open. The check runs again when a part's geometry changes.
import { ActionIcon, Alert, Badge, Button, Group, Loader, Paper, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import type { SetupDocument } from '../../domain/setup.ts';
import type { Viewer } from '../viewer/ViewerEngine.ts';
import { Icon } from '../ui/Icon.tsx';
import { formatNumber } from './fields/numberText.ts';
import { checkSetupMeshes, type MeshCheckDefect, type PartMeshCheck } from './meshCheck.ts';
import { sceneGeometryKey } from './sceneMeshes.ts';
import { useStlFileStore } from './stlFileStore.ts';

export const DEFECT_COLORS = { hole: '#e03131', nonManifold: '#f08c00' } as const;
const DEFECT_LABEL = { hole: 'Hole', nonManifold: 'Non-manifold edges' } as const;

const at = (p: readonly number[]) => `(${p.map((c) => formatNumber(Number(c.toPrecision(4)))).join(', ')})`;

export function MeshCheckPanel({ document, viewer, onClose }: { document: SetupDocument; viewer: Viewer | null; onClose: () => void }) {
  const files = useStlFileStore((s) => s.files);
  const [results, setResults] = useState<PartMeshCheck[] | null>(null);
  const [round, setRound] = useState(0);
  const key = useMemo(() => sceneGeometryKey(document, { files, shownSeedPoints: [] }), [document, files]);

  useEffect(() => {
    let current = true;
    setResults(null);
    void checkSetupMeshes(document, files).then((next) => {
      if (current) setResults(next);
    });
    return () => {
      current = false;
    };
    // The key stands for the geometry of `document` and `files`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, round]);

  useEffect(() => {
    if (!viewer) return;
    const checked = (results ?? []).flatMap((r) => (r.status === 'checked' ? r.defects : []));
    const merged = (kind: MeshCheckDefect['kind']) => {
      const parts = checked.filter((d) => d.kind === kind).map((d) => d.segments);
      const out = new Float32Array(parts.reduce((n, s) => n + s.length, 0));
      let offset = 0;
      for (const s of parts) {
        out.set(s, offset);
        offset += s.length;
      }
      return { segments: out, color: DEFECT_COLORS[kind] };
    };
    viewer.setHighlights([merged('hole'), merged('nonManifold')]);
    return () => viewer.setHighlights([]);
  }, [viewer, results]);

  const totals = (results ?? []).reduce(
    (t, r) => (r.status === 'checked' ? { holes: t.holes + r.holes, nonManifold: t.nonManifold + r.nonManifold } : t),
    { holes: 0, nonManifold: 0 },
  );

  return (
    <Paper
      withBorder
      shadow="md"
      radius="sm"
      p="sm"
      w={330}
      style={{ position: 'absolute', top: 12, left: 12, zIndex: 5, maxHeight: 'calc(100% - 24px)', display: 'flex', flexDirection: 'column' }}
      data-testid="mesh-check-panel"
      data-state={results ? 'checked' : 'checking'}
    >
      <Group justify="space-between" mb={6} wrap="nowrap">
        <Text fw={600} size="sm">
          Mesh Check
        </Text>
        <Group gap={4} wrap="nowrap">
          <Button size="compact-xs" variant="subtle" onClick={() => setRound((r) => r + 1)} disabled={!results} data-testid="mesh-check-again">
            Check again
          </Button>
          <ActionIcon variant="subtle" color="gray" onClick={onClose} aria-label="Close the mesh check" data-testid="mesh-check-close">
            <Icon name="x" size={16} />
          </ActionIcon>
        </Group>
      </Group>
      {!results ? (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="xs" c="dimmed">
            Checking every part…
          </Text>
        </Group>
      ) : results.length === 0 ? (
        <Text size="xs" c="dimmed" data-testid="mesh-check-empty">
          There are no parts to check yet.
        </Text>
      ) : (
        <>
          <Group gap="xs" mb={6}>
            <Badge color={totals.holes > 0 ? 'red' : 'gray'} variant="light" data-testid="mesh-check-holes">
              Holes: {totals.holes}
            </Badge>
            <Badge color={totals.nonManifold > 0 ? 'orange' : 'gray'} variant="light" data-testid="mesh-check-nonManifold">
              Non-Manifold: {totals.nonManifold}
            </Badge>
          </Group>
          <ScrollArea.Autosize mah={420} type="auto">
            <Stack gap="xs">
              {results.map((r) => (
                <PartResult key={r.partId} result={r} viewer={viewer} />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        </>
      )}
    </Paper>
  );
}

function PartResult({ result, viewer }: { result: PartMeshCheck; viewer: Viewer | null }) {
  if (result.status === 'failed') {
    return (
      <Alert color="gray" variant="light" p={6} title={result.name} data-testid={`mesh-check-part-${result.partId}`}>
        <Text size="xs">Not checked: {result.message}</Text>
      </Alert>
    );
  }
  const clean = result.defects.length === 0;
  return (
    <Stack gap={2} data-testid={`mesh-check-part-${result.partId}`}>
      <Group justify="space-between" wrap="nowrap">
        <Text size="xs" fw={600} truncate>
          {result.name}
        </Text>
        <Text size="xs" c={clean ? 'teal' : 'red'} data-testid="mesh-check-part-summary">
          {clean ? 'No holes or non-manifold edges' : `${result.holes} ${result.holes === 1 ? 'hole' : 'holes'}, ${result.nonManifold} non-manifold`}
        </Text>
      </Group>
      {result.defects.map((d, i) => (
        <Group key={i} justify="space-between" wrap="nowrap" pl="xs" data-testid="mesh-check-defect" data-kind={d.kind}>
          <Text size="xs" style={{ color: DEFECT_COLORS[d.kind] }}>
            {DEFECT_LABEL[d.kind]} · {d.edges} {d.edges === 1 ? 'edge' : 'edges'} at {at(d.point)} m
          </Text>
          <Tooltip label="Zoom to this defect" withArrow>
            <ActionIcon size="sm" variant="light" onClick={() => viewer?.zoomTo(d.point, d.radius)} aria-label="Zoom to this defect" data-testid="mesh-check-zoom">
              <Icon name="search" size={14} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ))}
    </Stack>
  );
}
