// The state of an access grant as a coloured badge: active, expired or revoked.
import { Badge } from '@mantine/core';
import type { AccessGrantState } from '../../../domain/accessGrant.ts';

const LOOK: Record<AccessGrantState, { color: string; label: string }> = {
  active: { color: 'teal', label: 'Active' },
  expired: { color: 'gray', label: 'Expired' },
  revoked: { color: 'red', label: 'Revoked' },
};

export function AccessGrantStateBadge({ state }: { state: AccessGrantState }) {
  return (
    <Badge variant="dot" color={LOOK[state].color} data-testid="access-grant-state">
      {LOOK[state].label}
    </Badge>
  );
}
