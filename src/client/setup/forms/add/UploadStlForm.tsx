// Add Solid: Upload STL. Choose a file and its length unit (m, mm, in), upload it with progress and the
// option to cancel (states idle, pending, error, success), see what the server's mesh check found, then
// add the part. A mesh with holes or non-manifold edges carries the spec's warning.
import { Alert, Button, FileInput, Group, Progress, SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { PartUploadState } from '../../../../domain/viewerState.ts';
import { MESSAGES } from '../../../../domain/messages.ts';
import type { SetupDocument } from '../../../../domain/setup.ts';
import type { StlUnit } from '../../../../domain/shape.ts';
import type { Vec3 } from '../../../../domain/vector.ts';
import { useServices } from '../../../app/services.ts';
import { formatNumber } from '../../fields/numberText.ts';
import type { UploadedFile } from '../../../../domain/uploads.ts';
import { UploadError, uploadGeometry } from '../../setupApi.ts';
import { addPart } from '../../setupActions.ts';
import { stlPart } from '../../setupParts.ts';
import { ADD_PART_TITLE } from '../../setupSelection.ts';
import { useSetupStore } from '../../setupStore.ts';
import { useStlFileStore } from '../../stlFileStore.ts';
import { parseStl } from '../../stlGeometry.ts';
import { FormFrame } from '../FormFrame.tsx';

const vec = (v: Vec3) => `(${v.map((c) => formatNumber(Number(c.toPrecision(6)))).join(', ')})`;

function baseName(fileName: string): string {
  return fileName.replace(/\.[^.]+$/, '') || 'Solid';
}

export function UploadStlForm({ document, onClose }: { document: SetupDocument; onClose: () => void }) {
  const { auth } = useServices();
  const simulationId = useSetupStore((s) => s.simulationId);
  const putFile = useStlFileStore((s) => s.put);
  const [file, setFile] = useState<File | null>(null);
  const [unit, setUnit] = useState<StlUnit>('m');
  const [name, setName] = useState('');
  const [state, setState] = useState<PartUploadState>('idle');
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<{ title: string; detail: string } | null>(null);
  const [uploaded, setUploaded] = useState<UploadedFile | null>(null);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  const upload = async () => {
    if (!file || !simulationId) return;
    const controller = new AbortController();
    abort.current = controller;
    setState('pending');
    setProgress(0);
    setError(null);
    try {
      // Parse locally first: a file that is no STL is refused before any byte is sent.
      const soup = parseStl(await file.arrayBuffer());
      const result = await uploadGeometry({ simulationId, file, unit, tokens: auth, onProgress: setProgress, signal: controller.signal });
      putFile(result.id, soup);
      setUploaded(result);
      setState('success');
    } catch (caught) {
      if (caught instanceof DOMException && caught.name === 'AbortError') {
        setState('idle');
        return;
      }
      setState('error');
      if (caught instanceof UploadError) setError({ title: caught.message, detail: caught.detail });
      else setError({ title: `The upload of ${file.name} failed`, detail: caught instanceof Error ? caught.message : String(caught) });
    } finally {
      abort.current = null;
    }
  };

  const add = () => {
    if (!uploaded) return;
    addPart(
      stlPart(document, {
        name: name.trim() || baseName(uploaded.name),
        fileId: uploaded.id,
        file: { name: uploaded.name, extension: uploaded.extension || 'stl', unit: uploaded.unit ?? unit },
        info: uploaded.shapeInfo,
        warnings: uploaded.warnings,
      }),
    );
  };

  const info = uploaded?.shapeInfo ?? null;
  const issues = (uploaded?.warnings.length ?? 0) > 0 || (info !== null && (info.holes > 0 || info.nonManifold > 0));

  return (
    <FormFrame
      title={ADD_PART_TITLE.solidStl}
      subtitle="Binary or ASCII STL"
      testId="add-solidStl-form"
      onClose={onClose}
      alwaysEditable
      footer={
        <>
          <Button size="xs" variant="default" onClick={onClose} data-testid="add-cancel">
            Cancel
          </Button>
          {state === 'success' ? (
            <Button size="xs" onClick={add} data-testid="add-submit">
              Add part
            </Button>
          ) : (
            <Button size="xs" onClick={() => void upload()} disabled={!file || state === 'pending'} data-testid="upload-start">
              Upload
            </Button>
          )}
        </>
      }
    >
      <Stack gap="sm" data-testid="upload-state" data-state={state}>
        <FileInput
          label="STL file"
          placeholder="Choose a .stl file"
          accept=".stl,model/stl,application/sla"
          value={file}
          clearable
          disabled={state === 'pending' || state === 'success'}
          data-testid="upload-file"
          onChange={(next) => {
            setFile(next);
            setState('idle');
            setError(null);
            setUploaded(null);
            if (next) setName(baseName(next.name));
          }}
        />
        <div>
          <Text size="sm" fw={500} mb={4}>
            Unit of the file
          </Text>
          <SegmentedControl
            size="xs"
            value={unit}
            disabled={state === 'pending' || state === 'success'}
            onChange={(value) => setUnit(value as StlUnit)}
            data={[
              { value: 'm', label: 'm' },
              { value: 'mm', label: 'mm' },
              { value: 'in', label: 'in' },
            ]}
            data-testid="upload-unit"
          />
        </div>
        <TextInput label="Part name" value={name} onChange={(event) => setName(event.currentTarget.value)} data-testid="upload-name" />
        {state === 'pending' && (
          <Stack gap={4}>
            <Group justify="space-between">
              <Text size="xs">Uploading {file?.name}</Text>
              <Text size="xs" data-testid="upload-progress">
                {Math.round(progress * 100)} %
              </Text>
            </Group>
            <Progress value={progress * 100} animated />
            <Button size="xs" variant="light" color="red" onClick={() => abort.current?.abort()} data-testid="upload-abort">
              Cancel upload
            </Button>
          </Stack>
        )}
        {state === 'error' && error && (
          <Alert color="red" variant="light" title={error.title} data-testid="upload-error">
            {error.detail}
          </Alert>
        )}
        {state === 'success' && uploaded && (
          <Stack gap="xs" data-testid="upload-result">
            {issues && (
              <Alert color="yellow" variant="light" data-testid="upload-mesh-warning" title={MESSAGES.partIssues}>
                {uploaded.warnings.map((w) => (
                  <Text key={w} size="xs">
                    {w}
                  </Text>
                ))}
              </Alert>
            )}
            {info ? (
              <Table fz="xs" verticalSpacing={4}>
                <Table.Tbody>
                  <Table.Tr>
                    <Table.Td c="dimmed">Triangles</Table.Td>
                    <Table.Td data-testid="upload-info-triangles">{info.nbrOfTriangles.toLocaleString('en-US')}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Td c="dimmed">Surface area</Table.Td>
                    <Table.Td data-testid="upload-info-area">{formatNumber(Number(info.surfaceArea.toPrecision(6)))} m²</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Td c="dimmed">Bounding box</Table.Td>
                    <Table.Td data-testid="upload-info-bbox">
                      {vec(info.boundingBox.min)} to {vec(info.boundingBox.max)} m
                    </Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Td c="dimmed">Holes</Table.Td>
                    <Table.Td data-testid="upload-info-holes">{info.holes}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Td c="dimmed">Non-manifold edges</Table.Td>
                    <Table.Td data-testid="upload-info-nonManifold">{info.nonManifold}</Table.Td>
                  </Table.Tr>
                </Table.Tbody>
              </Table>
            ) : (
              <Text size="xs" c="dimmed">
                The server did not report a mesh check for this file.
              </Text>
            )}
          </Stack>
        )}
      </Stack>
    </FormFrame>
  );
}
