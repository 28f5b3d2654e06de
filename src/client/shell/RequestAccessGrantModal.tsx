// Surge support asks an organisation for 24 hours of read access, giving a reason.
import { useEffect } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import useSWR from 'swr';
import type { z } from 'zod';
import { ACCESS_GRANT_REASON_LABELS, ACCESS_GRANT_REASONS, accessGrantRequestSchema, type AccessGrant } from '../../domain/accessGrant.ts';
import { errorMessage } from '../api/ApiClient.ts';
import { listGrantableOrganizations, requestAccessGrant } from '../api/accessGrantsApi.ts';
import { useApi } from '../app/services.ts';
import { applyServerFieldErrors } from '../ui/serverFieldErrors.ts';

type RequestInput = z.input<typeof accessGrantRequestSchema>;
type RequestOutput = z.output<typeof accessGrantRequestSchema>;

interface RequestAccessGrantModalProps {
  opened: boolean;
  onClose: () => void;
  onRequested: (grant: AccessGrant) => void;
}

const EMPTY: RequestInput = { organizationId: '', reason: 'support' };

export function RequestAccessGrantModal({ opened, onClose, onRequested }: RequestAccessGrantModalProps) {
  const api = useApi();
  const organizations = useSWR(opened ? 'grantable-organizations' : null, () => listGrantableOrganizations(api));
  const form = useForm<RequestInput, unknown, RequestOutput>({ resolver: zodResolver(accessGrantRequestSchema), defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (opened) form.reset(EMPTY);
  }, [opened, form]);

  const submit = form.handleSubmit(async (values) => {
    try {
      onRequested(await requestAccessGrant(api, values));
      onClose();
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError)) form.setError('root', { type: 'server', message: errorMessage(error) });
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title="Request access" centered data-testid="access-grant-request-modal">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            You get read access to the organisation's projects and simulations for 24 hours. Its team admins see the request and can revoke it.
          </Text>
          <Controller
            control={form.control}
            name="organizationId"
            render={({ field }) => (
              <Select
                label="Organisation"
                withAsterisk
                searchable
                placeholder={organizations.isLoading ? 'Loading...' : 'Choose an organisation'}
                data={(organizations.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
                nothingFoundMessage="No organisation matches"
                comboboxProps={{ withinPortal: true }}
                error={errors.organizationId?.message ?? (organizations.error ? errorMessage(organizations.error) : undefined)}
                data-testid="access-grant-request-organization"
              />
            )}
          />
          <Controller
            control={form.control}
            name="reason"
            render={({ field }) => (
              <Select
                label="Reason"
                withAsterisk
                data={ACCESS_GRANT_REASONS.map((reason) => ({ value: reason, label: ACCESS_GRANT_REASON_LABELS[reason] }))}
                value={field.value}
                onChange={(value) => value && field.onChange(value)}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
                error={errors.reason?.message}
                data-testid="access-grant-request-reason"
              />
            )}
          />
          {errors.root && (
            <Alert color="red" variant="light" data-testid="access-grant-request-error">
              {errors.root.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting} data-testid="access-grant-request-submit">
              Request access
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
