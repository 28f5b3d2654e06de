// Upload Geometry of sensors and volume clips: an STL file in m, mm or in, checked in this browser before
// anything is sent, uploaded with progress and the option to cancel, then handed to the form that places it.
import { Alert, Button, FileInput, SegmentedControl, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { StlUnit } from '../../domain/shape.ts';
import type { PartUploadState } from '../../domain/viewerState.ts';
import { useServices } from '../app/services.ts';
import { checkStlInBrowser, type BrowserMeshCheck } from '../setup/browserMeshCheck.ts';
import { CheckState, UploadFailure, UploadPending, formatCount, formatVec } from '../setup/forms/add/uploadBlocks.tsx';
import { UploadError, uploadGeometry } from '../setup/setupApi.ts';
import { useStlFileStore } from '../setup/stlFileStore.ts';
import { parseStl } from '../setup/stlGeometry.ts';
import type { UploadedGeometry } from './measureObjects.ts';

interface Props {
  simulationId: string;
  /** What the geometry becomes: a surface (sensor) or a closed volume (volume clip). */
  purpose: 'surface' | 'volume';
  onUploaded: (geometry: UploadedGeometry | null) => void;
}

export function GeometryUpload({ simulationId, purpose, onUploaded }: Props) {
  const { auth } = useServices();
  const putFile = useStlFileStore((s) => s.put);
  const [file, setFile] = useState<File | null>(null);
  const [unit, setUnit] = useState<StlUnit>('m');
  const [state, setState] = useState<PartUploadState>('idle');
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<{ title: string; detail: string } | null>(null);
  const [check, setCheck] = useState<BrowserMeshCheck | null>(null);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);
  useEffect(() => {
    if (!file) {
      setCheck(null);
      return;
    }
    let current = true;
    setCheck({ status: 'checking' });
    void checkStlInBrowser(file, unit).then((result) => {
      if (current) setCheck(result);
    });
    return () => {
      current = false;
    };
  }, [file, unit]);

  const upload = async () => {
    if (!file) return;
    const controller = new AbortController();
    abort.current = controller;
    setState('pending');
    setProgress(0);
    setError(null);
    try {
      const soup = parseStl(await file.arrayBuffer());
      const result = await uploadGeometry({ simulationId, file, unit, tokens: auth, onProgress: setProgress, signal: controller.signal });
      putFile(result.id, soup);
      setState('success');
      onUploaded({ fileId: result.id, file: { name: result.name, extension: result.extension || 'stl', unit: result.unit ?? unit } });
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

  const busy = state === 'pending' || state === 'success';
  return (
    <Stack gap="sm" data-testid="geometry-upload" data-state={state}>
      <FileInput
        label={purpose === 'surface' ? 'Surface (STL)' : 'Closed volume (STL)'}
        placeholder="Choose a .stl file"
        accept=".stl,model/stl,application/sla"
        value={file}
        clearable
        disabled={busy}
        data-testid="geometry-upload-file"
        onChange={(next) => {
          setFile(next);
          setState('idle');
          setError(null);
          onUploaded(null);
        }}
      />
      <div>
        <Text size="sm" fw={500} mb={4}>
          Unit of the file
        </Text>
        <SegmentedControl size="xs" value={unit} disabled={busy} onChange={(value) => setUnit(value as StlUnit)} data={['m', 'mm', 'in']} data-testid="geometry-upload-unit" />
      </div>
      {state !== 'success' && check && check.status !== 'checked' && (
        <CheckState status={check.status} message={check.status === 'checking' ? undefined : check.message} checking="Checking the file in this browser…" unchecked="Not checked in this browser" />
      )}
      {state !== 'success' && check?.status === 'checked' && (
        <Alert
          color={purpose === 'volume' && check.hasWarnings ? 'yellow' : 'teal'}
          variant="light"
          title={purpose === 'volume' && check.hasWarnings ? 'The volume is not closed: what lies inside it may be unclear' : 'Checked in this browser'}
          data-testid="geometry-upload-check"
        >
          <Text size="xs">
            {formatCount(check.info.nbrOfTriangles)} triangles, {formatVec(check.info.boundingBox.min)} to {formatVec(check.info.boundingBox.max)} m
          </Text>
        </Alert>
      )}
      {state === 'pending' && <UploadPending label={`Uploading ${file?.name ?? ''}`} progress={progress} onCancel={() => abort.current?.abort()} />}
      {state === 'error' && error && <UploadFailure error={error} />}
      {state === 'success' ? (
        <Text size="xs" c="teal.8" data-testid="geometry-upload-done">
          {file?.name} uploaded.
        </Text>
      ) : (
        <Button
          size="xs"
          variant="light"
          disabled={!file || state === 'pending' || check?.status === 'checking' || check?.status === 'refused'}
          onClick={() => void upload()}
          data-testid="geometry-upload-start"
        >
          Upload
        </Button>
      )}
    </Stack>
  );
}
