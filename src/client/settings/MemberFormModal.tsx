// Adds a team member (email, names, role, optional phone, job title, location) or edits one; validated
// with the domain's user schemas. A new member receives an invitation to set their password.
import { useEffect } from 'react';
import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ASSIGNABLE_ROLES, ROLE_LABELS } from '../../domain/permissions.ts';
import { userCreateSchema, type User } from '../../domain/user.ts';
import { errorMessage } from '../api/ApiClient.ts';
import { createMember, updateMember } from '../api/usersApi.ts';
import { useApi } from '../app/services.ts';
import { applyServerFieldErrors } from '../ui/serverFieldErrors.ts';
import { showSuccess } from '../ui/toast.ts';

type MemberInput = z.input<typeof userCreateSchema>;
type MemberOutput = z.output<typeof userCreateSchema>;

interface MemberFormModalProps {
  opened: boolean;
  member?: User;
  onClose: () => void;
  onSaved: () => void;
}

function initialValues(member?: User): MemberInput {
  return {
    email: member?.email ?? '',
    firstName: member?.firstName ?? '',
    lastName: member?.lastName ?? '',
    role: member?.role === 'manager' ? 'manager' : 'contributor',
    phoneNumber: member?.phoneNumber ?? '',
    department: member?.department ?? '',
    location: member?.location ?? '',
  };
}

export function MemberFormModal({ opened, member, onClose, onSaved }: MemberFormModalProps) {
  const api = useApi();
  const form = useForm<MemberInput, unknown, MemberOutput>({ resolver: zodResolver(userCreateSchema), defaultValues: initialValues(member) });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (opened) form.reset(initialValues(member));
  }, [opened, member, form]);

  const submit = form.handleSubmit(async (values) => {
    const input = { ...values, phoneNumber: values.phoneNumber || null, department: values.department || null, location: values.location || null };
    try {
      if (member) {
        await updateMember(api, member.id, input);
        showSuccess('Member saved', `${values.firstName} ${values.lastName}`);
      } else {
        await createMember(api, input);
        showSuccess('Member added', `An invitation was sent to ${values.email}`);
      }
      onSaved();
      onClose();
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError)) {
        form.setError('root', { type: 'server', message: `${member ? 'Could not edit user' : 'Could not add a new user!'} ${errorMessage(error)}` });
      }
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title={member ? 'Edit member' : 'Add member'} size="lg" centered data-testid="member-form-modal">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="First name" withAsterisk {...form.register('firstName')} error={errors.firstName?.message} data-testid="member-first-name" />
            <TextInput label="Surname" withAsterisk {...form.register('lastName')} error={errors.lastName?.message} data-testid="member-last-name" />
            <TextInput label="Email" withAsterisk type="email" {...form.register('email')} error={errors.email?.message} data-testid="member-email" />
            <Controller
              control={form.control}
              name="role"
              render={({ field }) => (
                <Select
                  label="Role"
                  withAsterisk
                  data={ASSIGNABLE_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
                  value={field.value}
                  onChange={(value) => value && field.onChange(value)}
                  allowDeselect={false}
                  comboboxProps={{ withinPortal: true }}
                  error={errors.role?.message}
                  data-testid="member-role"
                />
              )}
            />
            <TextInput label="Phone" type="tel" {...form.register('phoneNumber')} error={errors.phoneNumber?.message} data-testid="member-phone" />
            <TextInput label="Job title" {...form.register('department')} error={errors.department?.message} />
            <TextInput label="Location" {...form.register('location')} error={errors.location?.message} />
          </SimpleGrid>
          {errors.root && (
            <Alert color="red" variant="light" data-testid="member-form-error">
              {errors.root.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting} data-testid="member-form-submit">
              {member ? 'Save' : 'Add member and send invitation'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
