// Entries of the Settings menu (spec 2 §2), shared by the desktop menu and the narrow-screen drawer.
import { PERMISSIONS, type Permission } from '../../domain/permissions.ts';

export interface SettingsEntry {
  path: string;
  label: string;
  testId: string;
  permission?: Permission;
}

export const SETTINGS_ENTRIES: readonly SettingsEntry[] = [
  { path: '/settings/overview', label: 'Overview', testId: 'menu-settings-overview' },
  { path: '/settings/profile', label: 'Profile & Settings', testId: 'menu-settings-profile' },
  { path: '/settings/budget', label: 'Usage & Budget', testId: 'menu-settings-budget' },
  { path: '/settings/team', label: 'Team', testId: 'menu-settings-team', permission: PERMISSIONS.USERS_VIEW },
  {
    path: '/settings/subscription',
    label: 'Subscription',
    testId: 'menu-settings-subscription',
    permission: PERMISSIONS.SUBSCRIPTION_VIEW,
  },
];

export function visibleSettingsEntries(can: (permission: Permission) => boolean): SettingsEntry[] {
  return SETTINGS_ENTRIES.filter((entry) => !entry.permission || can(entry.permission));
}

/** Title of a settings page for the menu bar. */
export function settingsTitle(pathname: string): string | null {
  const segment = pathname.replace(/^\/settings\/?/, '').split('/')[0] || 'overview';
  return SETTINGS_ENTRIES.find((entry) => entry.path === `/settings/${segment}`)?.label ?? null;
}
