// Node process that prepares a case (validation, geometry, discretization), sends the result to the
// process that started it, and exits, taking the geometry module's linear memory and the heap the
// discretization grew with it (see nodePrepare.ts).
import { prepareCase, UnsupportedCaseError, type FileResolver } from './caseInput.ts';
import { nodeGeometryKernel } from './nodePlatform.ts';
import type { PrepareMessage, PrepareReply, PrepareRequest } from './nodePrepare.ts';

function send(m: PrepareMessage): Promise<void> {
  return new Promise((resolve) => {
    process.send?.(m, undefined, {}, () => resolve());
  });
}

// Files are read by the process that holds the resolver: each request names the file and waits for its bytes.
const waiting = new Map<number, { resolve: (b: Uint8Array) => void; reject: (e: Error) => void }>();
let nextFile = 0;
const fileResolver: FileResolver = (fileId, file) => new Promise((resolve, reject) => {
  const id = nextFile++;
  waiting.set(id, { resolve, reject });
  void send({ type: 'file', id, fileId, file });
});

async function prepare(request: PrepareRequest): Promise<void> {
  try {
    const prepared = await prepareCase(request.setup, {
      ...(request.resolvesFiles ? { fileResolver } : {}), geometry: await nodeGeometryKernel(),
    });
    const { counts, warnings } = prepared.discretized;
    await send(request.countsOnly ? { type: 'discretized', report: { counts, warnings } } : { type: 'prepared', prepared });
  } catch (e) {
    const error = e instanceof Error ? e : new Error(String(e));
    await send({
      type: 'failed', name: error.name, message: error.message,
      issues: error instanceof UnsupportedCaseError ? error.issues : null,
    });
  }
  process.disconnect();
}

process.on('message', (m: PrepareRequest | PrepareReply) => {
  if ('setup' in m) {
    void prepare(m);
    return;
  }
  const w = waiting.get(m.id);
  if (w === undefined) return;
  waiting.delete(m.id);
  if (m.bytes !== null) w.resolve(m.bytes);
  else w.reject(new Error(m.error));
});
// The process that asked is gone: nobody wants the result.
process.on('disconnect', () => process.exit(0));
