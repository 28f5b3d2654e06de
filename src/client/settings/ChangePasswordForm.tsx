// Changes the own password (POST /api/auth/password). Single sign-on users have no password here.
import { Button, Card, Group, PasswordInput, SimpleGrid, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { passwordChangeSchema } from '../../domain/user.ts';
import { changePassword } from '../api/accountApi.ts';
import { errorMessage } from '../api/ApiClient.ts';
import { useApi } from '../app/services.ts';
import { applyServerFieldErrors } from '../ui/serverFieldErrors.ts';
import { showSuccess } from '../ui/toast.ts';

type PasswordInput = z.input<typeof passwordChangeSchema>;

export function ChangePasswordForm() {
  const api = useApi();
  const form = useForm<PasswordInput>({
    resolver: zodResolver(passwordChangeSchema),
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await changePassword(api, values);
      form.reset();
      showSuccess('Password changed');
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError)) form.setError('currentPassword', { type: 'server', message: errorMessage(error) });
    }
  });

  return (
    <Card withBorder radius="md" padding="lg" component="form" onSubmit={(e) => void submit(e)} noValidate data-testid="password-form">
      <Text fw={600}>Password</Text>
      <Text size="sm" c="dimmed" mb="md">
        Change the password you sign in with.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <PasswordInput label="Current password" autoComplete="current-password" {...form.register('currentPassword')} error={errors.currentPassword?.message} data-testid="password-current" />
        <PasswordInput label="New password" autoComplete="new-password" {...form.register('newPassword')} error={errors.newPassword?.message} data-testid="password-new" />
      </SimpleGrid>
      <Group justify="flex-end" mt="md">
        <Button type="submit" variant="light" loading={isSubmitting} data-testid="password-save">
          Change password
        </Button>
      </Group>
    </Card>
  );
}
