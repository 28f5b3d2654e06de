// Which STEP file the modal organises: a selector of the simulation's earlier imports and Upload STEP (with
// progress and cancel, the spec's warning over 500 MB). A new upload becomes the file shown.
import { Alert, Button, FileButton, Group, Progress, Select, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { mutate as mutateCache } from 'swr';
import type { Assembly } from '../../domain/assembly.ts';
import { stepUploadWarning } from '../../domain/startRules.ts';
import { useServices } from '../app/services.ts';
import { UploadError } from '../setup/setupApi.ts';
import { formatDateTime } from '../ui/format.ts';
import { Icon } from '../ui/Icon.tsx';
import { uploadAssembly } from './assembliesApi.ts';
import { assembliesKey } from './useAssemblyData.ts';

const STEP_INPUT_PROPS: Record<string, string> = { 'data-testid': 'assembly-file-input' };

interface Props {
  simulationId: string;
  assemblies: Assembly[];
  current: Assembly | null;
  onChoose: (assemblyId: string) => void;
  disabled: boolean;
}

export function AssemblySource({ simulationId, assemblies, current, onChoose, disabled }: Props) {
  const { auth } = useServices();
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<{ title: string; detail: string } | null>(null);
  const [warning, setWarning] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const upload = async (file: File) => {
    const controller = new AbortController();
    abort.current = controller;
    setFailure(null);
    setWarning(stepUploadWarning(file.size));
    setProgress(0);
    try {
      const created = await uploadAssembly({ simulationId, file, tokens: auth, onProgress: setProgress, signal: controller.signal });
      await mutateCache(assembliesKey(simulationId), (list: Assembly[] | undefined) => [created, ...(list ?? [])], { revalidate: true });
      onChoose(created.id);
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      if (error instanceof UploadError) setFailure({ title: error.message, detail: error.detail });
      else setFailure({ title: `The upload of ${file.name} failed`, detail: error instanceof Error ? error.message : String(error) });
    } finally {
      setProgress(null);
      abort.current = null;
    }
  };

  return (
    <>
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <Select
          size="xs"
          label="Imported file"
          placeholder={assemblies.length === 0 ? 'No file imported yet' : 'Choose an earlier import'}
          data={assemblies.map((a) => ({ value: a.id, label: `${a.filename} · ${formatDateTime(a.createdAt)}` }))}
          value={current?.id ?? null}
          onChange={(value) => value && onChoose(value)}
          disabled={disabled || assemblies.length === 0 || progress !== null}
          allowDeselect={false}
          style={{ flex: 1 }}
          data-testid="assembly-file-select"
        />
        <FileButton onChange={(file) => file && void upload(file)} accept=".step,.stp,model/step" inputProps={STEP_INPUT_PROPS}>
          {(props) => (
            <Button {...props} size="xs" variant="light" leftSection={<Icon name="upload" size={14} />} disabled={disabled || progress !== null} data-testid="assembly-upload">
              Upload STEP
            </Button>
          )}
        </FileButton>
      </Group>
      {progress !== null && (
        <Group gap="xs" wrap="nowrap" data-testid="assembly-upload-progress">
          <Text size="xs" style={{ flex: 'none' }}>
            Uploading… {Math.round(progress * 100)} %
          </Text>
          <Progress value={progress * 100} size="sm" style={{ flex: 1 }} />
          <Button size="compact-xs" variant="subtle" color="red" onClick={() => abort.current?.abort()}>
            Cancel
          </Button>
        </Group>
      )}
      {warning && (
        <Alert color="yellow" variant="light" p="xs" data-testid="assembly-large-warning">
          {warning}
        </Alert>
      )}
      {failure && (
        <Alert color="red" variant="light" p="xs" title={failure.title} withCloseButton onClose={() => setFailure(null)} data-testid="assembly-upload-error">
          {failure.detail}
        </Alert>
      )}
    </>
  );
}
