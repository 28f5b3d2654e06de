// Triangles of uploaded STL files, loaded once per file id: from the bytes just uploaded, or fetched from
// the server for parts of a saved setup. Failures are kept with their reason so the screen can say why a
// part is not drawn.
import { create } from 'zustand';
import type { TokenSource } from '../api/ApiClient.ts';
import { getFileBytes } from './setupApi.ts';
import { parseStl, type TriangleSoup } from './stlGeometry.ts';

interface StlFileState {
  files: ReadonlyMap<string, TriangleSoup>;
  failures: ReadonlyMap<string, string>;
  loading: ReadonlySet<string>;
  put: (fileId: string, soup: TriangleSoup) => void;
  ensure: (tokens: TokenSource, fileIds: readonly string[]) => void;
}

export const useStlFileStore = create<StlFileState>((set, get) => ({
  files: new Map(),
  failures: new Map(),
  loading: new Set(),
  put: (fileId, soup) => set((s) => ({ files: new Map(s.files).set(fileId, soup) })),
  ensure: (tokens, fileIds) => {
    const { files, failures, loading } = get();
    const missing = [...new Set(fileIds)].filter((id) => !files.has(id) && !failures.has(id) && !loading.has(id));
    if (missing.length === 0) return;
    set((s) => ({ loading: new Set([...s.loading, ...missing]) }));
    for (const fileId of missing) {
      getFileBytes(tokens, fileId)
        .then((bytes) => {
          const soup = parseStl(bytes);
          set((s) => ({ files: new Map(s.files).set(fileId, soup) }));
        })
        .catch((error: unknown) => {
          const reason = error instanceof Error ? error.message : String(error);
          set((s) => ({ failures: new Map(s.failures).set(fileId, reason) }));
        })
        .finally(() => {
          set((s) => {
            const next = new Set(s.loading);
            next.delete(fileId);
            return { loading: next };
          });
        });
    }
  },
}));
