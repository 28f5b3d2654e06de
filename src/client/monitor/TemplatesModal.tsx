// Load template (a new view of this simulation from a template, under a unique view name) and Manage
// templates (rename, delete in two clicks). Templates belong to the organisation.
import { Alert, Button, Group, Loader, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { NAME_INPUT_MAX_LENGTH } from '../../domain/constants.ts';
import { templateNameSchema, viewNameSchema } from '../../domain/validation/names.ts';
import { errorMessage } from '../api/ApiClient.ts';
import { formatDateTime } from '../ui/format.ts';
import { showError } from '../ui/toast.ts';
import { ArmedDeleteButton } from './ArmedDeleteButton.tsx';
import { NameModal } from './NameModal.tsx';
import { useDashboardTemplates } from './useDashboardTemplates.ts';

interface Props {
  mode: 'load' | 'manage';
  viewNames: string[];
  onClose: () => void;
  onLoad: (templateId: string, viewName: string) => Promise<void>;
}

export function TemplatesModal({ mode, viewNames, onClose, onLoad }: Props) {
  const templates = useDashboardTemplates(true);
  const [chosen, setChosen] = useState<string | null>(null);
  const [viewName, setViewName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const list = templates.data ?? [];

  const load = async () => {
    const parsed = viewNameSchema(viewNames).safeParse(viewName);
    if (!chosen) {
      setError('Choose a template.');
      return;
    }
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Invalid name');
      return;
    }
    setBusy(true);
    try {
      await onLoad(chosen, parsed.data);
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={mode === 'load' ? 'Load template' : 'Manage templates'} centered size="md" data-testid={`templates-${mode}`}>
      {templates.error && !templates.data ? (
        <Alert color="red" variant="light">{errorMessage(templates.error)}</Alert>
      ) : !templates.data ? (
        <Loader size="sm" />
      ) : list.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="templates-empty">
          No templates yet. Save a view's layout as a template with Save as template.
        </Text>
      ) : mode === 'load' ? (
        <Stack gap="sm">
          <Radio.Group
            value={chosen}
            onChange={(id) => {
              setChosen(id);
              setError(null);
              if (!viewName) setViewName(list.find((t) => t.id === id)?.name ?? '');
            }}
            label="Template"
          >
            <Stack gap={6} mt={6}>
              {list.map((t) => (
                <Radio key={t.id} value={t.id} label={t.name} description={`${t.tiles.length} tiles · saved ${formatDateTime(t.createdAt)}`} />
              ))}
            </Stack>
          </Radio.Group>
          <TextInput
            label="New view name"
            value={viewName}
            maxLength={NAME_INPUT_MAX_LENGTH}
            onChange={(e) => {
              setViewName(e.currentTarget.value);
              setError(null);
            }}
            data-testid="template-view-name"
          />
          {error && (
            <Text size="sm" c="red" data-testid="templates-error">
              {error}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={() => void load()} loading={busy} data-testid="template-load">
              Load
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap={6}>
          {list.map((t) => (
            <Group key={t.id} justify="space-between" wrap="nowrap" data-testid="template-row">
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={600} truncate="end">
                  {t.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {t.tiles.length} tiles · saved {formatDateTime(t.createdAt)}
                </Text>
              </div>
              <Group gap={4} wrap="nowrap">
                <Button size="compact-xs" variant="subtle" onClick={() => setRenaming({ id: t.id, name: t.name })}>
                  Rename
                </Button>
                <ArmedDeleteButton
                  testId="template-delete"
                  onDelete={() => templates.remove(t.id).catch((e: unknown) => showError('The template was not deleted', errorMessage(e)))}
                />
              </Group>
            </Group>
          ))}
        </Stack>
      )}
      {renaming && (
        <NameModal
          title="Rename template"
          label="Template name"
          description="Views made from it keep their own names."
          submitLabel="Rename"
          initialName={renaming.name}
          nameSchema={templateNameSchema(list.filter((t) => t.id !== renaming.id).map((t) => t.name))}
          testId="rename-template"
          onClose={() => setRenaming(null)}
          onSave={(name) => templates.rename(renaming.id, name)}
        />
      )}
    </Modal>
  );
}
