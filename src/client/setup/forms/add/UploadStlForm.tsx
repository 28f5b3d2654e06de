// Add Solid: Upload STL. Choose a file and its length unit (m, mm, in): the browser checks it at once
// (geometry worker) and shows its size and defects before anything is sent; a file that is no STL or is
// over the limits cannot be uploaded. Upload it with progress and the option to cancel (states idle,
// pending, error, success), see what the server's mesh check found, then add the part. A mesh with holes
// or non-manifold edges carries the spec's warning.
import { Alert, FileInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { PartUploadState } from '../../../../domain/viewerState.ts';
import type { SetupDocument } from '../../../../domain/setup.ts';
import type { StlUnit } from '../../../../domain/shape.ts';
import { useServices } from '../../../app/services.ts';
import { formatNumber } from '../../fields/numberText.ts';
import type { UploadedFile } from '../../../../domain/uploads.ts';
import { MESSAGES } from '../../../../domain/messages.ts';
import { checkStlInBrowser, type BrowserMeshCheck } from '../../browserMeshCheck.ts';
import { UploadError, uploadGeometry } from '../../setupApi.ts';
import { addPart } from '../../setupActions.ts';
import { INLET_NOT_PLANAR, uploadedPart } from '../../setupParts.ts';
import { ADD_PART_TITLE, uploadTargetOf } from '../../setupSelection.ts';
import { useSetupStore } from '../../setupStore.ts';
import { useStlFileStore } from '../../stlFileStore.ts';
import { parseStl } from '../../stlGeometry.ts';
import { FormFrame } from '../FormFrame.tsx';
import { UploadFooter, CheckState, formatCount, formatVec, InfoTable, MeshWarnings, UploadFailure, UploadPending } from './uploadBlocks.tsx';


function baseName(fileName: string): string {
  return fileName.replace(/\.[^.]+$/, '') || 'Solid';
}

/** Add Solid or Add Inlet Outlet: Upload STL; an inlet or outlet is a planar surface, so open edges are no defect of it. */
export function UploadStlForm({ document, kind = 'solidStl', onClose }: { document: SetupDocument; kind?: 'solidStl' | 'inletStl'; onClose: () => void }) {
  const target = uploadTargetOf(kind);
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
  const [check, setCheck] = useState<BrowserMeshCheck | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  // A new file or unit is checked in the browser; a check overtaken by a newer choice is dropped.
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
      uploadedPart(target, document, {
        name: name.trim() || baseName(uploaded.name),
        fileId: uploaded.id,
        file: { name: uploaded.name, extension: uploaded.extension || 'stl', unit: uploaded.unit ?? unit },
        info: uploaded.shapeInfo,
        warnings: uploaded.warnings,
      }),
    );
  };

  const info = uploaded?.shapeInfo ?? null;
  const issues = target === 'solid' && ((uploaded?.warnings.length ?? 0) > 0 || (info !== null && (info.holes > 0 || info.nonManifold > 0)));
  const notPlanar = target === 'inletOutlet' && info !== null && !info.isPlanar;

  return (
    <FormFrame
      title={ADD_PART_TITLE[kind]}
      subtitle={target === 'solid' ? 'Binary or ASCII STL' : 'A planar surface as binary or ASCII STL; its normal points into the fluid'}
      testId={`add-${kind}-form`}
      onClose={onClose}
      alwaysEditable
      footer={
        <UploadFooter
          succeeded={state === 'success'}
          uploadLabel="Upload"
          uploadDisabled={!file || state === 'pending' || check?.status === 'checking' || check?.status === 'refused'}
          onCancel={onClose}
          onUpload={() => void upload()}
          onAdd={add}
        />
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
        {state !== 'success' && check && <BrowserCheck check={check} surface={target === 'inletOutlet'} />}
        {state === 'pending' && <UploadPending label={`Uploading ${file?.name ?? ''}`} progress={progress} onCancel={() => abort.current?.abort()} />}
        {state === 'error' && error && <UploadFailure error={error} />}
        {state === 'success' && uploaded && (
          <Stack gap="xs" data-testid="upload-result">
            {issues && <MeshWarnings warnings={uploaded.warnings} />}
            {notPlanar && (
              <Alert color="yellow" variant="light" title={MESSAGES.partIssues} data-testid="upload-not-planar">
                {INLET_NOT_PLANAR}
              </Alert>
            )}
            {info ? (
              <InfoTable
                rows={[
                  { key: 'triangles', label: 'Triangles', value: formatCount(info.nbrOfTriangles) },
                  { key: 'area', label: 'Surface area', value: `${formatNumber(Number(info.surfaceArea.toPrecision(6)))} m²` },
                  { key: 'bbox', label: 'Bounding box', value: `${formatVec(info.boundingBox.min)} to ${formatVec(info.boundingBox.max)} m` },
                  { key: 'holes', label: 'Holes', value: info.holes },
                  { key: 'nonManifold', label: 'Non-manifold edges', value: info.nonManifold },
                ]}
              />
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

/** What the browser found in the chosen file, before the upload. */
function BrowserCheck({ check, surface }: { check: BrowserMeshCheck; surface: boolean }) {
  if (check.status !== 'checked') {
    return <CheckState status={check.status} message={check.status === 'checking' ? undefined : check.message} checking="Checking the file in this browser…" unchecked="Not checked in this browser" />;
  }
  const { info } = check;
  if (surface) {
    return (
      <Alert color="teal" variant="light" title="Checked in this browser" data-testid="upload-check" data-status="checked">
        <Text size="xs" data-testid="upload-check-summary">
          {formatCount(info.nbrOfTriangles)} triangles, {formatVec(info.boundingBox.min)} to {formatVec(info.boundingBox.max)} m
        </Text>
      </Alert>
    );
  }
  const defects = [
    info.holes > 0 ? `${info.holes} hole${info.holes === 1 ? '' : 's'}` : null,
    info.nonManifold > 0 ? `${info.nonManifold} non-manifold element${info.nonManifold === 1 ? '' : 's'}` : null,
    check.degenerate > 0 ? `${check.degenerate} degenerate face${check.degenerate === 1 ? '' : 's'}` : null,
    check.inconsistentWinding > 0 ? `${check.inconsistentWinding} inconsistently wound face${check.inconsistentWinding === 1 ? '' : 's'}` : null,
  ].filter((d): d is string => d !== null);
  return (
    <Alert
      color={check.hasWarnings ? 'yellow' : 'teal'}
      variant="light"
      title={check.hasWarnings ? 'The mesh has defects: the part will carry a warning' : 'Closed, consistent mesh'}
      data-testid="upload-check"
      data-status="checked"
    >
      <Text size="xs" data-testid="upload-check-summary">
        {formatCount(info.nbrOfTriangles)} triangles, {formatVec(info.boundingBox.min)} to {formatVec(info.boundingBox.max)} m
        {defects.length > 0 ? `; ${defects.join(', ')}` : ''}
      </Text>
    </Alert>
  );
}
