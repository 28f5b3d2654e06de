// What this browser remembers about dismissed notices: the regional-domain banner (shown again one day
// after it was dismissed) and the release announcement (shown once per announced version).

import { DOMAIN_BANNER_RESHOW_MS } from '../../domain/constants.ts';

/** The subset of the Web Storage API these rules need, so they can run against any store. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export const STORAGE_KEYS = {
  regionalBannerDismissedAt: 'surge.regionalDomainBanner.dismissedAt',
  regionalBannerRedirected: 'surge.regionalDomainBanner.redirected',
  releaseAnnouncementSeen: 'surge.releaseAnnouncement.seenVersion',
} as const;

/** The banner shows unless it was dismissed less than a day ago or the user already moved to the new domain. */
export function shouldShowRegionalBanner(store: KeyValueStore, nowMs: number): boolean {
  if (store.getItem(STORAGE_KEYS.regionalBannerRedirected) === 'true') return false;
  const dismissedAt = Number(store.getItem(STORAGE_KEYS.regionalBannerDismissedAt));
  if (!Number.isFinite(dismissedAt) || dismissedAt <= 0) return true;
  return nowMs - dismissedAt >= DOMAIN_BANNER_RESHOW_MS;
}

export function dismissRegionalBanner(store: KeyValueStore, nowMs: number): void {
  store.setItem(STORAGE_KEYS.regionalBannerDismissedAt, String(nowMs));
}

export function rememberRegionalRedirect(store: KeyValueStore): void {
  store.setItem(STORAGE_KEYS.regionalBannerRedirected, 'true');
}

/** The announcement of a version shows until the user has seen that version's announcement once. */
export function shouldShowReleaseAnnouncement(store: KeyValueStore, version: string): boolean {
  return store.getItem(STORAGE_KEYS.releaseAnnouncementSeen) !== version;
}

export function markReleaseAnnouncementSeen(store: KeyValueStore, version: string): void {
  store.setItem(STORAGE_KEYS.releaseAnnouncementSeen, version);
}

/** localStorage when the browser allows it; a private-mode browser that throws gets an in-memory store. */
export function browserStore(): KeyValueStore {
  try {
    const probe = '__surge_probe__';
    window.localStorage.setItem(probe, probe);
    window.localStorage.removeItem(probe);
    return window.localStorage;
  } catch {
    const memory = new Map<string, string>();
    return { getItem: (key) => memory.get(key) ?? null, setItem: (key, value) => void memory.set(key, value) };
  }
}
