// Information tab (read-only): what the geometry is, its size, and the mesh check's findings (holes and
// non-manifold edges) with the spec's warning.
import { Alert, Stack, Table, Text } from '@mantine/core';
import { hasMeshIssues } from '../../../../domain/part.ts';
import { MESSAGES } from '../../../../domain/messages.ts';
import { shapeTriangles, signedVolume, surfaceArea } from '../../../../domain/meshGeometry.ts';
import type { Vec3 } from '../../../../domain/vector.ts';
import { formatNumber } from '../../fields/numberText.ts';
import { partBounds } from '../../sceneMeshes.ts';
import { useStlFileStore } from '../../stlFileStore.ts';
import type { PartTabProps } from './partFormTypes.ts';

const vec = (v: Vec3, unit = 'm') => `(${v.map((c) => formatNumber(Number(c.toPrecision(6)))).join(', ')}) ${unit}`;

const SHAPE_LABEL = { stl: 'STL file', stl_cube: 'Cube', plane: 'Plane', pointcloud: 'Point cloud', empty: 'No geometry' } as const;

export function PartInformationTab({ part }: PartTabProps) {
  const files = useStlFileStore((s) => s.files);
  const failures = useStlFileStore((s) => s.failures);
  const shape = part.shape;
  const rows: [string, string, string][] = [['Geometry', SHAPE_LABEL[shape.type], 'info-shape']];
  if (shape.type === 'stl' && shape.file) {
    rows.push(['File', `${shape.file.name}`, 'info-file'], ['Unit', shape.file.unit ?? 'm', 'info-unit']);
  }
  const info = shape.info;
  const generated = shape.type === 'stl_cube' || shape.type === 'plane' ? shapeTriangles(shape) : null;
  if (info) {
    rows.push(
      ['Triangles', info.nbrOfTriangles.toLocaleString('en-US'), 'info-triangles'],
      ['Surface area', `${formatNumber(Number(info.surfaceArea.toPrecision(6)))} m²`, 'info-area'],
      ['Holes', String(info.holes), 'info-holes'],
      ['Non-manifold edges', String(info.nonManifold), 'info-nonManifold'],
      ['Planar', info.isPlanar ? 'Yes' : 'No', 'info-planar'],
      ['Center', vec(info.center), 'info-center'],
      ['Bounding box min', vec(info.boundingBox.min), 'info-bbox-min'],
      ['Bounding box max', vec(info.boundingBox.max), 'info-bbox-max'],
    );
  } else if (generated) {
    rows.push(
      ['Triangles', String(generated.indices.length / 3), 'info-triangles'],
      ['Surface area', `${formatNumber(Number(surfaceArea(generated).toPrecision(6)))} m²`, 'info-area'],
      ['Volume', `${formatNumber(Number(Math.abs(signedVolume(generated)).toPrecision(6)))} m³`, 'info-volume'],
      ['Holes', '0', 'info-holes'],
      ['Non-manifold edges', '0', 'info-nonManifold'],
    );
  }
  const bounds = partBounds(part, files);
  if (bounds) rows.push(['Placed bounds min', vec(bounds.min), 'info-world-min'], ['Placed bounds max', vec(bounds.max), 'info-world-max']);
  const failure = shape.type === 'stl' && shape.fileId ? failures.get(shape.fileId) : undefined;

  return (
    <Stack gap="sm" data-testid="part-information">
      {hasMeshIssues(part) && (
        <Alert color="yellow" variant="light" data-testid="part-mesh-warning" title={MESSAGES.partIssues}>
          {part.warnings.length > 0 ? part.warnings.map((w) => <Text key={w.errorCode} size="xs">{w.message}</Text>) : null}
        </Alert>
      )}
      {failure && (
        <Alert color="red" variant="light" title="The geometry file could not be loaded">
          {failure}
        </Alert>
      )}
      <Table fz="xs" verticalSpacing={4} withRowBorders>
        <Table.Tbody>
          {rows.map(([label, value, testId]) => (
            <Table.Tr key={label}>
              <Table.Td c="dimmed" w="45%">
                {label}
              </Table.Td>
              <Table.Td data-testid={testId}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
