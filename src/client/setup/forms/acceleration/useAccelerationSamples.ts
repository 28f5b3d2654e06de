// The samples of the acceleration file the setup names, read from the stored file for the preview; a file
// just uploaded is put here by the upload so that it needs no second download.
import { useEffect, useState } from 'react';
import { parseAccelerationCsv, type AccelerationSamples } from '../../../../domain/accelerationFile.ts';
import type { TokenSource } from '../../../api/ApiClient.ts';
import { getFileBytes } from '../../setupApi.ts';

type Loaded = { samples: AccelerationSamples } | { error: string };

/** Parsed files by id: a file's bytes never change once stored. */
const loaded = new Map<string, Loaded>();

export function rememberAccelerationSamples(fileId: string, samples: AccelerationSamples): void {
  loaded.set(fileId, { samples });
}

export function useAccelerationSamples(tokens: TokenSource, fileId: string | null): { samples: AccelerationSamples | null; error: string | null; loading: boolean } {
  const [, setVersion] = useState(0);
  const known = fileId === null ? undefined : loaded.get(fileId);
  useEffect(() => {
    if (fileId === null || loaded.has(fileId)) return;
    const controller = new AbortController();
    getFileBytes(tokens, fileId, controller.signal)
      .then((bytes) => {
        const parsed = parseAccelerationCsv(new TextDecoder().decode(bytes));
        loaded.set(fileId, parsed.ok ? { samples: parsed.samples } : { error: parsed.message });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        loaded.set(fileId, { error: error instanceof Error ? error.message : String(error) });
      })
      .finally(() => {
        if (!controller.signal.aborted) setVersion((v) => v + 1);
      });
    return () => controller.abort();
  }, [tokens, fileId]);
  if (fileId === null) return { samples: null, error: null, loading: false };
  if (!known) return { samples: null, error: null, loading: true };
  return 'samples' in known ? { samples: known.samples, error: null, loading: false } : { samples: null, error: known.error, loading: false };
}
