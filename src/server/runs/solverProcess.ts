// The solver process: runs the SPH engine (discretization, or a run with outputs, log and checkpoints)
// apart from the process that holds the job, so that neither the API nor the heartbeat waits on it and
// a crash of the engine (or of the GPU driver) takes only this process down. Started by solverChild.ts.
import { readFile } from 'node:fs/promises';
import { UnsupportedCaseError, type FileResolver } from '../../solver/preparedCase.ts';
import { createNodeSolverRun } from '../../solver/nodePlatform.ts';
import { discretizeCaseInProcess } from '../../solver/nodePrepare.ts';
import type { DiscretizerCounts, DiscretizerWarning } from '../../solver/discretizer.ts';
import { RUN_MESSAGES } from '../../domain/runMessages.ts';
import type { FileMap, SolverFailure, SolverReport, SolverRequest } from './solverProtocol.ts';

const controller = new AbortController();

function send(report: SolverReport): Promise<void> {
  // Nobody records what this process does once its worker is gone: stop before writing anything more
  // (the run continues from its last checkpoint on another worker).
  if (!process.send || !process.connected) process.exit(0);
  return new Promise((resolve) => {
    process.send?.(report, undefined, {}, () => resolve());
  });
}

function resolverOf(files: FileMap): FileResolver {
  return async (fileId) => {
    const path = files[fileId];
    if (path === undefined) throw new Error(`the uploaded file ${fileId} does not exist in this organisation`);
    return new Uint8Array(await readFile(path));
  };
}

function failure(error: unknown): SolverFailure {
  if (error instanceof UnsupportedCaseError) return { name: error.name, message: error.message, issues: error.issues };
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: 'Error', message: String(error) };
}

function refuseWithoutFluid(counts: DiscretizerCounts, warnings: readonly DiscretizerWarning[]): void {
  if (counts.fluid > 0 || counts.buffer > 0) return;
  const reasons = warnings.filter((w) => w.code !== 'no_fluid').map((w) => w.message);
  throw Object.assign(new Error(RUN_MESSAGES.noFluid(reasons)), { name: 'NoFluidError' });
}

async function handle(request: SolverRequest): Promise<void> {
  if (request.type === 'stop') {
    controller.abort();
    return;
  }
  try {
    if (request.type === 'discretize') {
      // Prepared (and validated) in a process of its own, as a run's case is: this process loads none of
      // the domain's schemas, and the particles stay there.
      const { counts, warnings } = await discretizeCaseInProcess(request.setup, { fileResolver: resolverOf(request.files) });
      await send({ type: 'prepared', counts, warnings });
      await send({ type: 'done', summary: null });
    } else {
      const run = await createNodeSolverRun(request.setup, {
        outDir: request.outDir,
        resume: request.resume,
        backend: request.backend,
        threads: request.threads,
        logIntervalMs: request.logIntervalMs,
        conditions: request.conditions,
        fileResolver: resolverOf(request.files),
        signal: controller.signal,
        onLog: (entry) => void send({ type: 'log', entry }),
        // The meta goes along: its check against the domain's schema is the worker's (solverChild.ts).
        onOutput: (event) => void send({ type: 'output', outputNo: event.outputNo, time: event.time, bytes: event.bytes, meta: event.meta }),
      });
      await send({ type: 'prepared', counts: run.counts, warnings: [...run.warnings] });
      // A new run without fluid would spend credits on walls alone: it does not start, and says why. A
      // resumed run may legitimately have lost its fluid through outlets or the deletion boundary.
      if (!request.resume) refuseWithoutFluid(run.counts, run.warnings);
      const summary = await run.start();
      await send({ type: 'done', summary });
    }
  } catch (error) {
    await send({ type: 'failed', error: failure(error) });
  }
  process.disconnect();
}

process.on('message', (message: SolverRequest) => {
  void handle(message);
});
// Without the worker nobody records what this process does: a lost worker means stop at once (the run
// continues from its last checkpoint elsewhere).
process.on('disconnect', () => process.exit(0));
