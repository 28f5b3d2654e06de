// Calls that need no sign-in: the runtime configuration and the server version.
import { API_PREFIX, publicConfigSchema, type PublicConfig } from '../../domain/api.ts';

export async function fetchPublicConfig(): Promise<{ config: PublicConfig; rawConfig: unknown }> {
  const response = await fetch(`${API_PREFIX}/config`, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`The server configuration could not be loaded (HTTP ${response.status}).`);
  const rawConfig: unknown = await response.json();
  return { config: publicConfigSchema.parse(rawConfig), rawConfig };
}

/** GET /api/version as text ("version+build"); changes whenever a new build of Surge is deployed. */
export async function fetchServerVersion(): Promise<string> {
  const response = await fetch(`${API_PREFIX}/version`, { headers: { Accept: 'text/plain' }, cache: 'no-store' });
  if (!response.ok) throw new Error(`The server version could not be read (HTTP ${response.status}).`);
  return (await response.text()).trim();
}
