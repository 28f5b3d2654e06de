// Case preparation in a short-lived process of its own (Node): the discretization's geometry module
// (its wasm linear memory only grows) and the garbage it leaves in the heap go back to the system when
// that process exits, instead of staying with the solver for its whole run. Only the prepared case
// comes back. A worker thread does not do: the memory of an ended thread stayed with the process (the
// column impact at Δx = 0.02 m resident 41 MB above its start after a thread prepared it, 20 MB when
// prepared in the process itself).
import { fork } from 'node:child_process';
import { join } from 'node:path';
import { PROJECT_ROOT, SOLVER_PROCESS_ENV, SOLVER_PROCESS_FLAGS, bundledEntry } from './cpu/nodeBundle.ts';
import { UnsupportedCaseError, type FileResolver, type PreparedCase, type SupportIssue } from './preparedCase.ts';
import type { DiscretizedCase } from './discretizer.ts';
import type { FileReference } from '../domain/shape.ts';

/** The preparing process's script; a process that starts solver processes builds its bundle beforehand. */
export const PREPARE_ENTRY = join(PROJECT_ROOT, 'src', 'solver', 'prepareProcess.ts');

export interface PrepareRequest {
  setup: unknown;
  /** Whether the caller gave a file resolver: without one, a case that needs a file fails as in process. */
  resolvesFiles: boolean;
  /** Only the particle counts and the discretizer's warnings come back, not the prepared case. */
  countsOnly: boolean;
}

/** What a discretization job reports of a prepared case. */
export type DiscretizationReport = Pick<DiscretizedCase, 'counts' | 'warnings'>;

/** The preparing process's messages: a file it needs, or its result. */
export type PrepareMessage =
  | { type: 'file'; id: number; fileId: string; file: FileReference | null }
  | { type: 'prepared'; prepared: PreparedCase }
  | { type: 'discretized'; report: DiscretizationReport }
  | { type: 'failed'; name: string; message: string; issues: SupportIssue[] | null };

/** The answer to a file request: its bytes, or why they could not be read. */
export type PrepareReply = { id: number; bytes: Uint8Array; error?: undefined } | { id: number; bytes: null; error: string };

/** prepareCase (caseInput.ts) run in a process that exits after it; files are read here. */
export async function prepareCaseInProcess(setup: unknown, options: { fileResolver?: FileResolver } = {}): Promise<PreparedCase> {
  const m = await prepareApart(setup, options, false);
  if (m.type !== 'prepared') throw new Error('the case preparation process answered without the prepared case');
  return ownArrays(m.prepared);
}

/**
 * The particle counts and the discretizer's warnings of a setup, prepared (and validated) as
 * prepareCaseInProcess prepares it; the particles stay in that process, which sends only these.
 */
export async function discretizeCaseInProcess(setup: unknown, options: { fileResolver?: FileResolver } = {}): Promise<DiscretizationReport> {
  const m = await prepareApart(setup, options, true);
  if (m.type !== 'discretized') throw new Error('the case preparation process answered without the particle counts');
  return m.report;
}

function prepareApart(
  setup: unknown, options: { fileResolver?: FileResolver }, countsOnly: boolean,
): Promise<Extract<PrepareMessage, { type: 'prepared' | 'discretized' }>> {
  const child = fork(bundledEntry(PREPARE_ENTRY) ?? PREPARE_ENTRY, [], {
    execArgv: ['--disable-warning=ExperimentalWarning', ...SOLVER_PROCESS_FLAGS],
    env: { ...process.env, ...SOLVER_PROCESS_ENV },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    // Typed arrays travel as such (JSON would turn them into objects).
    serialization: 'advanced',
  });
  return new Promise((resolve, reject) => {
    // Settled once the process has exited, so that its memory is gone when the caller goes on.
    let outcome: { result: Extract<PrepareMessage, { type: 'prepared' | 'discretized' }> } | { error: Error } | null = null;
    child.on('message', (m: PrepareMessage) => {
      if (m.type === 'file') void answerFile(child, m, options.fileResolver);
      else if (m.type === 'failed') outcome ??= { error: m.issues !== null ? new UnsupportedCaseError(m.issues) : Object.assign(new Error(m.message), { name: m.name }) };
      else outcome ??= { result: m };
    });
    child.once('error', (error) => {
      outcome ??= { error };
    });
    child.once('exit', (code, signal) => {
      if (outcome === null) reject(new Error(`the case preparation process ended unexpectedly (${signal ?? `exit code ${code}`})`));
      else if ('result' in outcome) resolve(outcome.result);
      else reject(outcome.error);
    });
    child.send({ setup, resolvesFiles: options.fileResolver !== undefined, countsOnly } satisfies PrepareRequest);
  });
}

/**
 * The typed arrays under a value, each given a buffer of its own. Node's deserializer makes them views of
 * the one buffer the whole message came in, so that any array kept (a parameter table the backend holds)
 * kept all the particles' initial arrays resident beside the backend's copy of them. An array under two
 * names (the engine state's positions are the discretized particles' own) gets one copy, not two: the
 * column impact at Δx = 0.02 m held 4.3 MB of duplicated particle arrays before.
 */
function ownArrays<T>(value: T): T {
  const seen = new Set<object>();
  const copies = new Map<ArrayBufferView, ArrayBufferView>();
  const own = (x: ArrayBufferView): ArrayBufferView => {
    let copy = copies.get(x);
    if (copy === undefined) {
      copy = (x as Uint8Array).slice();
      copies.set(x, copy);
    }
    return copy;
  };
  const visit = (v: unknown): void => {
    if (typeof v !== 'object' || v === null || seen.has(v) || ArrayBuffer.isView(v)) return;
    seen.add(v);
    if (v instanceof Map) {
      for (const [k, x] of v) {
        if (ArrayBuffer.isView(x) && !(x instanceof DataView)) v.set(k, own(x));
        else visit(x);
      }
      return;
    }
    const record = v as Record<string, unknown>;
    for (const k of Object.keys(record)) {
      const x = record[k];
      if (ArrayBuffer.isView(x) && !(x instanceof DataView)) record[k] = own(x);
      else visit(x);
    }
  };
  visit(value);
  return value;
}

/**
 * Frees the prepared particles' arrays (the engine state's and the discretized particles') now, for a
 * caller that has handed them to a backend, which copies them, and keeps nothing of them. Left to the
 * collector they stayed resident through the first steps, when the compilation of the passes peaks the
 * process: a run allocates next to nothing, so V8's next full collection came late. Each array is
 * detached (it reads as empty after this); one that shares its buffer with others is left alone.
 */
export function releaseParticleArrays(prepared: Pick<PreparedCase, 'state' | 'discretized'>): void {
  // Once each: the state's positions are the discretized particles' own arrays.
  const buffers = new Set<ArrayBuffer>();
  for (const holder of [prepared.state, prepared.discretized.particles]) {
    for (const v of Object.values(holder)) {
      if (ArrayBuffer.isView(v) && v.buffer instanceof ArrayBuffer && v.byteLength === v.buffer.byteLength) buffers.add(v.buffer);
    }
  }
  // ES2024 (Node 21+): a transfer to length 0 detaches the buffer and frees its memory at once.
  for (const b of buffers) (b as ArrayBuffer & { transfer(length: number): ArrayBuffer }).transfer(0);
}

async function answerFile(child: ReturnType<typeof fork>, m: Extract<PrepareMessage, { type: 'file' }>, resolver: FileResolver | undefined): Promise<void> {
  let reply: PrepareReply;
  try {
    if (resolver === undefined) throw new Error(`file ${m.fileId} was asked for but no file resolver was given`);
    reply = { id: m.id, bytes: await resolver(m.fileId, m.file) };
  } catch (e) {
    reply = { id: m.id, bytes: null, error: e instanceof Error ? e.message : String(e) };
  }
  if (child.connected) child.send(reply);
}
