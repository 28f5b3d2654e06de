// Messages between a worker and its solver process (solverProcess.ts): the worker asks for a
// discretization or a run, the solver process reports what it prepared, its log, its outputs and the end.
import type { DiscretizerCounts, DiscretizerWarning } from '../../solver/discretizer.ts';
import type { LogEntry, RunSummary } from '../../solver/run.ts';
import type { SupportIssue } from '../../solver/preparedCase.ts';
import type { SimulationCondition } from '../../domain/condition.ts';
import type { OutputMeta } from '../../domain/output.ts';

/** Uploaded files a setup may use: file id -> absolute path (only the organisation's own files). */
export type FileMap = Record<string, string>;

export type SolverRequest =
  | { type: 'discretize'; setup: unknown; files: FileMap }
  | {
      type: 'run';
      setup: unknown;
      files: FileMap;
      outDir: string;
      resume: boolean;
      backend: 'cpu' | 'gpu';
      threads: number;
      logIntervalMs: number;
      /** Conditions the engine stops or warns on at the step that reaches them (not part of the setup). */
      conditions: SimulationCondition[];
    }
  | { type: 'stop' };

export type SolverFailure = { name: string; message: string; issues?: SupportIssue[] };

export type SolverReport =
  | { type: 'prepared'; counts: DiscretizerCounts; warnings: DiscretizerWarning[] }
  | { type: 'log'; entry: LogEntry }
  /** meta: the output's meta.json as written, for the worker to check (the solver process loads no schemas). */
  | { type: 'output'; outputNo: number; time: number; bytes: number; meta: OutputMeta }
  /** summary is null after a discretization. */
  | { type: 'done'; summary: RunSummary | null }
  | { type: 'failed'; error: SolverFailure };
