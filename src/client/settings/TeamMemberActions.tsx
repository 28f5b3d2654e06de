// Actions on one team member for team admins (USERS_MANAGE): edit, resend the invitation, delete. Surge
// staff cannot be changed, and nobody can delete themselves (spec 2 §6).
import { ActionIcon, Menu } from '@mantine/core';
import { isInternalRole } from '../../domain/permissions.ts';
import type { User } from '../../domain/user.ts';
import { errorMessage } from '../api/ApiClient.ts';
import { resendInvitation } from '../api/usersApi.ts';
import { useApi } from '../app/services.ts';
import { Icon } from '../ui/Icon.tsx';
import { showError, showSuccess } from '../ui/toast.ts';

interface TeamMemberActionsProps {
  member: User;
  isSelf: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

export function TeamMemberActions({ member, isSelf, onEdit, onDelete }: TeamMemberActionsProps) {
  const api = useApi();
  if (isInternalRole(member.role)) return null;
  const resend = async () => {
    try {
      await resendInvitation(api, member.id);
      showSuccess('Invitation sent', member.email);
    } catch (error) {
      showError('Unable to send invitation email', errorMessage(error));
    }
  };
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={200}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${member.fullName}`} data-testid="member-actions">
          <Icon name="dots" />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<Icon name="pencil" size={16} />} onClick={onEdit} data-testid="member-edit">
          Edit
        </Menu.Item>
        <Menu.Item leftSection={<Icon name="refresh" size={16} />} onClick={() => void resend()} data-testid="member-resend">
          Resend invitation
        </Menu.Item>
        {!isSelf && (
          <>
            <Menu.Divider />
            <Menu.Item color="red" leftSection={<Icon name="trash" size={16} />} onClick={onDelete} data-testid="member-delete">
              Delete
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
