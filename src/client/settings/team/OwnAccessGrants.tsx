// A support user's own access grants: to which organisations, why, until when, and whether a team admin
// revoked them. New ones are requested from the access-grant selector in the menu bar.
import { useState } from 'react';
import { Card, Group, Pagination, Switch, Text, Title } from '@mantine/core';
import useSWR from 'swr';
import { ACCESS_GRANT_DEFAULT_PAGE_LIMIT } from '../../../domain/accessGrant.ts';
import { listOwnAccessGrants } from '../../api/accessGrantsApi.ts';
import { useApi } from '../../app/services.ts';
import { QueryState } from '../../ui/QueryState.tsx';
import { AccessGrantsTable } from './AccessGrantsTable.tsx';

export function OwnAccessGrants() {
  const api = useApi();
  const [includeExpired, setIncludeExpired] = useState(true);
  const [pageNumber, setPageNumber] = useState(1);
  const grants = useSWR(['my-access-grants', includeExpired, pageNumber], () =>
    listOwnAccessGrants(api, { includeExpired, pageNumber, pageLimit: ACCESS_GRANT_DEFAULT_PAGE_LIMIT }),
  );

  return (
    <Card withBorder radius="md" padding="lg" mt="lg" data-testid="own-access-grants">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <div>
          <Title order={4}>Your access grants</Title>
          <Text size="sm" c="dimmed">
            Request access from the organisation selector in the menu bar.
          </Text>
        </div>
        <Switch
          label="Show expired"
          checked={includeExpired}
          onChange={(event) => {
            setIncludeExpired(event.currentTarget.checked);
            setPageNumber(1);
          }}
        />
      </Group>
      <QueryState data={grants.data} error={grants.error} retry={() => void grants.mutate()} rows={2}>
        {(page) =>
          page.results.length === 0 ? (
            <Text c="dimmed" ta="center" py="lg">
              You have no access grants.
            </Text>
          ) : (
            <>
              <AccessGrantsTable grants={page.results} mode="own" />
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
