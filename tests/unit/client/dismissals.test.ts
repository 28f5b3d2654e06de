import { describe, expect, it } from 'vitest';
import {
  dismissRegionalBanner,
  markReleaseAnnouncementSeen,
  rememberRegionalRedirect,
  shouldShowRegionalBanner,
  shouldShowReleaseAnnouncement,
  STORAGE_KEYS,
  type KeyValueStore,
} from '../../../src/client/shell/dismissals.ts';

function memoryStore(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

const DAY = 24 * 60 * 60 * 1000;

describe('regional-domain banner', () => {
  it('shows until dismissed, hides for a day, then shows again', () => {
    const store = memoryStore();
    const t0 = Date.UTC(2026, 0, 10, 12);
    expect(shouldShowRegionalBanner(store, t0)).toBe(true);
    dismissRegionalBanner(store, t0);
    expect(store.data.get(STORAGE_KEYS.regionalBannerDismissedAt)).toBe(String(t0));
    expect(shouldShowRegionalBanner(store, t0 + 1)).toBe(false);
    expect(shouldShowRegionalBanner(store, t0 + DAY - 1)).toBe(false);
    expect(shouldShowRegionalBanner(store, t0 + DAY)).toBe(true);
  });

  it('treats a damaged stored value as never dismissed', () => {
    const store = memoryStore();
    store.setItem(STORAGE_KEYS.regionalBannerDismissedAt, 'yesterday');
    expect(shouldShowRegionalBanner(store, Date.now())).toBe(true);
  });

  it('stays hidden once the user went to the new domain', () => {
    const store = memoryStore();
    rememberRegionalRedirect(store);
    expect(shouldShowRegionalBanner(store, Date.now() + 10 * DAY)).toBe(false);
  });
});

describe('release announcement', () => {
  it('shows once per version', () => {
    const store = memoryStore();
    expect(shouldShowReleaseAnnouncement(store, '3.6.0')).toBe(true);
    markReleaseAnnouncementSeen(store, '3.6.0');
    expect(shouldShowReleaseAnnouncement(store, '3.6.0')).toBe(false);
    expect(shouldShowReleaseAnnouncement(store, '3.7.0')).toBe(true);
  });
});
