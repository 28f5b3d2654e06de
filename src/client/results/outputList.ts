// The outputs Results knows of: merged from the API's list and the realtime channel's outputs.available
// events, the polling interval the spec asks for (60 s, 10 min once every output is ready), and the
// outputs the viewer can draw.
import { POLL_INTERVAL_MS } from '../../domain/constants.ts';
import { outputListEntrySchema, type OutputListEntry } from '../../domain/runOutputs.ts';

export function outputsPollInterval(outputs: readonly OutputListEntry[] | undefined): number {
  const allReady = outputs !== undefined && outputs.length > 0 && outputs.every((o) => o.states.visualization === 'ready');
  return allReady ? POLL_INTERVAL_MS.outputsAllReady : POLL_INTERVAL_MS.outputs;
}

/**
 * Outputs after an outputs.available event: entries of the same run replace those with their number and
 * add the new ones; entries of another run (a restart) replace the list.
 */
export function mergeOutputs(current: readonly OutputListEntry[] | undefined, incoming: unknown): OutputListEntry[] | null {
  if (!Array.isArray(incoming)) return null;
  const parsed = incoming.map((o) => outputListEntrySchema.safeParse(o)).filter((r) => r.success).map((r) => r.data);
  if (parsed.length === 0) return null;
  const runId = parsed[parsed.length - 1].runId;
  const base = (current ?? []).filter((o) => o.runId === runId);
  const byNumber = new Map(base.map((o) => [o.outputNo, o]));
  for (const o of parsed) if (o.runId === runId) byNumber.set(o.outputNo, o);
  return [...byNumber.values()].sort((a, b) => a.outputNo - b.outputNo);
}

/** Outputs whose visualization data is ready, in order: what playback steps through. */
export function viewableOutputs(outputs: readonly OutputListEntry[]): OutputListEntry[] {
  return outputs.filter((o) => o.states.visualization === 'ready').sort((a, b) => a.outputNo - b.outputNo);
}
