// Shows its page only with the permission; otherwise the 'What are you doing here?' page (spec 2 §2).
import type { ReactNode } from 'react';
import type { Permission } from '../../domain/permissions.ts';
import { NoPermissionPage } from '../app/NoPermissionPage.tsx';
import { useSession } from '../session/session.ts';

export function RequirePermission({ permission, children }: { permission: Permission; children: ReactNode }) {
  const { can } = useSession();
  return can(permission) ? children : <NoPermissionPage />;
}
