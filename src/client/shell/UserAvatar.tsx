// The user's avatar: their initials on a colour derived from their avatar name, so it is stable.
import { Avatar } from '@mantine/core';
import type { AvatarId } from '../../domain/user.ts';

const AVATAR_COLORS: Record<AvatarId, string> = {
  dolphin: 'blue',
  frog: 'green',
  jellyfish: 'grape',
  nautilus: 'orange',
  nemo: 'red',
  octopus: 'pink',
  pelican: 'yellow',
  shark: 'gray',
  turtle: 'teal',
  whale: 'indigo',
};

interface UserAvatarProps {
  fullName: string;
  avatarId: AvatarId | null;
  size?: number | 'sm' | 'md' | 'lg';
}

export function UserAvatar({ fullName, avatarId, size = 'sm' }: UserAvatarProps) {
  const initials = fullName
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
  return (
    <Avatar size={size} radius="xl" color={avatarId ? AVATAR_COLORS[avatarId] : 'blue'} title={avatarId ?? undefined}>
      {initials || '?'}
    </Avatar>
  );
}
