// The files of an export with their states; finished ones download with the user's token.
import { ActionIcon, Badge, Box, Group, Stack, Text, Tooltip } from '@mantine/core';
import { displayedJobState } from '../../domain/jobs.ts';
import type { UserExportRecord } from '../../domain/postprocessing.ts';
import { Icon } from '../ui/Icon.tsx';

const STATE_COLOR: Record<string, string> = { scheduled: 'gray', running: 'blue', completed: 'green', failed: 'red', canceled: 'gray', unknown: 'gray' };

interface Props {
  files: UserExportRecord['files'];
  onDownload: (file: UserExportRecord['files'][number]) => void;
}

export function ExportFileList({ files, onDownload }: Props) {
  return (
    <Box style={{ maxHeight: 320, overflowY: 'auto', overflowX: 'hidden' }}>
      <Stack gap={2} data-testid="export-file-list">
        {files.map((file) => {
          const state = displayedJobState(file.state);
          return (
            <Group key={file.id} gap="xs" wrap="nowrap" justify="space-between" data-testid="export-file" data-state={file.state}>
              <Text size="xs" truncate="start" title={file.filename} style={{ minWidth: 0, flex: 1 }}>
                {file.filename}
              </Text>
              <Badge size="xs" variant="light" color={STATE_COLOR[state]} style={{ flex: '0 0 auto' }}>
                {state}
              </Badge>
              <Tooltip label={`Download ${file.filename}`} withArrow>
                <ActionIcon size="sm" variant="subtle" style={{ flex: '0 0 auto' }} disabled={file.state !== 'completed'} aria-label={`Download ${file.filename}`} onClick={() => onDownload(file)}>
                  <Icon name="download" />
                </ActionIcon>
              </Tooltip>
            </Group>
          );
        })}
      </Stack>
    </Box>
  );
}
