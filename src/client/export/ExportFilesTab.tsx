// Tab 2 'Download Files' of the Export screen: the export's state and progress, Cancel while it is
// scheduled or running (with the jobs' stop confirmation), the zip of everything, every file with its
// state, and the spec's messages for missing outputs, failure and warnings.
import { Alert, Badge, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { displayedJobState, isJobActive } from '../../domain/jobs.ts';
import type { UserExportRecord } from '../../domain/postprocessing.ts';
import { exportStateMessage } from '../../domain/userExport.ts';
import { errorMessage } from '../api/ApiClient.ts';
import { useServices } from '../app/services.ts';
import { CancelJobDialog } from '../run/CancelJobDialog.tsx';
import { showError } from '../ui/toast.ts';
import { cancelExport, downloadExportFile } from './exportApi.ts';
import { ExportFileList } from './ExportFileList.tsx';

interface Props {
  simulationId: string;
  record: UserExportRecord;
  onChanged: () => void;
}

export function ExportFilesTab({ simulationId, record, onChanged }: Props) {
  const { api, auth } = useServices();
  const [cancelOpen, setCancelOpen] = useState(false);
  const active = isJobActive(record.state);
  const archive = record.files.find((f) => f.id === record.archiveFileId) ?? null;
  const message = exportStateMessage(record.state);
  const download = (file: UserExportRecord['files'][number]) => {
    const name = file.filename.split('/').pop() ?? file.filename;
    downloadExportFile(auth, simulationId, file.id, name).catch((error: unknown) => showError('Download failed', errorMessage(error)));
  };
  return (
    <Stack gap="sm" data-testid="export-files-tab" data-state={record.state}>
      <Group justify="space-between">
        <Badge variant="light" data-testid="export-state">
          {displayedJobState(record.state)}
        </Badge>
        {active && (
          <Button size="xs" variant="light" color="red" onClick={() => setCancelOpen(true)} data-testid="export-cancel">
            Cancel
          </Button>
        )}
      </Group>
      {active && (
        <Stack gap={2}>
          <Progress value={record.progress} animated aria-label="Export progress" data-testid="export-progress" />
          <Text size="xs" c="dimmed">
            {Math.round(record.progress)} %
          </Text>
        </Stack>
      )}
      {message && (
        <Alert color="red" variant="light" data-testid="export-message">
          {message}
        </Alert>
      )}
      {record.errors
        .filter((e) => e.details?.outputs)
        .map((e) => (
          <Alert key={e.description} color="orange" variant="light" data-testid="export-missing">
            {e.description}: {e.details?.outputs.join(', ')}
          </Alert>
        ))}
      {record.warnings
        .filter((w) => !record.errors.some((e) => e.description === w))
        .map((w) => (
          <Text key={w} size="xs" c="orange.8">
            {w}
          </Text>
        ))}
      {archive && (
        <Stack gap={2}>
          <Button fullWidth disabled={archive.state !== 'completed'} onClick={() => download(archive)} data-testid="export-download-zip">
            Download all (.zip)
          </Button>
          <Text size="xs" c="dimmed" truncate="end" title={archive.filename}>
            {archive.filename}
          </Text>
        </Stack>
      )}
      <ExportFileList files={record.files.filter((f) => f.id !== record.archiveFileId)} onDownload={download} />
      <CancelJobDialog
        jobState={record.state}
        opened={cancelOpen}
        onCancelJob={async () => {
          await cancelExport(api, simulationId);
          onChanged();
        }}
        onClose={() => setCancelOpen(false)}
      />
    </Stack>
  );
}
