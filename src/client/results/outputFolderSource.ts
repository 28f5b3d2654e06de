// An output folder of the API as a source for the viewer's loader: meta.json beside a files/ folder, for
// the active run or a given one, read with the user's bearer token. The viewer reads meta.json itself and
// its decoding workers fetch the typed-array files with the same headers, off the main thread.
import type { OutputObjectKind } from '../../domain/output.ts';
import type { TokenSource } from '../api/ApiClient.ts';
import { outputSourceFromUrl, type OutputSource } from '../viewer/loading/outputSource.ts';
import { outputFolderUrl, runQuery } from './resultsApi.ts';

/**
 * Object kinds Results hides until the user shows them (Solid view mode): the wall boundary particles of
 * a tank enclose the fluid and would hide it. Hidden objects' files are not fetched.
 */
export const HIDDEN_OBJECT_KINDS: readonly OutputObjectKind[] = ['wall_boundary'];

export function apiOutputSource(
  tokens: TokenSource,
  simulationId: string,
  outputNo: number,
  runId?: string,
  base: string = globalThis.location?.href ?? 'http://localhost/',
): OutputSource {
  return outputSourceFromUrl(outputFolderUrl(simulationId, outputNo), base, {
    filesUrl: 'files/',
    search: runQuery(runId),
    headers: async (): Promise<Record<string, string>> => {
      const token = await tokens.getAccessToken();
      return token ? { Authorization: `Bearer ${token}` } : {};
    },
  });
}
