// The cancel confirmation of a background job (spec 1 §4, spec 2 §4): 'Stop computation?', the warning that
// there is no resume, and one button that reads 'Yes, stop', then 'Stopping...' until the job has ended,
// then 'Done'.
import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { cancelDialog, cancelDialogPhase, type JobState } from '../../domain/jobs.ts';
import { errorMessage } from '../api/ApiClient.ts';

interface Props {
  jobState: JobState;
  opened: boolean;
  onCancelJob: () => Promise<void>;
  onClose: () => void;
}

export function CancelJobDialog({ jobState, opened, onCancelJob, onClose }: Props) {
  const [requested, setRequested] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const phase = cancelDialogPhase(requested, jobState);
  const dialog = cancelDialog(phase);
  const close = () => {
    setRequested(false);
    setError(null);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={dialog.title} data-testid="cancel-job-dialog" centered>
      <Text size="sm" mb="md">
        {dialog.warning}
      </Text>
      {error && (
        <Alert color="red" variant="light" mb="md">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        {phase === 'confirm' && (
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
        )}
        <Button
          color={phase === 'done' ? 'blue' : 'red'}
          disabled={dialog.buttonDisabled}
          data-testid="cancel-job-confirm"
          onClick={() => void (async () => {
            if (phase === 'done') {
              close();
              return;
            }
            setRequested(true);
            try {
              await onCancelJob();
            } catch (caught) {
              setRequested(false);
              setError(errorMessage(caught));
            }
          })()}
        >
          {dialog.button}
        </Button>
      </Group>
    </Modal>
  );
}
