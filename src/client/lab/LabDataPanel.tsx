// Lab data source: N generated dam-break particles, a local output folder (directory picker), or an
// output folder fetched over HTTP.
import { Button, Group, NumberInput, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';

interface Props {
  count: number;
  status: string;
  onGenerate: (count: number) => void;
  onOpenUrl: (url: string) => void;
  onOpenDirectory: (handle: FileSystemDirectoryHandle) => void;
}

type DirectoryPicker = () => Promise<FileSystemDirectoryHandle>;

export function LabDataPanel({ count, status, onGenerate, onOpenUrl, onOpenDirectory }: Props) {
  const [n, setN] = useState(count);
  const [url, setUrl] = useState('');
  const picker = (window as unknown as { showDirectoryPicker?: DirectoryPicker }).showDirectoryPicker;
  return (
    <Paper withBorder p="xs" radius="sm">
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          Data
        </Text>
        <Group gap={6} align="end" wrap="nowrap">
          <NumberInput size="xs" label="Particles" value={n} min={1} max={50_000_000} step={100_000} thousandSeparator=","
            onChange={(v) => setN(Number(v) || 1)} style={{ flex: 1 }} />
          <Button size="xs" onClick={() => onGenerate(n)} data-testid="lab-generate">
            Generate
          </Button>
        </Group>
        <Group gap={6} align="end" wrap="nowrap">
          <TextInput size="xs" label="Output folder URL" value={url} onChange={(e) => setUrl(e.currentTarget.value)} style={{ flex: 1 }} />
          <Button size="xs" variant="light" disabled={!url} onClick={() => onOpenUrl(url)}>
            Load
          </Button>
        </Group>
        <Button
          size="xs"
          variant="light"
          disabled={!picker}
          onClick={() => void picker?.().then(onOpenDirectory).catch(() => undefined)}
        >
          Open output folder…
        </Button>
        <Text size="xs" c="dimmed" data-testid="lab-status">
          {status}
        </Text>
      </Stack>
    </Paper>
  );
}
