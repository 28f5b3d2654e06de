// A table of access grants. For a team (its admins) it names who asked and offers Revoke on active
// grants; for a support user's own grants it names the organisation instead.
import { Button, Group, Table, Text } from '@mantine/core';
import { ACCESS_GRANT_REASON_LABELS, type AccessGrant } from '../../../domain/accessGrant.ts';
import { UserAvatar } from '../../shell/UserAvatar.tsx';
import { formatDateTime } from '../../ui/format.ts';
import { AccessGrantStateBadge } from './AccessGrantStateBadge.tsx';

interface AccessGrantsTableProps {
  grants: readonly AccessGrant[];
  mode: 'team' | 'own';
  /** Team mode: revoke an active grant. */
  onRevoke?: (grant: AccessGrant) => void;
  revokingId?: string | null;
}

export function AccessGrantsTable({ grants, mode, onRevoke, revokingId }: AccessGrantsTableProps) {
  const canRevoke = mode === 'team' && onRevoke !== undefined;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" data-testid={`access-grants-table-${mode}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{mode === 'team' ? 'Requested by' : 'Organisation'}</Table.Th>
            <Table.Th>Reason</Table.Th>
            <Table.Th>Requested</Table.Th>
            <Table.Th>Expires</Table.Th>
            <Table.Th>State</Table.Th>
            {canRevoke && <Table.Th w={110} aria-label="Actions" />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {grants.map((grant) => (
            <Table.Tr key={grant.id} data-testid="access-grant-row" data-grant-id={grant.id}>
              <Table.Td>
                {mode === 'team' ? (
                  <Group gap="sm" wrap="nowrap">
                    <UserAvatar fullName={grant.requester.fullName} avatarId={grant.requester.avatarId} />
                    <Text size="sm" fw={500}>
                      {grant.requester.fullName}
                    </Text>
                  </Group>
                ) : (
                  <Text size="sm" fw={500}>
                    {grant.organizationName}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{ACCESS_GRANT_REASON_LABELS[grant.reason]}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatDateTime(grant.createdAt)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatDateTime(grant.expiry)}</Text>
              </Table.Td>
              <Table.Td>
                <AccessGrantStateBadge state={grant.state} />
              </Table.Td>
              {canRevoke && (
                <Table.Td>
                  {grant.state === 'active' && (
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      loading={revokingId === grant.id}
                      onClick={() => onRevoke(grant)}
                      data-testid="access-grant-revoke"
                    >
                      Revoke
                    </Button>
                  )}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
