// Watches GET /api/version; once it differs from the version this page loaded with, a new deployment is
// live and the page should be reloaded to get the matching client.
import useSWR from 'swr';
import { fetchServerVersion } from '../api/publicApi.ts';
import { useServices } from '../app/services.ts';

/** How often the version is read; cheap (a few bytes) and a deployment is rarely urgent to the minute. */
export const VERSION_POLL_INTERVAL_MS = 60_000;

export function useNewVersion(): string | null {
  const { loadedVersion } = useServices();
  const { data } = useSWR('server-version', fetchServerVersion, {
    refreshInterval: VERSION_POLL_INTERVAL_MS,
    revalidateOnFocus: true,
    shouldRetryOnError: false,
  });
  return data && data !== loadedVersion ? data : null;
}
