// Upload of a preprocessed setup (organisations with upload_preprocessing): a .zip file and the name of
// the job file inside it. The server checks both; its message shows here when it refuses them.
import { useRef, useState } from 'react';
import { Alert, Button, FileInput, Group, Modal, Progress, Stack, Text, TextInput } from '@mantine/core';
import type { SimulationSummary } from '../../domain/simulation.ts';
import { isZipFileName } from '../../domain/startRules.ts';
import { jobFilenameSchema, UPLOADED_SETUP_LIMITS, UPLOADED_SETUP_MESSAGES } from '../../domain/uploadedSetup.ts';
import { errorMessage } from '../api/ApiClient.ts';
import { uploadPreprocessedSetup } from '../api/uploadedSetupApi.ts';
import { useServices } from '../app/services.ts';
import { formatBytes } from '../ui/formatBytes.ts';
import { Icon } from '../ui/Icon.tsx';
import { showSuccess } from '../ui/toast.ts';

interface UploadSetupModalProps {
  opened: boolean;
  simulation: SimulationSummary;
  onClose: () => void;
  onUploaded: () => void;
}

function fileProblem(file: File | null): string | null {
  if (!file) return 'Choose the zip file of the setup';
  if (!isZipFileName(file.name)) return UPLOADED_SETUP_MESSAGES.notZip;
  if (file.size === 0) return UPLOADED_SETUP_MESSAGES.empty;
  if (file.size > UPLOADED_SETUP_LIMITS.zipMaxBytes) return UPLOADED_SETUP_MESSAGES.tooLarge(UPLOADED_SETUP_LIMITS.zipMaxBytes);
  return null;
}

export function UploadSetupModal({ opened, simulation, onClose, onUploaded }: UploadSetupModalProps) {
  const { auth } = useServices();
  const [file, setFile] = useState<File | null>(null);
  const [jobFilename, setJobFilename] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  const fileError = submitted ? fileProblem(file) : null;
  const jobCheck = jobFilenameSchema.safeParse(jobFilename);
  const jobError = submitted && !jobCheck.success ? jobCheck.error.issues[0].message : null;
  const uploading = progress !== null;

  const close = () => {
    abort.current?.abort();
    onClose();
  };

  const submit = async () => {
    setSubmitted(true);
    setFailure(null);
    if (fileProblem(file) || !jobCheck.success || !file) return;
    const controller = new AbortController();
    abort.current = controller;
    setProgress(0);
    try {
      const result = await uploadPreprocessedSetup({
        simulationId: simulation.id,
        file,
        jobFilename: jobCheck.data,
        tokens: auth,
        onProgress: setProgress,
        signal: controller.signal,
      });
      const geometry = result.fileIds.length;
      showSuccess('Setup uploaded', `${simulation.name}: ${result.jobFilename}${geometry > 0 ? ` with ${geometry} geometry file${geometry === 1 ? '' : 's'}` : ''}`);
      onUploaded();
      onClose();
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError')) setFailure(errorMessage(error));
    } finally {
      abort.current = null;
      setProgress(null);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="Upload preprocessed setup" centered size="lg" data-testid="upload-setup-modal">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          A zip file with the job file (a Surge setup document as JSON) and the geometry files it names. The setup of <b>{simulation.name}</b> is
          replaced; the simulation then opens in Monitor, not in Setup.
        </Text>
        <FileInput
          label="Zip file"
          withAsterisk
          accept=".zip,application/zip"
          placeholder="Choose a .zip file"
          leftSection={<Icon name="upload" size={16} />}
          value={file}
          onChange={setFile}
          clearable
          disabled={uploading}
          error={fileError}
          description={file ? formatBytes(file.size) : `At most ${formatBytes(UPLOADED_SETUP_LIMITS.zipMaxBytes)}`}
          data-testid="upload-setup-file"
        />
        <TextInput
          label="Job file name"
          withAsterisk
          placeholder="case/job.json"
          description="Its path inside the zip file; a bare name is found in any folder."
          value={jobFilename}
          onChange={(event) => setJobFilename(event.currentTarget.value)}
          disabled={uploading}
          error={jobError}
          data-testid="upload-setup-job-filename"
        />
        {uploading && <Progress value={(progress ?? 0) * 100} animated aria-label="Upload progress" data-testid="upload-setup-progress" />}
        {failure && (
          <Alert color="red" variant="light" title="The setup could not be uploaded" icon={<Icon name="alert" />} data-testid="upload-setup-error">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} loading={uploading} leftSection={<Icon name="upload" size={16} />} data-testid="upload-setup-submit">
            Upload
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
