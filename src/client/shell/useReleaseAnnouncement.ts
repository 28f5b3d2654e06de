// Shows what is new in the announced release once per version and browser (spec 1 §1), as a long toast.
import { createElement, useEffect } from 'react';
import { notifications } from '@mantine/notifications';
import { RELEASE_ANNOUNCEMENT_VERSION, TOAST_LONG_AUTO_CLOSE_MS } from '../../domain/constants.ts';
import { ReleaseNotes } from './ReleaseNotes.tsx';
import { browserStore, markReleaseAnnouncementSeen, shouldShowReleaseAnnouncement } from './dismissals.ts';

export function useReleaseAnnouncement(): void {
  useEffect(() => {
    const store = browserStore();
    if (!shouldShowReleaseAnnouncement(store, RELEASE_ANNOUNCEMENT_VERSION)) return;
    markReleaseAnnouncementSeen(store, RELEASE_ANNOUNCEMENT_VERSION);
    notifications.show({
      id: `release-${RELEASE_ANNOUNCEMENT_VERSION}`,
      title: `What's new in Surge ${RELEASE_ANNOUNCEMENT_VERSION}`,
      message: createElement(ReleaseNotes),
      color: 'blue',
      autoClose: TOAST_LONG_AUTO_CLOSE_MS,
      'data-testid': 'release-announcement',
    });
  }, []);
}
