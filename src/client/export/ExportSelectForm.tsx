// Tab 1 'Select Data' of the Export screen (spec 2 §2, §5): objects, attributes, outputs, logs and setup,
// checked with the domain's export rules as the user goes; Export asks first when no attribute is chosen
// and when it replaces an earlier export's files, then starts the export.
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Checkbox, Divider, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { MESSAGES } from '../../domain/messages.ts';
import type { UserExportRecord } from '../../domain/postprocessing.ts';
import { defaultUserExportState, exportNeedsAttributeConfirmation, userExportIssues, userExportStateSchema, type UserExportState } from '../../domain/userExport.ts';
import { errorMessage } from '../api/ApiClient.ts';
import { useApi } from '../app/services.ts';
import { AttributeSelection } from './AttributeSelection.tsx';
import { startExport } from './exportApi.ts';
import { issuesOf, type ExportChoices } from './exportModel.ts';
import { ObjectSelection } from './ObjectSelection.tsx';
import { OutputSelection } from './OutputSelection.tsx';

interface Props {
  simulationId: string;
  choices: ExportChoices;
  availableOutputs: readonly number[];
  lastOutput: number;
  previous: UserExportRecord | null;
  onStarted: (record: UserExportRecord) => void;
}

/** Asks in a modal; resolves true on confirm. */
function confirm(message: string, confirmLabel: string, testId: string): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: 'Export',
      children: <Text size="sm">{message}</Text>,
      labels: { confirm: confirmLabel, cancel: 'Cancel' },
      confirmProps: { 'data-testid': testId },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}

export function ExportSelectForm({ simulationId, choices, availableOutputs, lastOutput, previous, onStarted }: Props) {
  const api = useApi();
  const form = useForm<UserExportState>({ resolver: zodResolver(userExportStateSchema), defaultValues: previous?.request ?? defaultUserExportState(simulationId, lastOutput) });
  const state = form.watch();
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const issues = userExportIssues(state, availableOutputs);
  const blocking = issues.some((i) => i.severity === 'error');
  const stepSchemaError = form.formState.errors.stepSize?.message;

  const change = (values: Partial<UserExportState>) => {
    for (const [key, value] of Object.entries(values) as [keyof UserExportState, UserExportState[keyof UserExportState]][]) {
      form.setValue(key, value, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    }
  };

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    if (exportNeedsAttributeConfirmation(values) && !(await confirm(MESSAGES.exportNoAttributesConfirm, 'Export', 'export-confirm-no-attributes'))) return;
    const replaces = previous !== null && previous.state !== 'expired' && previous.files.length > 0;
    if (replaces && !(await confirm(MESSAGES.exportReplacePrevious, 'Yes, export', 'export-confirm-replace'))) return;
    setSubmitting(true);
    try {
      onStarted(await startExport(api, simulationId, values));
    } catch (caught) {
      setFailure(errorMessage(caught));
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <form onSubmit={(e) => void submit(e)} data-testid="export-select-form">
      <Stack gap="sm">
        <ObjectSelection state={state} choices={choices} onChange={change} error={issuesOf(issues, '')[0]?.message ?? issuesOf(issues, 'surfaceReconstructions')[0]?.message ?? null} />
        <Divider />
        <AttributeSelection state={state} choices={choices} onChange={change} />
        <Divider />
        <OutputSelection state={state} lastOutput={lastOutput} issues={stepSchemaError ? [{ field: 'stepSize', message: stepSchemaError, severity: 'error' }, ...issues] : issues} onChange={change} />
        <Divider />
        <Stack gap={4}>
          <Checkbox label="Solver log (CSV)" checked={state.logs} onChange={(e) => change({ logs: e.currentTarget.checked })} data-testid="export-logs" />
          <Checkbox label="Setup (JSON)" checked={state.setup} onChange={(e) => change({ setup: e.currentTarget.checked })} data-testid="export-setup" />
        </Stack>
        {failure && (
          <Alert color="red" variant="light" title={MESSAGES.exportConfigError} data-testid="export-start-error">
            {failure}
          </Alert>
        )}
        <Button type="submit" loading={submitting} disabled={blocking} data-testid="export-start">
          Export
        </Button>
      </Stack>
    </form>
  );
}
