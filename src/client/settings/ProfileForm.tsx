// The own profile (spec 2 §2 'Team and profile'): first name, surname, phone, job title, location,
// validated with the domain's profile schema and saved with PUT /api/users.
import { Button, Card, Group, SimpleGrid, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { profileUpdateSchema } from '../../domain/user.ts';
import { errorMessage } from '../api/ApiClient.ts';
import { updateProfile } from '../api/usersApi.ts';
import { useApi } from '../app/services.ts';
import { useSession } from '../session/session.ts';
import { applyServerFieldErrors } from '../ui/serverFieldErrors.ts';
import { showError, showSuccess } from '../ui/toast.ts';

type ProfileInput = z.input<typeof profileUpdateSchema>;
type ProfileOutput = z.output<typeof profileUpdateSchema>;

export function ProfileForm() {
  const api = useApi();
  const { user, refresh } = useSession();
  const form = useForm<ProfileInput, unknown, ProfileOutput>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      phoneNumber: user.phoneNumber ?? '',
      department: user.department ?? '',
      location: user.location ?? '',
    },
  });
  const { errors, isSubmitting, isDirty } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await updateProfile(api, {
        ...values,
        phoneNumber: values.phoneNumber || null,
        department: values.department || null,
        location: values.location || null,
      });
      await refresh();
      form.reset({
        firstName: saved.firstName,
        lastName: saved.lastName,
        phoneNumber: saved.phoneNumber ?? '',
        department: saved.department ?? '',
        location: saved.location ?? '',
      });
      showSuccess('Profile saved');
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError)) showError('Could not save your profile', errorMessage(error));
    }
  });

  return (
    <Card withBorder radius="md" padding="lg" component="form" onSubmit={(e) => void submit(e)} noValidate data-testid="profile-form">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label="First name" withAsterisk {...form.register('firstName')} error={errors.firstName?.message} data-testid="profile-first-name" />
        <TextInput label="Surname" withAsterisk {...form.register('lastName')} error={errors.lastName?.message} data-testid="profile-last-name" />
        <TextInput label="Email" value={user.email} disabled description="Your sign-in address; ask an admin to change it." />
        <TextInput label="Phone" type="tel" {...form.register('phoneNumber')} error={errors.phoneNumber?.message} data-testid="profile-phone" />
        <TextInput label="Job title" {...form.register('department')} error={errors.department?.message} data-testid="profile-job-title" />
        <TextInput label="Location" {...form.register('location')} error={errors.location?.message} data-testid="profile-location" />
      </SimpleGrid>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" disabled={!isDirty || isSubmitting} onClick={() => form.reset()}>
          Discard changes
        </Button>
        <Button type="submit" loading={isSubmitting} disabled={!isDirty} data-testid="profile-save">
          Save profile
        </Button>
      </Group>
    </Card>
  );
}
