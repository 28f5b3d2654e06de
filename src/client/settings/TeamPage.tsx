// Team (USERS_VIEW): the members of the organisation, filterable by role; team admins (USERS_MANAGE) add,
// edit and delete members, resend invitations, and see and revoke access grants of Surge support.
import { useState } from 'react';
import { Badge, Button, Card, Group, SegmentedControl, Table, Text, TextInput } from '@mantine/core';
import useSWR from 'swr';
import { MESSAGES } from '../../domain/messages.ts';
import { PERMISSIONS, ROLE_LABELS } from '../../domain/permissions.ts';
import type { User } from '../../domain/user.ts';
import { deleteMember, listTeam } from '../api/usersApi.ts';
import { useSession } from '../session/session.ts';
import { TypeToConfirmModal } from '../ui/TypeToConfirmModal.tsx';
import { showSuccess } from '../ui/toast.ts';
import { MemberFormModal } from './MemberFormModal.tsx';
import { TeamMemberActions } from './TeamMemberActions.tsx';
import { useApi } from '../app/services.ts';
import { UserAvatar } from '../shell/UserAvatar.tsx';
import { Icon } from '../ui/Icon.tsx';
import { PageHeader } from '../ui/PageHeader.tsx';
import { QueryState } from '../ui/QueryState.tsx';
import { formatDateTime } from '../ui/format.ts';
import { OwnAccessGrants } from './team/OwnAccessGrants.tsx';
import { TeamAccessGrants } from './team/TeamAccessGrants.tsx';

type RoleFilter = 'all' | 'contributor' | 'manager';

export function TeamPage() {
  const api = useApi();
  const team = useSWR('team', () => listTeam(api));
  const [role, setRole] = useState<RoleFilter>('all');
  const [search, setSearch] = useState('');
  const { user, can } = useSession();
  const canManage = can(PERMISSIONS.USERS_MANAGE);
  const [editing, setEditing] = useState<User | 'new' | null>(null);
  const [deleting, setDeleting] = useState<User | null>(null);

  return (
    <div data-testid="settings-team">
      <PageHeader
        title="Team"
        description="The members of your organisation."
        actions={
          canManage && (
            <Button leftSection={<Icon name="plus" size={16} />} onClick={() => setEditing('new')} data-testid="team-add">
              Add member
            </Button>
          )
        }
      />
      <Card withBorder radius="md" padding="lg">
        <Group justify="space-between" mb="md" wrap="wrap">
          <TextInput
            placeholder="Search by name or email"
            leftSection={<Icon name="search" size={16} />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            w={280}
            data-testid="team-search"
          />
          <SegmentedControl
            value={role}
            onChange={(value) => setRole(value as RoleFilter)}
            data={[
              { label: 'All', value: 'all' },
              { label: 'Contributors', value: 'contributor' },
              { label: 'Admins', value: 'manager' },
            ]}
            data-testid="team-role-filter"
          />
        </Group>
        <QueryState data={team.data} error={team.error} retry={() => void team.mutate()}>
          {(members) => {
            const needle = search.trim().toLowerCase();
            const shown = members.filter(
              (member) =>
                (role === 'all' || member.role === role) &&
                (!needle || member.fullName.toLowerCase().includes(needle) || member.email.toLowerCase().includes(needle)),
            );
            if (shown.length === 0) {
              return (
                <Text c="dimmed" ta="center" py="xl" data-testid="team-empty">
                  No members match this filter.
                </Text>
              );
            }
            return (
              <Table.ScrollContainer minWidth={640}>
                <Table verticalSpacing="sm" highlightOnHover data-testid="team-table">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Name</Table.Th>
                      <Table.Th>Email</Table.Th>
                      <Table.Th>Role</Table.Th>
                      <Table.Th>Status</Table.Th>
                      <Table.Th>Member since</Table.Th>
                      {canManage && <Table.Th w={56} aria-label="Actions" />}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {shown.map((member) => (
                      <Table.Tr key={member.id} data-testid="team-row">
                        <Table.Td>
                          <Group gap="sm" wrap="nowrap">
                            <UserAvatar fullName={member.fullName} avatarId={member.avatarId} />
                            <Text size="sm" fw={500}>
                              {member.fullName}
                            </Text>
                          </Group>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{member.email}</Text>
                        </Table.Td>
                        <Table.Td>
                          <Badge variant="light" color={member.role === 'manager' ? 'grape' : 'gray'}>
                            {ROLE_LABELS[member.role]}
                          </Badge>
                        </Table.Td>
                        <Table.Td>
                          <Badge variant="dot" color={member.active ? 'teal' : 'gray'}>
                            {member.active ? 'Active' : 'Inactive'}
                          </Badge>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{formatDateTime(member.createdAt)}</Text>
                        </Table.Td>
                        {canManage && (
                          <Table.Td>
                            <TeamMemberActions member={member} isSelf={member.id === user.id} onEdit={() => setEditing(member)} onDelete={() => setDeleting(member)} />
                          </Table.Td>
                        )}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            );
          }}
        </QueryState>
      </Card>
      {canManage && <TeamAccessGrants />}
      {user.role === 'support' && !user.activeAccessGrantId && <OwnAccessGrants />}
      {canManage && (
        <MemberFormModal
          opened={editing !== null}
          member={editing === 'new' || editing === null ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={() => void team.mutate()}
        />
      )}
      {deleting && (
        <TypeToConfirmModal
          opened
          title="Delete member"
          name={deleting.fullName}
          confirmLabel="Delete member"
          mismatchMessage={MESSAGES.typeNameToConfirm}
          testId="delete-member-modal"
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            await deleteMember(api, deleting.id);
            showSuccess('Member deleted', deleting.fullName);
            await team.mutate();
          }}
        >
          <b>{deleting.fullName}</b> can no longer sign in. Their projects pass to you.
        </TypeToConfirmModal>
      )}
    </div>
  );
}
