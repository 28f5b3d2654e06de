// Add Solid: Upload STEP (beta). Choose a STEP file and the meshing parameters ('Max Deviation Factor'
// 0.1–10, 'Max Angle between Triangles' 1–90°): the browser's geometry worker reads and meshes it at once
// and lists its bodies with their triangles and defects, before anything is sent; choose the bodies to
// import, as one part or a part per body. Upload sends the STEP file (with progress and cancel), the
// server meshes it with the same parameters into STLs in metres, and Add creates the solids. Files over 500 MB carry the spec's warning
// and are meshed only on the server.
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Badge, Checkbox, FileInput, Group, ScrollArea, SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  DEFAULT_ANGULAR_DEFLECTION_DEG,
  DEFAULT_LINEAR_DEFLECTION_FACTOR,
  meshingFormSchema,
  meshingFormToParameters,
  type MeshingForm,
} from '../../../../domain/meshing.ts';
import { MESSAGES } from '../../../../domain/messages.ts';
import type { SetupDocument } from '../../../../domain/setup.ts';
import { stepUploadWarning } from '../../../../domain/startRules.ts';
import type { StepTessellation } from '../../../../domain/uploads.ts';
import type { PartUploadState } from '../../../../domain/viewerState.ts';
import { errorMessage } from '../../../api/ApiClient.ts';
import { useServices } from '../../../app/services.ts';
import { NumberField } from '../../fields/NumberField.tsx';
import { previewStepInBrowser, type BrowserStepPreview } from '../../browserMeshCheck.ts';
import { getFileBytes, tessellateStep, UploadError, uploadGeometry } from '../../setupApi.ts';
import { addParts } from '../../setupActions.ts';
import type { Part } from '../../../../domain/part.ts';
import { uploadedPart } from '../../setupParts.ts';
import { ADD_PART_TITLE, uploadTargetOf } from '../../setupSelection.ts';
import { useSetupStore } from '../../setupStore.ts';
import { useStlFileStore } from '../../stlFileStore.ts';
import { parseStl } from '../../stlGeometry.ts';
import { FormFrame } from '../FormFrame.tsx';
import { UploadFooter, CheckState, formatCount, formatVec, InfoTable, MeshWarnings, UploadFailure, UploadPending } from './uploadBlocks.tsx';


function baseName(fileName: string): string {
  return fileName.replace(/\.(step|stp)$/i, '') || 'Solid';
}

/** Pending steps of the upload: sending the file, then meshing it on the server. */
type Phase = 'sending' | 'meshing';

export function UploadStepForm({ document, kind = 'solidStep', onClose }: { document: SetupDocument; kind?: 'solidStep' | 'inletStep'; onClose: () => void }) {
  const { auth, api } = useServices();
  const simulationId = useSetupStore((s) => s.simulationId);
  const putFile = useStlFileStore((s) => s.put);
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [state, setState] = useState<PartUploadState>('idle');
  const [phase, setPhase] = useState<Phase>('sending');
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<{ title: string; detail: string } | null>(null);
  const [result, setResult] = useState<StepTessellation | null>(null);
  const [preview, setPreview] = useState<BrowserStepPreview | null>(null);
  /** Bodies to import (entry ids), all of them once the preview lists them. */
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [separate, setSeparate] = useState(false);
  const abort = useRef<AbortController | null>(null);

  const form = useForm<MeshingForm>({
    mode: 'onChange',
    resolver: zodResolver(meshingFormSchema),
    defaultValues: { linearDeflectionFactor: DEFAULT_LINEAR_DEFLECTION_FACTOR, angularDeflectionDeg: DEFAULT_ANGULAR_DEFLECTION_DEG, useDelabellaAlgorithm: false },
  });
  const values = useWatch({ control: form.control });
  const parsed = meshingFormSchema.safeParse(values);
  const parameters = parsed.success ? meshingFormToParameters(parsed.data) : null;
  const largeWarning = file ? stepUploadWarning(file.size) : null;

  useEffect(() => () => abort.current?.abort(), []);

  // The chosen file is meshed in the browser with the current parameters; a result overtaken by a newer
  // choice is dropped. Files over the warning size are left to the server.
  const factor = parameters?.linearDeflectionFactor;
  const angle = parameters?.angularDeflection;
  useEffect(() => {
    if (!file || factor === undefined || angle === undefined) {
      setPreview(null);
      return;
    }
    if (stepUploadWarning(file.size)) {
      setPreview({ status: 'unchecked', message: 'The file is not meshed in this browser because of its size; the server meshes it after the upload.' });
      return;
    }
    let current = true;
    setPreview({ status: 'checking' });
    void previewStepInBrowser(file, { linearDeflectionFactor: factor, angularDeflection: angle, useDelabellaAlgorithm: false }).then((next) => {
      if (!current) return;
      setPreview(next);
      // A new file starts with every body chosen; new meshing parameters keep the choice.
      if (next.status === 'checked') {
        setChosen((before) => {
          const ids = next.bodies.map((b) => b.entryId);
          const kept = ids.filter((id) => before.has(id));
          return new Set(kept.length > 0 ? kept : ids);
        });
      }
    });
    return () => {
      current = false;
    };
  }, [file, factor, angle]);

  const upload = async () => {
    if (!file || !simulationId || !parameters) return;
    const controller = new AbortController();
    abort.current = controller;
    setState('pending');
    setPhase('sending');
    setProgress(0);
    setError(null);
    try {
      const step = await uploadGeometry({ simulationId, file, unit: 'm', tokens: auth, onProgress: setProgress, signal: controller.signal });
      setPhase('meshing');
      const everyBody = preview?.status !== 'checked' || preview.bodies.every((b) => chosen.has(b.entryId));
      const meshed = await tessellateStep(api, step.id, parameters, { ...(everyBody ? {} : { entryIds: [...chosen] }), separate });
      // The meshes the server made, ready to draw when the parts are added (and framed by the camera).
      for (const part of meshed.parts) putFile(part.file.id, parseStl(await getFileBytes(auth, part.file.id, controller.signal)));
      if (controller.signal.aborted) throw new DOMException('The upload was cancelled.', 'AbortError');
      setResult(meshed);
      setState('success');
    } catch (caught) {
      if (caught instanceof DOMException && caught.name === 'AbortError') {
        setState('idle');
        return;
      }
      setState('error');
      if (caught instanceof UploadError) setError({ title: caught.message, detail: caught.detail });
      else setError({ title: `${file.name} could not be meshed`, detail: errorMessage(caught) });
    } finally {
      abort.current = null;
    }
  };

  const add = () => {
    if (!result) return;
    let doc: SetupDocument = document;
    const parts: Part[] = [];
    for (const made of result.parts) {
      const part = uploadedPart(uploadTargetOf(kind), doc, {
        name: result.parts.length === 1 ? name.trim() || baseName(result.source.name) : made.name,
        fileId: made.file.id,
        file: { name: made.file.name, extension: 'stl', unit: 'm' },
        info: made.file.shapeInfo,
        warnings: made.file.warnings,
      });
      parts.push(part);
      doc = { ...doc, parts: [...doc.parts, part] };
    }
    addParts(parts);
  };

  const triangles = result?.parts.reduce((n, p) => n + (p.file.shapeInfo?.nbrOfTriangles ?? 0), 0) ?? 0;
  const holes = result?.parts.reduce((n, p) => n + (p.file.shapeInfo?.holes ?? 0), 0) ?? 0;
  const nonManifold = result?.parts.reduce((n, p) => n + (p.file.shapeInfo?.nonManifold ?? 0), 0) ?? 0;
  const withWarnings = result?.parts.some((p) => p.file.warnings.length > 0) ?? false;
  const nothingChosen = preview?.status === 'checked' && chosen.size === 0;
  const locked = state === 'pending' || state === 'success';

  return (
    <FormFrame
      title={ADD_PART_TITLE[kind]}
      subtitle="STEP (AP203, AP214, AP242), meshed into triangles"
      testId={`add-${kind}-form`}
      onClose={onClose}
      alwaysEditable
      footer={
        <UploadFooter
          succeeded={state === 'success'}
          uploadLabel="Upload and mesh"
          uploadDisabled={!file || !parameters || nothingChosen || state === 'pending' || preview?.status === 'checking' || preview?.status === 'refused'}
          onCancel={onClose}
          onUpload={() => void upload()}
          onAdd={add}
        />
      }
    >
      <Stack gap="sm" data-testid="upload-state" data-state={state}>
        <Group gap={6}>
          <Badge size="sm" variant="light" color="grape">
            beta
          </Badge>
          <Text size="xs" c="dimmed">
            Choose the bodies to import, as one part or a part each.
          </Text>
        </Group>
        <FileInput
          label="STEP file"
          placeholder="Choose a .step or .stp file"
          accept=".step,.stp,model/step"
          value={file}
          clearable
          disabled={locked}
          data-testid="upload-file"
          onChange={(next) => {
            setFile(next);
            setState('idle');
            setError(null);
            setResult(null);
            if (next) setName(baseName(next.name));
          }}
        />
        {largeWarning && (
          <Alert color="yellow" variant="light" data-testid="step-large-warning">
            {largeWarning}
          </Alert>
        )}
        <NumberField control={form.control} name="linearDeflectionFactor" label="Max Deviation Factor" description="0.1 (fine) to 10 (coarse)" disabled={locked} testId="step-deviation" />
        <NumberField control={form.control} name="angularDeflectionDeg" label="Max Angle between Triangles" unit="°" description="1° to 90°" disabled={locked} testId="step-angle" />
        {!separate && <TextInput label="Part name" value={name} onChange={(event) => setName(event.currentTarget.value)} data-testid="upload-name" />}
        {state !== 'success' && preview && <StepPreview preview={preview} chosen={chosen} onChoose={setChosen} disabled={locked} />}
        {state !== 'success' && preview?.status === 'checked' && preview.bodies.length > 1 && (
          <div>
            <Text size="sm" fw={500} mb={4}>
              Import as
            </Text>
            <SegmentedControl
              size="xs"
              value={separate ? 'separate' : 'merged'}
              disabled={locked}
              onChange={(value) => setSeparate(value === 'separate')}
              data={[
                { value: 'merged', label: 'One part' },
                { value: 'separate', label: 'A part per body' },
              ]}
              data-testid="step-import-as"
            />
          </div>
        )}
        {state === 'pending' && (
          <UploadPending
            label={phase === 'sending' ? `Uploading ${file?.name ?? ''}` : 'Meshing on the server…'}
            progress={phase === 'sending' ? progress : null}
            onCancel={() => abort.current?.abort()}
          />
        )}
        {state === 'error' && error && <UploadFailure error={error} />}
        {state === 'success' && result && (
          <Stack gap="xs" data-testid="upload-result">
            {withWarnings && <MeshWarnings warnings={result.warnings.length > 0 ? result.warnings : [MESSAGES.partIssues]} />}
            <InfoTable
              rows={[
                { key: 'parts', label: 'Parts to add', value: result.parts.length },
                { key: 'bodies', label: 'Bodies', value: result.parts.reduce((n, p) => n + p.bodies.length, 0) },
                { key: 'triangles', label: 'Triangles', value: formatCount(triangles) },
                { key: 'holes', label: 'Holes', value: holes },
                { key: 'nonManifold', label: 'Non-manifold edges', value: nonManifold },
                ...(result.parts.length === 1 && result.parts[0].file.shapeInfo
                  ? [{ key: 'bbox', label: 'Bounding box', value: `${formatVec(result.parts[0].file.shapeInfo.boundingBox.min)} to ${formatVec(result.parts[0].file.shapeInfo.boundingBox.max)} m` }]
                  : []),
              ]}
            />
          </Stack>
        )}
      </Stack>
    </FormFrame>
  );
}

/** The bodies the browser found in the chosen file, before the upload. */
function StepPreview({
  preview,
  chosen,
  onChoose,
  disabled,
}: {
  preview: BrowserStepPreview;
  chosen: ReadonlySet<string>;
  onChoose: (next: ReadonlySet<string>) => void;
  disabled: boolean;
}) {
  if (preview.status !== 'checked') {
    return (
      <CheckState
        status={preview.status}
        message={preview.status === 'checking' ? undefined : preview.message}
        checking="Reading and meshing the file in this browser…"
        unchecked="Not meshed in this browser"
      />
    );
  }
  const defects = preview.bodies.filter((b) => b.holes > 0 || b.nonManifold > 0).length;
  return (
    <Stack gap={4} data-testid="upload-check" data-status="checked">
      <Text size="xs" fw={500} data-testid="step-preview-summary">
        {preview.bodies.length} {preview.bodies.length === 1 ? 'body' : 'bodies'}, {formatCount(preview.triangleCount)} triangles
        {defects > 0 ? `, ${defects} with holes or non-manifold edges` : ''}
        {chosen.size < preview.bodies.length ? `; ${chosen.size} chosen` : ''}
      </Text>
      <ScrollArea.Autosize mah={220} type="auto">
        <Table fz="xs" verticalSpacing={2} striped data-testid="step-preview-bodies">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={28}>
                <Checkbox
                  size="xs"
                  aria-label="Choose every body"
                  disabled={disabled}
                  checked={preview.bodies.every((b) => chosen.has(b.entryId))}
                  indeterminate={chosen.size > 0 && !preview.bodies.every((b) => chosen.has(b.entryId))}
                  onChange={(event) => onChoose(new Set(event.currentTarget.checked ? preview.bodies.map((b) => b.entryId) : []))}
                  data-testid="step-body-all"
                />
              </Table.Th>
              <Table.Th>Body</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th ta="right">Triangles</Table.Th>
              <Table.Th ta="right">Holes</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.bodies.map((b) => (
              <Table.Tr key={b.entryId} title={[...b.path, b.labelName].join(' / ')} data-testid="step-body">
                <Table.Td>
                  <Checkbox
                    size="xs"
                    aria-label={`Import ${b.labelName || b.entryId}`}
                    disabled={disabled}
                    checked={chosen.has(b.entryId)}
                    onChange={(event) => {
                      const next = new Set(chosen);
                      if (event.currentTarget.checked) next.add(b.entryId);
                      else next.delete(b.entryId);
                      onChoose(next);
                    }}
                  />
                </Table.Td>
                <Table.Td>{b.labelName || b.entryId}</Table.Td>
                <Table.Td>{b.shapeType}</Table.Td>
                <Table.Td ta="right">{formatCount(b.triangles)}</Table.Td>
                <Table.Td ta="right" c={b.holes > 0 ? 'orange' : undefined}>
                  {b.holes}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      {preview.warnings.map((w) => (
        <Text key={w} size="xs" c="orange">
          {w}
        </Text>
      ))}
    </Stack>
  );
}
