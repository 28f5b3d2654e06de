// Calls of Results: the outputs of the simulation's active run, and where the files of one output folder
// (meta.json and its typed-array files) are.
import { z } from 'zod';
import { API_PREFIX } from '../../domain/api.ts';
import { outputListEntrySchema, type OutputListEntry } from '../../domain/runOutputs.ts';
import type { ApiClient } from '../api/ApiClient.ts';

const simulationPath = (id: string) => `/simulations/${encodeURIComponent(id)}`;

export function listOutputs(api: ApiClient, simulationId: string): Promise<OutputListEntry[]> {
  return api.get(`${simulationPath(simulationId)}/outputs`, z.array(outputListEntrySchema));
}

/** Folder URL (path) of output `outputNo`: meta.json in it, the typed-array files under files/. */
export function outputFolderUrl(simulationId: string, outputNo: number): string {
  return `${API_PREFIX}${simulationPath(simulationId)}/outputs/${outputNo}/`;
}

/** Query string that names the run whose outputs are read; the active run's without one. */
export function runQuery(runId?: string): string {
  return runId ? `?runId=${encodeURIComponent(runId)}` : '';
}
