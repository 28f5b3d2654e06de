// What reloading a completed tessellation's parts rests on: a bounded download queue (spec 2 §9: 12 at a
// time) and putting the parts as the server wrote them into a working copy of the setup.
import type { Part } from '../../domain/part.ts';
import type { SetupDocument } from '../../domain/setup.ts';

/** Runs `task` over `items`, at most `concurrency` at a time; resolves when all have settled. */
export async function runQueued<T>(items: readonly T[], concurrency: number, task: (item: T) => Promise<void>): Promise<PromiseSettledResult<void>[]> {
  const results: PromiseSettledResult<void>[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const at = next++;
      try {
        await task(items[at]);
        results[at] = { status: 'fulfilled', value: undefined };
      } catch (reason) {
        results[at] = { status: 'rejected', reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}

/** The parts of `partIds` as the server holds them, put into `document`: replaced where there, added where not. */
export function withServerParts(document: SetupDocument, server: SetupDocument, partIds: readonly string[]): SetupDocument {
  const wanted = new Set(partIds);
  const fresh = new Map(server.parts.filter((p) => wanted.has(p.id)).map((p) => [p.id, p]));
  if (fresh.size === 0) return document;
  const parts: Part[] = document.parts.map((p) => fresh.get(p.id) ?? p);
  for (const p of fresh.values()) if (!document.parts.some((d) => d.id === p.id)) parts.push(p);
  return { ...document, parts };
}
