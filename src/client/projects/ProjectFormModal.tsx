// Creates a project or edits one: name 1..100 (trimmed, unique: 'Name is already used' from the server
// shows on the field) and description up to 500, validated with the domain's project schema.
import { useEffect } from 'react';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { projectCreateSchema, type Project } from '../../domain/project.ts';
import { errorMessage } from '../api/ApiClient.ts';
import { createProject, updateProject } from '../api/projectsApi.ts';
import { useApi } from '../app/services.ts';
import { applyServerFieldErrors } from '../ui/serverFieldErrors.ts';
import { showSuccess } from '../ui/toast.ts';
import { NameDescriptionFields, type NameDescriptionValues } from './NameDescriptionFields.tsx';

interface ProjectFormModalProps {
  opened: boolean;
  /** The project to edit; absent to create one. */
  project?: Project;
  onClose: () => void;
  onSaved: (project: Project) => void;
}

export function ProjectFormModal({ opened, project, onClose, onSaved }: ProjectFormModalProps) {
  const api = useApi();
  const form = useForm<NameDescriptionValues, unknown, NameDescriptionValues>({
    resolver: zodResolver(projectCreateSchema),
    defaultValues: { name: project?.name ?? '', description: project?.description ?? '' },
  });
  const { isSubmitting, errors } = form.formState;

  useEffect(() => {
    if (opened) form.reset({ name: project?.name ?? '', description: project?.description ?? '' });
  }, [opened, project, form]);

  const submit = form.handleSubmit(async (values) => {
    try {
      const input = { name: values.name, description: values.description ?? '' };
      const saved = project ? await updateProject(api, project.id, input) : await createProject(api, input);
      showSuccess(project ? 'Project saved' : 'Project created', saved.name);
      onSaved(saved);
      onClose();
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError, ['name', 'description'])) {
        form.setError('root', { type: 'server', message: errorMessage(error) });
      }
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title={project ? 'Edit project' : 'New project'} data-testid="project-form-modal" centered>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <NameDescriptionFields form={form} nameLabel="Project name" testIdPrefix="project-form" />
          {errors.root && (
            <Alert color="red" variant="light" data-testid="project-form-error">
              {errors.root.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting} data-testid="project-form-submit">
              {project ? 'Save' : 'Create project'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
