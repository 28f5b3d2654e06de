// The acceleration file of the Settings form (spec 1 §3, §5: one CSV with time, ax, ay, az): choose a
// file, have it checked here with the domain's parser (a bad file says why and nothing is sent or saved),
// upload it (the server checks it again), and the setup names it; a plot previews it. Remove clears it.
import { Alert, Button, FileButton, Group, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import {
  ACCELERATION_FILE_MAX_BYTES, ACCELERATION_FILE_MESSAGES, isCsvName, parseAccelerationCsv,
} from '../../../../domain/accelerationFile.ts';
import { MESSAGES } from '../../../../domain/messages.ts';
import type { SetupDocument } from '../../../../domain/setup.ts';
import { useServices } from '../../../app/services.ts';
import { formatNumber } from '../../fields/numberText.ts';
import { uploadAccelerationFile, UploadError } from '../../setupApi.ts';
import { useSetupStore } from '../../setupStore.ts';
import { AccelerationPlot } from './AccelerationPlot.tsx';
import { rememberAccelerationSamples, useAccelerationSamples } from './useAccelerationSamples.ts';

/** The hidden file input, found by tests that choose a file for the user. */
const FILE_INPUT_PROPS: Record<string, string> = { 'data-testid': 'acceleration-file-input' };

type State = { kind: 'idle' } | { kind: 'checking' | 'uploading'; name: string } | { kind: 'refused'; name: string; message: string };

export function AccelerationFileSection({ document }: { document: SetupDocument }) {
  const { auth } = useServices();
  const simulationId = useSetupStore((s) => s.simulationId);
  const locked = useSetupStore((s) => s.locked);
  const update = useSetupStore((s) => s.update);
  const [state, setState] = useState<State>({ kind: 'idle' });
  const file = document.settings.accelerationFile;
  const preview = useAccelerationSamples(auth, file?.id ?? null);
  const busy = state.kind === 'checking' || state.kind === 'uploading';

  const choose = async (files: File[]) => {
    if (files.length === 0) return;
    if (files.length > 1) {
      setState({ kind: 'refused', name: `${files.length} files`, message: MESSAGES.csvSingleFile });
      return;
    }
    const chosen = files[0];
    const refuse = (message: string) => setState({ kind: 'refused', name: chosen.name, message });
    if (!isCsvName(chosen.name)) return refuse(ACCELERATION_FILE_MESSAGES.notCsv);
    if (chosen.size > ACCELERATION_FILE_MAX_BYTES) return refuse(ACCELERATION_FILE_MESSAGES.tooLarge);
    if (!simulationId) return;
    setState({ kind: 'checking', name: chosen.name });
    const parsed = parseAccelerationCsv(await chosen.text());
    if (!parsed.ok) return refuse(parsed.message);
    setState({ kind: 'uploading', name: chosen.name });
    try {
      const stored = await uploadAccelerationFile({ simulationId, file: chosen, tokens: auth, signal: new AbortController().signal });
      rememberAccelerationSamples(stored.id, parsed.samples);
      update((doc) => ({ ...doc, settings: { ...doc.settings, accelerationFile: { id: stored.id, name: stored.name } } }));
      setState({ kind: 'idle' });
    } catch (caught) {
      refuse(caught instanceof UploadError ? caught.detail : caught instanceof Error ? caught.message : String(caught));
    }
  };

  const remove = () => update((doc) => ({ ...doc, settings: { ...doc.settings, accelerationFile: null } }));
  const samples = preview.samples;

  return (
    <Stack gap="xs" data-testid="acceleration-file" data-state={state.kind}>
      <Text size="xs" c="dimmed">
        A CSV of the frame's acceleration over time (columns time, ax, ay, az in s and m/s²), interpolated linearly between
        rows and applied to the whole case as an inertial force.
      </Text>
      {file ? (
        <Group justify="space-between" wrap="nowrap">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} truncate="end" data-testid="acceleration-file-name">
              {file.name}
            </Text>
            {samples && (
              <Text size="xs" c="dimmed" data-testid="acceleration-file-summary">
                {samples.time.length.toLocaleString('en-US')} rows, {formatNumber(samples.time[0])} s to {formatNumber(samples.time[samples.time.length - 1])} s
              </Text>
            )}
          </Stack>
          {!locked && (
            <Button size="xs" variant="subtle" color="red" onClick={remove} disabled={busy} data-testid="acceleration-file-remove">
              Remove
            </Button>
          )}
        </Group>
      ) : (
        <Text size="sm" c="dimmed" data-testid="acceleration-file-none">
          No acceleration file: the frame does not accelerate.
        </Text>
      )}
      {file && preview.loading && <Loader size="xs" />}
      {file && preview.error && (
        <Alert color="red" variant="light" title="The acceleration file could not be read" data-testid="acceleration-file-preview-error">
          {preview.error}
        </Alert>
      )}
      {samples && <AccelerationPlot samples={samples} />}
      {!locked && (
        <Group gap="xs">
          <FileButton onChange={(files) => void choose(files)} accept=".csv,text/csv" multiple inputProps={FILE_INPUT_PROPS}>
            {(props) => (
              <Button {...props} size="xs" variant="light" loading={busy} data-testid="acceleration-file-choose">
                {file ? 'Replace file' : 'Upload CSV'}
              </Button>
            )}
          </FileButton>
          {state.kind === 'uploading' && (
            <Text size="xs" c="dimmed">
              Uploading {state.name}…
            </Text>
          )}
        </Group>
      )}
      {state.kind === 'refused' && (
        <Alert color="red" variant="light" title={`${state.name} was not used`} withCloseButton onClose={() => setState({ kind: 'idle' })} data-testid="acceleration-file-error">
          {state.message}
        </Alert>
      )}
    </Stack>
  );
}
