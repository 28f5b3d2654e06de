// The worker's side of a solver process: starts it, sends the request, turns its reports into callbacks
// and its end into a promise. An unexpected exit (crash, out of memory, killed) rejects with the reason.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SOLVER_PROCESS_ENV, SOLVER_PROCESS_FLAGS, bundledEntry } from '../../solver/cpu/nodeBundle.ts';
import { WORKER_ENTRY } from '../../solver/cpu/nodeThreads.ts';
import { PREPARE_ENTRY } from '../../solver/nodePrepare.ts';
import type { DiscretizerCounts, DiscretizerWarning } from '../../solver/discretizer.ts';
import type { LogEntry, RunSummary } from '../../solver/run.ts';
import type { SolverFailure, SolverReport, SolverRequest } from './solverProtocol.ts';
import { checkOutputMeta } from '../../domain/output.ts';

const SCRIPT = fileURLToPath(new URL('./solverProcess.ts', import.meta.url));
/** After a stop request, a solver that does not end in this time is killed. */
const STOP_KILL_MS = 60_000;

/**
 * The solver process's JavaScript bundle, with its threads' and its preparation process's, built where
 * stale (or null where none can be built). Without Node's TypeScript stripping and with one small file to
 * parse, the column impact's process starts at 50 MB (64 MB while it loaded zod), not 103 MB; the
 * threads' and the preparation's bundles are built here too, so that the solver process never loads
 * esbuild (13 MB). Whoever starts many solver processes at once (a test run) builds them first, so that
 * each does not build its own.
 */
export function buildSolverBundles(): string | null {
  bundledEntry(WORKER_ENTRY);
  bundledEntry(PREPARE_ENTRY);
  return bundledEntry(SCRIPT);
}

function forkSolver(): ChildProcess {
  // Flags of the parent (test runners, inspectors) are not the solver's business.
  return fork(buildSolverBundles() ?? SCRIPT, [], {
    execArgv: ['--disable-warning=ExperimentalWarning', ...SOLVER_PROCESS_FLAGS],
    env: { ...process.env, ...SOLVER_PROCESS_ENV },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    serialization: 'advanced',
  });
}

/**
 * One solver process started ahead and idle, so that pressing Run does not wait for a process to start
 * and load the engine (a quarter of a second). It does not keep this process alive, and it exits with it.
 */
let spare: ChildProcess | null = null;
let keepSpare = false;

function alive(child: ChildProcess | null): child is ChildProcess {
  return child !== null && child.exitCode === null && child.signalCode === null && child.connected;
}

function startSpare(): void {
  if (!keepSpare || alive(spare)) return;
  const child = forkSolver();
  child.unref();
  child.channel?.unref();
  child.once('exit', () => {
    if (spare === child) spare = null;
  });
  spare = child;
}

/** Keep a spare solver process from now on (processes that run jobs). */
export function keepSpareSolver(): void {
  keepSpare = true;
  startSpare();
}

/** No more spare (shutdown). */
export function dropSpareSolver(): void {
  keepSpare = false;
  if (alive(spare)) spare.kill();
  spare = null;
}

function takeSolver(): ChildProcess {
  const child = alive(spare) ? spare : forkSolver();
  spare = null;
  child.ref();
  child.channel?.ref();
  if (keepSpare) setImmediate(startSpare);
  return child;
}

export class SolverProcessError extends Error {
  readonly failure: SolverFailure;
  constructor(failure: SolverFailure) {
    super(failure.message);
    this.name = failure.name;
    this.failure = failure;
  }
}

export interface SolverCallbacks {
  onPrepared?(counts: DiscretizerCounts, warnings: DiscretizerWarning[]): void;
  onLog?(entry: LogEntry): void;
  onOutput?(output: { outputNo: number; time: number; bytes: number }): void;
}

export class SolverChild {
  private readonly child: ChildProcess;
  private readonly finished: Promise<RunSummary | null>;
  private killTimer: NodeJS.Timeout | null = null;

  private constructor(request: Exclude<SolverRequest, { type: 'stop' }>, callbacks: SolverCallbacks) {
    this.child = takeSolver();
    this.finished = new Promise((resolve, reject) => {
      let outcome: { summary: RunSummary | null } | { error: SolverFailure } | null = null;
      let unreachable: Error | null = null;
      // An output whose meta.json the domain's schema refuses ends the run, as the engine's own check
      // does where it runs with the schemas; whatever the process says after it does not count.
      let refusedOutput: SolverFailure | null = null;
      this.child.on('message', (report: SolverReport) => {
        switch (report.type) {
          case 'prepared':
            callbacks.onPrepared?.(report.counts, report.warnings);
            break;
          case 'log':
            callbacks.onLog?.(report.entry);
            break;
          case 'output':
            if (refusedOutput !== null) break;
            try {
              checkOutputMeta(report.meta);
            } catch (error) {
              refusedOutput = { name: (error as Error).name, message: (error as Error).message };
              this.kill();
              break;
            }
            callbacks.onOutput?.({ outputNo: report.outputNo, time: report.time, bytes: report.bytes });
            break;
          case 'done':
            outcome = { summary: report.summary };
            break;
          case 'failed':
            outcome = { error: report.error };
            break;
        }
      });
      // Only a process that never started ends here; any other error (a failed kill) leaves the end to
      // the exit, which reports what the solver said last.
      this.child.once('error', (error) => {
        if (this.child.pid === undefined) reject(error);
      });
      this.child.once('exit', (code, signal) => {
        if (this.killTimer) clearTimeout(this.killTimer);
        if (refusedOutput !== null) reject(new SolverProcessError(refusedOutput));
        else if (outcome && 'summary' in outcome) resolve(outcome.summary);
        else if (outcome) reject(new SolverProcessError(outcome.error));
        else if (unreachable) {
          reject(new SolverProcessError({ name: 'SolverCrash', message: `The solver process could not be reached (${unreachable.message}).` }));
        } else {
          const how = signal ? `signal ${signal}` : `exit code ${code}`;
          reject(new SolverProcessError({ name: 'SolverCrash', message: `The solver process ended unexpectedly (${how}).` }));
        }
      });
      this.child.send(request, (error) => {
        if (!error) return;
        unreachable = error;
        this.kill();
      });
    });
  }

  static discretize(setup: unknown, files: Record<string, string>, callbacks: SolverCallbacks): SolverChild {
    return new SolverChild({ type: 'discretize', setup, files }, callbacks);
  }

  static run(request: Omit<Extract<SolverRequest, { type: 'run' }>, 'type'>, callbacks: SolverCallbacks): SolverChild {
    return new SolverChild({ type: 'run', ...request }, callbacks);
  }

  /** The run summary (null for a discretization), or the failure. */
  result(): Promise<RunSummary | null> {
    return this.finished;
  }

  /**
   * Stop after the current step with a checkpoint; killed if it does not end in time. The process may be
   * ending on its own meanwhile (its run reached the end or a stop condition): the request then finds a
   * closed channel, which is no error, since its exit settles the result.
   */
  stop(): void {
    if (this.child.connected) this.child.send({ type: 'stop' }, () => undefined);
    this.killTimer ??= setTimeout(() => this.kill(), STOP_KILL_MS);
  }

  kill(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }
}
