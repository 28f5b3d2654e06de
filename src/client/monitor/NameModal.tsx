// A small dialog that asks for a name checked by a domain schema: Save layout (view names) and Save as
// template (template names); both are required, at most 100 characters and unique.
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { NAME_INPUT_MAX_LENGTH } from '../../domain/constants.ts';
import { errorMessage } from '../api/ApiClient.ts';

interface Props {
  title: string;
  label: string;
  description: string;
  submitLabel: string;
  nameSchema: z.ZodType<string, string>;
  initialName?: string;
  testId: string;
  onClose: () => void;
  onSave: (name: string) => Promise<void>;
}

export function NameModal({ title, label, description, submitLabel, nameSchema, initialName = '', testId, onClose, onSave }: Props) {
  const schema = useMemo(() => z.object({ name: nameSchema }), [nameSchema]);
  const form = useForm<{ name: string }>({ resolver: zodResolver(schema), defaultValues: { name: initialName } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ name }) => {
    try {
      await onSave(name);
      onClose();
    } catch (error) {
      form.setError('root', { type: 'server', message: errorMessage(error) });
    }
  });
  return (
    <Modal opened onClose={onClose} title={title} centered data-testid={testId}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <TextInput
          label={label}
          description={description}
          maxLength={NAME_INPUT_MAX_LENGTH}
          data-autofocus
          error={errors.name?.message}
          {...form.register('name')}
          data-testid={`${testId}-name`}
        />
        {errors.root && (
          <Alert color="red" variant="light" mt="sm" data-testid={`${testId}-error`}>
            {errors.root.message}
          </Alert>
        )}
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting} data-testid={`${testId}-submit`}>
            {submitLabel}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
