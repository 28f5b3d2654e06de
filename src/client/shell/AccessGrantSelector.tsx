// The access-grant selector of the menu bar (only with the access-grant-selection permission): which
// organisation a Surge support user acts in, their own or one of their active grants (read-only there),
// and the way to request a new grant. Switching reloads every screen's data for the new organisation.
import { useState } from 'react';
import { ActionIcon, Badge, Group, Select, Text, Tooltip } from '@mantine/core';
import { useNavigate } from 'react-router';
import useSWR, { useSWRConfig } from 'swr';
import { ACCESS_GRANT_ALL, ACCESS_GRANT_REASON_LABELS, type AccessGrant } from '../../domain/accessGrant.ts';
import { PERMISSIONS } from '../../domain/permissions.ts';
import { errorMessage } from '../api/ApiClient.ts';
import { listOwnAccessGrants, selectAccessGrant } from '../api/accessGrantsApi.ts';
import { useServices } from '../app/services.ts';
import { CURRENT_USER_KEY } from '../session/SessionProvider.tsx';
import { useSession } from '../session/session.ts';
import { formatDateTime } from '../ui/format.ts';
import { Icon } from '../ui/Icon.tsx';
import { showError, showSuccess } from '../ui/toast.ts';
import { RequestAccessGrantModal } from './RequestAccessGrantModal.tsx';

const OWN = 'own';
const OWN_ACCESS_GRANTS_KEY = 'own-access-grants';

export function AccessGrantSelector({ fullWidth = false }: { fullWidth?: boolean }) {
  const { api, realtime } = useServices();
  const { user, can } = useSession();
  const { mutate } = useSWRConfig();
  const navigate = useNavigate();
  const [switching, setSwitching] = useState(false);
  const [requesting, setRequesting] = useState(false);
  const allowed = can(PERMISSIONS.ACCESS_GRANT_SELECTION);
  const canRequest = user.role === 'support';
  const grants = useSWR(allowed ? OWN_ACCESS_GRANTS_KEY : null, () => listOwnAccessGrants(api, { pageLimit: ACCESS_GRANT_ALL, state: 'active' }));
  const active = grants.data?.results ?? [];
  const selected = user.activeAccessGrantId ?? OWN;

  const options = [
    { value: OWN, label: 'Own organisation' },
    ...active.map((grant) => ({ value: grant.id, label: grant.organizationName })),
  ];
  // The grant in use stays visible while the list loads.
  if (user.activeAccessGrantId && !options.some((o) => o.value === user.activeAccessGrantId)) {
    options.push({ value: user.activeAccessGrantId, label: user.organization.name });
  }
  const byId = new Map(active.map((grant) => [grant.id, grant]));

  const switchTo = async (value: string) => {
    const accessGrantId = value === OWN ? null : value;
    if (accessGrantId === user.activeAccessGrantId) return;
    setSwitching(true);
    try {
      const updated = await selectAccessGrant(api, accessGrantId);
      // Everything cached belongs to the organisation acted in before: drop it, keep the new user.
      await mutate(CURRENT_USER_KEY, updated, { revalidate: false });
      await mutate((key) => key !== CURRENT_USER_KEY, undefined, { revalidate: true });
      // The realtime channel authenticates once; reopen it in the new organisation.
      realtime.stop();
      realtime.start();
      // Support staff own nothing in a granted organisation: show everything they may read there.
      void navigate(accessGrantId ? '/projects?view=all' : '/projects');
      showSuccess(accessGrantId ? `Acting in ${updated.organization.name}` : 'Back in your own organisation', accessGrantId ? 'Read-only access through an access grant' : undefined);
    } catch (error) {
      showError('Switching the organisation failed', errorMessage(error));
      await grants.mutate();
    } finally {
      setSwitching(false);
    }
  };

  if (!allowed) return null;

  const onRequested = (grant: AccessGrant) => {
    showSuccess('Access granted', `${grant.organizationName} until ${formatDateTime(grant.expiry)}`);
    void grants.mutate().then(() => switchTo(grant.id));
  };

  return (
    <Group gap={4} wrap="nowrap" data-testid="access-grant-selector">
      {user.activeAccessGrantId && (
        <Badge color="orange" variant="light" title="Acting through an access grant: reading only" data-testid="access-grant-read-only">
          Read-only
        </Badge>
      )}
      <Select
        aria-label="Organisation you act in"
        data={options}
        value={selected}
        onChange={(value) => value && void switchTo(value)}
        allowDeselect={false}
        disabled={switching}
        leftSection={<Icon name={user.activeAccessGrantId ? 'key' : 'shield'} size={16} />}
        renderOption={({ option }) => {
          const grant = byId.get(option.value);
          return grant ? (
            <div>
              <Text size="sm">{grant.organizationName}</Text>
              <Text size="xs" c="dimmed">
                {ACCESS_GRANT_REASON_LABELS[grant.reason]} · until {formatDateTime(grant.expiry)}
              </Text>
            </div>
          ) : (
            <Text size="sm">{option.label}</Text>
          );
        }}
        w={fullWidth ? '100%' : 210}
        size="xs"
        comboboxProps={{ withinPortal: true, width: 260, position: 'bottom-end' }}
        styles={user.activeAccessGrantId ? { input: { borderColor: 'var(--mantine-color-orange-5)' } } : undefined}
        data-testid="access-grant-select"
      />
      {canRequest && (
        <Tooltip label="Request access to an organisation" withinPortal>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Request access" onClick={() => setRequesting(true)} data-testid="access-grant-request">
            <Icon name="plus" size={16} />
          </ActionIcon>
        </Tooltip>
      )}
      {canRequest && <RequestAccessGrantModal opened={requesting} onClose={() => setRequesting(false)} onRequested={onRequested} />}
    </Group>
  );
}
