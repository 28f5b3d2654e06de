// The signed-in user as every screen sees it: who they are, what their role allows, which features
// their organisation has. Filled by SessionProvider from GET /api/users.
import { createContext, useContext } from 'react';
import { hasPermission, type Permission } from '../../domain/permissions.ts';
import { hasFeature } from '../../domain/organization.ts';
import type { CurrentUser } from '../../domain/user.ts';

export interface Session {
  user: CurrentUser;
  can: (permission: Permission) => boolean;
  hasFeature: (feature: string) => boolean;
  /** Re-reads the current user (after a profile change). */
  refresh: () => Promise<unknown>;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('SessionContext is missing');
  return session;
}

export function makeSession(user: CurrentUser, refresh: () => Promise<unknown>): Session {
  return {
    user,
    can: (permission) => hasPermission(user.permissions, permission),
    hasFeature: (feature) => hasFeature(user.organization, feature),
    refresh,
  };
}
