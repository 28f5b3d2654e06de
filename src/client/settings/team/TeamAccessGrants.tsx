// Access grants to the organisation (team admins): who from Surge support may read its projects, why and
// until when, with Revoke, which ends a grant at once. Expired grants show on request.
import { useState } from 'react';
import { Card, Group, Pagination, Switch, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import useSWR from 'swr';
import { ACCESS_GRANT_DEFAULT_PAGE_LIMIT, ACCESS_GRANT_MESSAGES, type AccessGrant } from '../../../domain/accessGrant.ts';
import { errorMessage } from '../../api/ApiClient.ts';
import { listTeamAccessGrants, revokeAccessGrant } from '../../api/accessGrantsApi.ts';
import { useApi } from '../../app/services.ts';
import { QueryState } from '../../ui/QueryState.tsx';
import { showError, showSuccess } from '../../ui/toast.ts';
import { AccessGrantsTable } from './AccessGrantsTable.tsx';

export function TeamAccessGrants() {
  const api = useApi();
  const [includeExpired, setIncludeExpired] = useState(false);
  const [pageNumber, setPageNumber] = useState(1);
  const [revokingId, setRevokingId] = useState<string | null>(null);
  const grants = useSWR(['team-access-grants', includeExpired, pageNumber], () =>
    listTeamAccessGrants(api, { includeExpired, pageNumber, pageLimit: ACCESS_GRANT_DEFAULT_PAGE_LIMIT }),
  );

  const revoke = (grant: AccessGrant) =>
    modals.openConfirmModal({
      title: 'Revoke access grant?',
      children: (
        <Text size="sm">
          <b>{grant.requester.fullName}</b> loses access to your organisation's projects and simulations at once.
        </Text>
      ),
      labels: { confirm: 'Revoke', cancel: 'Cancel' },
      confirmProps: { color: 'red', 'data-testid': 'access-grant-revoke-confirm' },
      onConfirm: () => void (async () => {
        setRevokingId(grant.id);
        try {
          await revokeAccessGrant(api, grant.id);
          showSuccess('Access grant revoked', grant.requester.fullName);
        } catch (error) {
          showError(ACCESS_GRANT_MESSAGES.revokeFailed, errorMessage(error));
        } finally {
          setRevokingId(null);
          await grants.mutate();
        }
      })(),
    });

  return (
    <Card withBorder radius="md" padding="lg" mt="lg" data-testid="team-access-grants">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <div>
          <Title order={4}>Access grants</Title>
          <Text size="sm" c="dimmed">
            Surge support staff with temporary read access to your organisation (24 hours each).
          </Text>
        </div>
        <Switch
          label="Show expired"
          checked={includeExpired}
          onChange={(event) => {
            setIncludeExpired(event.currentTarget.checked);
            setPageNumber(1);
          }}
          data-testid="access-grants-include-expired"
        />
      </Group>
      <QueryState data={grants.data} error={grants.error} retry={() => void grants.mutate()} rows={2}>
        {(page) =>
          page.results.length === 0 ? (
            <Text c="dimmed" ta="center" py="lg" data-testid="access-grants-empty">
              {includeExpired ? 'Nobody from Surge support has requested access.' : 'Nobody from Surge support has access right now.'}
            </Text>
          ) : (
            <>
              <AccessGrantsTable grants={page.results} mode="team" onRevoke={revoke} revokingId={revokingId} />
              {page.pageCount > 1 && (
                <Group justify="flex-end" mt="sm">
                  <Pagination total={page.pageCount} value={pageNumber} onChange={setPageNumber} size="sm" />
                </Group>
              )}
            </>
          )
        }
      </QueryState>
    </Card>
  );
}
