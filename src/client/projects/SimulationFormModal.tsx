// Adds a simulation to a project, or renames one (name 1..100 trimmed and unique in the project,
// description up to 500), validated with the domain's simulation schema.
import { useEffect } from 'react';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { simulationCreateSchema, type Simulation, type SimulationSummary } from '../../domain/simulation.ts';
import { errorMessage } from '../api/ApiClient.ts';
import { createSimulation } from '../api/projectsApi.ts';
import { updateSimulation } from '../api/simulationsApi.ts';
import { useApi } from '../app/services.ts';
import { applyServerFieldErrors } from '../ui/serverFieldErrors.ts';
import { showSuccess } from '../ui/toast.ts';
import { NameDescriptionFields, type NameDescriptionValues } from './NameDescriptionFields.tsx';

type SimulationFormModalProps = {
  opened: boolean;
  onClose: () => void;
  onSaved: (simulation: Simulation) => void;
} & ({ mode: 'create'; projectId: string; projectName: string } | { mode: 'rename'; simulation: SimulationSummary });

export function SimulationFormModal(props: SimulationFormModalProps) {
  const { opened, onClose, onSaved } = props;
  const api = useApi();
  const initial = props.mode === 'rename' ? { name: props.simulation.name, description: props.simulation.description } : { name: '', description: '' };
  const form = useForm<NameDescriptionValues, unknown, NameDescriptionValues>({
    resolver: zodResolver(simulationCreateSchema),
    defaultValues: initial,
  });
  const { isSubmitting, errors } = form.formState;
  const resetKey = props.mode === 'rename' ? props.simulation.id : props.projectId;

  useEffect(() => {
    if (opened) form.reset(initial);
    // The form restarts when the dialog opens for another simulation or project, not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, resetKey]);

  const submit = form.handleSubmit(async (values) => {
    const input = { name: values.name, description: values.description ?? '' };
    try {
      if (props.mode === 'create') {
        const created = await createSimulation(api, props.projectId, input);
        showSuccess('Simulation created', `${created.name} in ${props.projectName}`);
        onSaved(created);
      } else {
        const updated = await updateSimulation(api, props.simulation.id, input);
        showSuccess('Simulation renamed', updated.name);
        onSaved(updated);
      }
      onClose();
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError, ['name', 'description'])) {
        form.setError('root', {
          type: 'server',
          message: props.mode === 'create' ? `Adding simulation failed: ${errorMessage(error)}` : errorMessage(error),
        });
      }
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={props.mode === 'create' ? `New simulation in ${props.projectName}` : 'Rename simulation'}
      data-testid="simulation-form-modal"
      centered
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <NameDescriptionFields form={form} nameLabel="Simulation name" testIdPrefix="simulation-form" />
          {errors.root && (
            <Alert color="red" variant="light" data-testid="simulation-form-error">
              {errors.root.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting} data-testid="simulation-form-submit">
              {props.mode === 'create' ? 'Create simulation' : 'Save'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
