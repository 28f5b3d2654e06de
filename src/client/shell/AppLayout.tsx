// Frame of every authenticated screen: the menu bar, the regional banner, the page, and the app-wide
// notices (connection, new version, release announcement).
import { AppShell } from '@mantine/core';
import { Outlet } from 'react-router';
import { ConnectionToast } from './ConnectionToast.tsx';
import { MenuBar } from './MenuBar.tsx';
import { NewVersionModal } from './NewVersionModal.tsx';
import { RegionalDomainBanner } from './RegionalDomainBanner.tsx';
import { useReleaseAnnouncement } from './useReleaseAnnouncement.ts';

export const MENU_BAR_HEIGHT_PX = 56;

export function AppLayout() {
  useReleaseAnnouncement();
  return (
    <AppShell header={{ height: MENU_BAR_HEIGHT_PX }} padding={0}>
      <AppShell.Header>
        <MenuBar />
      </AppShell.Header>
      <AppShell.Main bg="gray.0">
        <RegionalDomainBanner />
        <Outlet />
      </AppShell.Main>
      <ConnectionToast />
      <NewVersionModal />
    </AppShell>
  );
}
