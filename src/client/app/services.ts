// The long-lived objects every screen uses (runtime configuration, sign-in, API client, realtime channel),
// created once at start and handed down through React context.
import { createContext, useContext } from 'react';
import type { PublicConfig } from '../../domain/api.ts';
import type { ApiClient } from '../api/ApiClient.ts';
import type { AuthSession } from '../auth/authSession.ts';
import type { RealtimeConnection } from '../realtime/RealtimeConnection.ts';

export interface AppServices {
  config: PublicConfig;
  /** The configuration as the server sent it, for optional fields (see clientConfig.ts). */
  rawConfig: unknown;
  /** The server version (GET /api/version) when this page loaded; a different one means a new deployment. */
  loadedVersion: string;
  auth: AuthSession;
  api: ApiClient;
  realtime: RealtimeConnection;
}

export const ServicesContext = createContext<AppServices | null>(null);

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('ServicesContext is missing');
  return services;
}

export function useApi(): ApiClient {
  return useServices().api;
}
