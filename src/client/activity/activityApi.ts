// Calls of the Alerts and History panels, and their shared SWR keys: the page's live subscription reads
// them again when a condition fires, a job fails or the simulation changes state.
import { z } from 'zod';
import useSWR from 'swr';
import { alertSchema, type Alert } from '../../domain/alerts.ts';
import { historyEntrySchema, type HistoryEntry } from '../../domain/history.ts';
import type { ApiClient } from '../api/ApiClient.ts';
import { useApi } from '../app/services.ts';

const simulationPath = (id: string) => `/simulations/${encodeURIComponent(id)}`;

export function listAlerts(api: ApiClient, simulationId: string): Promise<Alert[]> {
  return api.get(`${simulationPath(simulationId)}/alerts`, z.array(alertSchema));
}

export function listHistory(api: ApiClient, simulationId: string): Promise<HistoryEntry[]> {
  return api.get(`${simulationPath(simulationId)}/history`, z.array(historyEntrySchema));
}

export function alertsKey(simulationId: string) {
  return ['alerts', simulationId] as const;
}

export function historyKey(simulationId: string) {
  return ['history', simulationId] as const;
}

export function useAlerts(simulationId: string) {
  const api = useApi();
  return useSWR(alertsKey(simulationId), ([, id]) => listAlerts(api, id));
}

export function useHistory(simulationId: string) {
  const api = useApi();
  return useSWR(historyKey(simulationId), ([, id]) => listHistory(api, id));
}
