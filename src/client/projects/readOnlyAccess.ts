// Acting through an access grant is read-only (the server refuses every change with the domain's
// message): the projects page offers no changing action then, and says why where it keeps one visible.
import { ACCESS_GRANT_MESSAGES } from '../../domain/accessGrant.ts';
import type { CurrentUser } from '../../domain/user.ts';

/** Why the user cannot change anything here, or null when they can. */
export function readOnlyReason(user: Pick<CurrentUser, 'activeAccessGrantId'>): string | null {
  return user.activeAccessGrantId ? ACCESS_GRANT_MESSAGES.readOnly : null;
}
