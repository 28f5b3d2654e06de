// Pieces shared by the geometry upload forms (STL, STEP): the state of the check made in this browser,
// the pending upload with progress and cancel, the failure, the mesh-health warning and the rows of what
// the server found, and the footer's buttons.
import { Alert, Button, Group, Progress, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { MESSAGES } from '../../../../domain/messages.ts';
import type { Vec3 } from '../../../../domain/vector.ts';
import { formatNumber } from '../../fields/numberText.ts';

export const formatVec = (v: Vec3) => `(${v.map((c) => formatNumber(Number(c.toPrecision(6)))).join(', ')})`;
export const formatCount = (n: number) => n.toLocaleString('en-US');

/** A browser check that is running, refused the file, or could not be made; null once it succeeded. */
export function CheckState({ status, message, checking, unchecked }: { status: 'checking' | 'refused' | 'unchecked'; message?: string; checking: string; unchecked: string }) {
  if (status === 'checking') {
    return (
      <Text size="xs" c="dimmed" data-testid="upload-check" data-status="checking">
        {checking}
      </Text>
    );
  }
  const refused = status === 'refused';
  return (
    <Alert color={refused ? 'red' : 'gray'} variant="light" title={refused ? 'This file cannot be uploaded' : unchecked} data-testid="upload-check" data-status={status}>
      {message}
    </Alert>
  );
}

/** The upload under way: what it is doing, its progress when known, and Cancel. */
export function UploadPending({ label, progress, onCancel }: { label: string; progress: number | null; onCancel: () => void }) {
  return (
    <Stack gap={4}>
      <Group justify="space-between">
        <Text size="xs">{label}</Text>
        {progress !== null && (
          <Text size="xs" data-testid="upload-progress">
            {Math.round(progress * 100)} %
          </Text>
        )}
      </Group>
      <Progress value={progress === null ? 100 : progress * 100} animated />
      <Button size="xs" variant="light" color="red" onClick={onCancel} data-testid="upload-abort">
        Cancel upload
      </Button>
    </Stack>
  );
}

export function UploadFailure({ error }: { error: { title: string; detail: string } }) {
  return (
    <Alert color="red" variant="light" title={error.title} data-testid="upload-error">
      {error.detail}
    </Alert>
  );
}

/** The spec's part warning with what the check found. */
export function MeshWarnings({ warnings }: { warnings: readonly string[] }) {
  return (
    <Alert color="yellow" variant="light" data-testid="upload-mesh-warning" title={MESSAGES.partIssues}>
      {warnings.map((w) => (
        <Text key={w} size="xs">
          {w}
        </Text>
      ))}
    </Alert>
  );
}

/** Label and value rows of an upload's result; each value carries `upload-info-<key>`. */
export function InfoTable({ rows }: { rows: readonly { key: string; label: string; value: ReactNode }[] }) {
  return (
    <Table fz="xs" verticalSpacing={4}>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.key}>
            <Table.Td c="dimmed">{r.label}</Table.Td>
            <Table.Td data-testid={`upload-info-${r.key}`}>{r.value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Cancel, then Upload until the upload succeeded and Add part after it. */
export function UploadFooter(props: { succeeded: boolean; uploadLabel: string; uploadDisabled: boolean; onCancel: () => void; onUpload: () => void; onAdd: () => void }) {
  return (
    <>
      <Button size="xs" variant="default" onClick={props.onCancel} data-testid="add-cancel">
        Cancel
      </Button>
      {props.succeeded ? (
        <Button size="xs" onClick={props.onAdd} data-testid="add-submit">
          Add part
        </Button>
      ) : (
        <Button size="xs" onClick={props.onUpload} disabled={props.uploadDisabled} data-testid="upload-start">
          {props.uploadLabel}
        </Button>
      )}
    </>
  );
}
