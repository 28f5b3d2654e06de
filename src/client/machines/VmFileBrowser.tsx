// Files of a running machine: the workspace's folders (home writable, outputs and exports read-only),
// downloads through a short-lived link, and uploads into the home with progress and abort.
import { ActionIcon, Alert, Anchor, Breadcrumbs, Button, Card, Group, Progress, Table, Text, Tooltip } from '@mantine/core';
import { useRef, useState } from 'react';
import useSWR from 'swr';
import { VM_HOME_PATH, VM_MESSAGES, type VmFileEntry } from '../../domain/vm.ts';
import { errorMessage } from '../api/ApiClient.ts';
import { useApi, useServices } from '../app/services.ts';
import { formatDateTime } from '../ui/format.ts';
import { formatBytes } from '../ui/formatBytes.ts';
import { Icon } from '../ui/Icon.tsx';
import { showError } from '../ui/toast.ts';
import { listVmFiles, uploadVmFile, vmDownloadLink } from './vmApi.ts';

interface Upload {
  name: string;
  fraction: number;
  controller: AbortController;
}

function parentOf(path: string): string {
  const at = path.lastIndexOf('/');
  return at <= 0 ? '/' : path.slice(0, at);
}

export function VmFileBrowser({ simulationId }: { simulationId: string }) {
  const api = useApi();
  const { auth } = useServices();
  const [path, setPath] = useState(VM_HOME_PATH);
  const [upload, setUpload] = useState<Upload | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const listing = useSWR(['vm-files', simulationId, path], ([, id, folder]) => listVmFiles(api, id, folder), { shouldRetryOnError: false });

  const download = async (entry: VmFileEntry) => {
    try {
      const link = await vmDownloadLink(api, simulationId, entry.path);
      const anchor = document.createElement('a');
      anchor.href = link.url;
      anchor.download = entry.name;
      document.body.appendChild(anchor);
      anchor.click();
      anchor.remove();
    } catch (error) {
      showError('Download failed', errorMessage(error));
    }
  };

  const start = (file: File) => {
    const controller = new AbortController();
    setUpload({ name: file.name, fraction: 0, controller });
    uploadVmFile({
      tokens: auth,
      simulationId,
      folder: path,
      file,
      signal: controller.signal,
      onProgress: (fraction) => setUpload((current) => (current && current.controller === controller ? { ...current, fraction } : current)),
    })
      .then(() => void listing.mutate())
      .catch((error: unknown) => {
        if (error instanceof DOMException && error.name === 'AbortError') return;
        showError(VM_MESSAGES.uploadFailed, errorMessage(error));
      })
      .finally(() => setUpload((current) => (current?.controller === controller ? null : current)));
  };

  const segments = path.split('/').filter(Boolean);
  const writable = listing.data?.writable ?? false;

  return (
    <Card withBorder radius="md" padding="md" data-testid="vm-files" data-path={path}>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          <Icon name="folder" size={16} />
          <Breadcrumbs separator="/" separatorMargin={4} data-testid="vm-files-path">
            <Anchor component="button" size="sm" onClick={() => setPath('/')}>
              workspace
            </Anchor>
            {segments.map((segment, i) => (
              <Anchor key={segment + i} component="button" size="sm" onClick={() => setPath(`/${segments.slice(0, i + 1).join('/')}`)}>
                {segment}
              </Anchor>
            ))}
          </Breadcrumbs>
        </Group>
        <Group gap={4} wrap="nowrap">
          <Tooltip label="Refresh">
            <ActionIcon variant="subtle" color="gray" aria-label="Refresh files" onClick={() => void listing.mutate()}>
              <Icon name="refresh" size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={writable ? 'Upload a file into this folder' : VM_MESSAGES.readOnly}>
            <span>
              <Button size="xs" leftSection={<Icon name="upload" size={14} />} disabled={!writable || upload !== null} onClick={() => input.current?.click()} data-testid="vm-upload">
                Upload
              </Button>
            </span>
          </Tooltip>
          <input
            ref={input}
            type="file"
            hidden
            data-testid="vm-upload-input"
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              event.currentTarget.value = '';
              if (file) start(file);
            }}
          />
        </Group>
      </Group>
      {upload && (
        <Group gap="xs" mb="sm" wrap="nowrap" data-testid="vm-upload-progress">
          <Text size="xs" style={{ whiteSpace: 'nowrap' }}>
            {upload.name}
          </Text>
          <Progress value={upload.fraction * 100} style={{ flex: 1 }} animated />
          <Text size="xs" c="dimmed">
            {Math.round(upload.fraction * 100)} %
          </Text>
          <Button size="compact-xs" variant="subtle" color="red" onClick={() => upload.controller.abort()} data-testid="vm-upload-abort">
            Abort
          </Button>
        </Group>
      )}
      {listing.error ? (
        <Alert color="red" data-testid="vm-files-error">
          {errorMessage(listing.error)}
        </Alert>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table verticalSpacing={4} highlightOnHover data-testid="vm-files-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th ta="right">Size</Table.Th>
                <Table.Th>Modified</Table.Th>
                <Table.Th w={40} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {path !== '/' && (
                <Table.Tr>
                  <Table.Td colSpan={4}>
                    <Anchor component="button" size="sm" onClick={() => setPath(parentOf(path))}>
                      ..
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              )}
              {(listing.data?.entries ?? []).map((entry) => (
                <Table.Tr key={entry.path} data-testid="vm-file" data-name={entry.name} data-type={entry.type}>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Icon name={entry.type === 'directory' ? 'folder' : 'database'} size={14} color="var(--mantine-color-gray-6)" />
                      {entry.type === 'directory' ? (
                        <Anchor component="button" size="sm" onClick={() => setPath(entry.path)}>
                          {entry.name}
                        </Anchor>
                      ) : (
                        <Text size="sm">{entry.name}</Text>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm">{entry.type === 'file' ? formatBytes(entry.size) : ''}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed">
                      {formatDateTime(entry.modifiedAt)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {entry.type === 'file' && (
                      <Tooltip label="Download">
                        <ActionIcon variant="subtle" color="gray" aria-label={`Download ${entry.name}`} onClick={() => void download(entry)} data-testid="vm-file-download">
                          <Icon name="download" size={16} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Text size="xs" c="dimmed" mt="xs">
        {VM_MESSAGES.homeDeleted}
      </Text>
    </Card>
  );
}
