// Calls of the Download panel: the latest user export (polled), starting and cancelling one, the outputs
// and the meta.json that tell what can be exported, and downloading an exported file with the user's token.
import { z } from 'zod';
import { API_PREFIX } from '../../domain/api.ts';
import { apiErrorFromResponse } from '../../domain/errors.ts';
import { outputMetaSchema, type OutputMeta } from '../../domain/output.ts';
import { userExportRecordSchema, type UserExportRecord } from '../../domain/postprocessing.ts';
import { outputListEntrySchema, type OutputListEntry } from '../../domain/runOutputs.ts';
import { userExportStateSchema, type UserExportState } from '../../domain/userExport.ts';
import type { ApiClient, TokenSource } from '../api/ApiClient.ts';

const simulationPath = (id: string) => `/simulations/${encodeURIComponent(id)}`;

export function getLatestExport(api: ApiClient, simulationId: string): Promise<UserExportRecord | null> {
  return api.get(`${simulationPath(simulationId)}/user_exports`, userExportRecordSchema.nullable());
}

export function startExport(api: ApiClient, simulationId: string, state: UserExportState): Promise<UserExportRecord> {
  return api.post(`${simulationPath(simulationId)}/user_exports`, userExportStateSchema.parse(state), userExportRecordSchema, 201);
}

export function cancelExport(api: ApiClient, simulationId: string): Promise<void> {
  return api.delete(`${simulationPath(simulationId)}/user_exports`, null, [200, 204]);
}

export function listExportableOutputs(api: ApiClient, simulationId: string): Promise<OutputListEntry[]> {
  return api.get(`${simulationPath(simulationId)}/outputs`, z.array(outputListEntrySchema));
}

export function getOutputMeta(api: ApiClient, simulationId: string, outputNo: number): Promise<OutputMeta> {
  return api.get(`${simulationPath(simulationId)}/outputs/${outputNo}/meta.json`, outputMetaSchema);
}

export function exportFileUrl(simulationId: string, fileId: string): string {
  return `${API_PREFIX}${simulationPath(simulationId)}/user_exports/${encodeURIComponent(fileId)}`;
}

/** Fetches an exported file with the bearer token and hands it to the browser as a download named `name`. */
export async function downloadExportFile(tokens: TokenSource, simulationId: string, fileId: string, name: string): Promise<void> {
  const token = await tokens.getAccessToken();
  if (!token) throw new Error('You need to sign in to use Surge.');
  const response = await fetch(exportFileUrl(simulationId, fileId), { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw apiErrorFromResponse(response.status, body, [200]) ?? new Error(`The download failed (${response.status}).`);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
