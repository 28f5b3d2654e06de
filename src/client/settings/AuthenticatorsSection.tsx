// Two-factor authentication of the own account: the confirmed authenticators, adding one, removing one.
// Single sign-on users manage this at their identity provider, so the section explains that instead.
import { useState } from 'react';
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import useSWR from 'swr';
import { ERROR_MESSAGES } from '../../domain/errors.ts';
import { deleteAuthenticator, listAuthenticators } from '../api/accountApi.ts';
import { errorMessage } from '../api/ApiClient.ts';
import { useApi } from '../app/services.ts';
import { useSession } from '../session/session.ts';
import { Icon } from '../ui/Icon.tsx';
import { QueryState } from '../ui/QueryState.tsx';
import { formatDateTime } from '../ui/format.ts';
import { showError, showSuccess } from '../ui/toast.ts';
import { EnrolAuthenticatorModal } from './EnrolAuthenticatorModal.tsx';

export function AuthenticatorsSection() {
  const api = useApi();
  const { user, refresh } = useSession();
  const sso = user.ssoConnection !== null;
  const authenticators = useSWR(sso ? null : 'authenticators', () => listAuthenticators(api));
  const [enrolling, setEnrolling] = useState(false);

  const remove = (id: string, label: string) =>
    modals.openConfirmModal({
      title: 'Remove this authenticator?',
      children: (
        <Text size="sm">
          You will no longer be asked for codes from <b>{label}</b>.
        </Text>
      ),
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      confirmProps: { color: 'red', 'data-testid': 'mfa-remove-confirm' },
      onConfirm: () => void (async () => {
        try {
          await deleteAuthenticator(api, id);
          const remaining = await authenticators.mutate();
          await refresh();
          showSuccess(remaining && remaining.length === 0 ? 'Multi-factor authentication has been disabled' : 'Authenticator removed');
        } catch (error) {
          showError('Unable to disable Two-Factor Authentication', errorMessage(error));
        }
      })(),
    });

  return (
    <Card withBorder radius="md" padding="lg" data-testid="mfa-section">
      <Group justify="space-between" mb="sm">
        <div>
          <Group gap="xs">
            <Text fw={600}>Two-factor authentication</Text>
            {!sso && (
              <Badge color={user.mfaEnabled ? 'teal' : 'gray'} variant="light" data-testid="mfa-status">
                {user.mfaEnabled ? 'On' : 'Off'}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            Ask for a code from an authenticator app at every sign-in.
          </Text>
        </div>
        {!sso && (
          <Button leftSection={<Icon name="plus" size={16} />} variant="light" onClick={() => setEnrolling(true)} data-testid="mfa-add">
            Add authenticator
          </Button>
        )}
      </Group>
      {sso ? (
        <Text size="sm" c="dimmed" data-testid="mfa-sso-note">
          {ERROR_MESSAGES.ssoUser}
        </Text>
      ) : (
        <QueryState data={authenticators.data} error={authenticators.error} retry={() => void authenticators.mutate()} rows={2}>
          {(list) =>
            list.length === 0 ? (
              <Text size="sm" c="dimmed" data-testid="mfa-empty">
                No authenticator yet. Add one to protect your account with a second factor.
              </Text>
            ) : (
              <Stack gap="xs" data-testid="mfa-list">
                {list.map((authenticator) => (
                  <Group key={authenticator.id} justify="space-between" p="sm" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }} data-testid="mfa-item">
                    <Group gap="sm">
                      <Icon name="key" />
                      <div>
                        <Text size="sm" fw={600}>
                          {authenticator.label}
                        </Text>
                        <Text size="xs" c="dimmed">
                          Added {formatDateTime(authenticator.createdAt)}
                          {authenticator.lastUsedAt ? ` · last used ${formatDateTime(authenticator.lastUsedAt)}` : ''}
                        </Text>
                      </div>
                    </Group>
                    <Button size="xs" variant="subtle" color="red" onClick={() => remove(authenticator.id, authenticator.label)} data-testid="mfa-remove">
                      Remove
                    </Button>
                  </Group>
                ))}
              </Stack>
            )
          }
        </QueryState>
      )}
      {!sso && (
        <EnrolAuthenticatorModal
          opened={enrolling}
          onClose={() => setEnrolling(false)}
          onEnrolled={() => {
            void authenticators.mutate();
            void refresh();
            showSuccess('Two-factor authentication is on', 'You will be asked for a code at your next sign-in.');
          }}
        />
      )}
    </Card>
  );
}
