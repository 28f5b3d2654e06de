// History of a simulation (spec 1 §2 right sidebar 'History'): its runs (who started each, how it ended)
// and the edits of its setup (who changed what, when), newest first, as GET /api/simulations/:id/history
// answers them, plus the words the History panel shows for each.
import { z } from 'zod';
import { timestampSchema } from './entity.ts';
import { runModeSchema, runStopReasonSchema, type RunMode, type RunStopReason } from './runs.ts';
import { stopConditionSchema } from './simulation.ts';
import { simulationStateSchema, type SimulationState } from './simulationState.ts';
import { setupChangeSchema, describeSetupChange, type SetupChange } from './setupHistory.ts';
import { creatorSchema, type Creator } from './user.ts';

export const runHistoryEntrySchema = z.object({
  kind: z.literal('run'),
  id: z.string(),
  /** When the run was asked for. */
  at: timestampSchema,
  user: creatorSchema.nullable(),
  number: z.number().int().positive(),
  mode: runModeSchema,
  state: simulationStateSchema,
  /** Worker sessions: 1 plus one per resume. */
  sessions: z.number().int().nonnegative(),
  endedAt: timestampSchema.nullable(),
  stopReason: runStopReasonSchema.nullable(),
  lastStopCondition: stopConditionSchema.nullable(),
  errorMessage: z.string().nullable(),
});
export type RunHistoryEntry = z.infer<typeof runHistoryEntrySchema>;
type StopCondition = z.infer<typeof stopConditionSchema>;

export const setupHistoryEntrySchema = z.object({
  kind: z.literal('setup'),
  id: z.string(),
  /** The last save the entry folds in. */
  at: timestampSchema,
  /** The first save the entry folds in. */
  since: timestampSchema,
  user: creatorSchema.nullable(),
  changes: z.array(setupChangeSchema),
  /** Changes beyond those listed. */
  omitted: z.number().int().nonnegative(),
});
export type SetupHistoryEntry = z.infer<typeof setupHistoryEntrySchema>;

export const historyEntrySchema = z.discriminatedUnion('kind', [runHistoryEntrySchema, setupHistoryEntrySchema]).meta({ id: 'HistoryEntry' });
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** Most entries GET /api/simulations/:id/history answers with (the newest). */
export const HISTORY_LIST_LIMIT = 200;

/** A run as the history needs it (the runs list's record). */
export interface RunFacts {
  id: string;
  number: number;
  mode: RunMode;
  state: SimulationState;
  sessions: number;
  createdAt: string;
  endedAt: string | null;
  stopReason: RunStopReason | null;
  lastStopCondition: StopCondition | null;
  errorMessage: string | null;
  createdBy: Creator | null;
}

/** A stored setup edit (one or more folded saves). */
export interface SetupEditFacts {
  id: string;
  since: string;
  at: string;
  user: Creator | null;
  changes: SetupChange[];
  omitted: number;
}

export function runHistoryEntry(run: RunFacts): RunHistoryEntry {
  return {
    kind: 'run',
    id: `run:${run.id}`,
    at: run.createdAt,
    user: run.createdBy,
    number: run.number,
    mode: run.mode,
    state: run.state,
    sessions: run.sessions,
    endedAt: run.endedAt,
    stopReason: run.stopReason,
    lastStopCondition: run.lastStopCondition,
    errorMessage: run.errorMessage,
  };
}

export function setupHistoryEntry(edit: SetupEditFacts): SetupHistoryEntry {
  return { kind: 'setup', id: `setup:${edit.id}`, at: edit.at, since: edit.since, user: edit.user, changes: edit.changes, omitted: edit.omitted };
}

/** Runs and setup edits as one list, newest first, at most `limit`. */
export function simulationHistory(runs: readonly RunFacts[], edits: readonly SetupEditFacts[], limit = HISTORY_LIST_LIMIT): HistoryEntry[] {
  const entries: HistoryEntry[] = [...runs.map(runHistoryEntry), ...edits.map(setupHistoryEntry)];
  return entries.sort((a, b) => Date.parse(b.at) - Date.parse(a.at) || (a.id < b.id ? 1 : -1)).slice(0, limit);
}

const CONDITION_WORDS: Readonly<Record<string, string>> = {
  time: 'simulated time',
  runtime: 'runtime',
  credits: 'credits',
  particle_nbr: 'particle count',
};

/** Headline of a run entry: "Run 2 restarted". */
export function runEntryTitle(entry: RunHistoryEntry): string {
  const verb = entry.mode === 'restart' ? 'restarted' : 'started';
  return `Run ${entry.number} ${verb}`;
}

/** How a run stands or ended, in words. */
export function runEntryOutcome(entry: RunHistoryEntry): string {
  const resumed = entry.sessions > 1 ? ` (resumed ${entry.sessions - 1}×)` : '';
  switch (entry.state) {
    case 'creating':
    case 'launching':
      return `Launching${resumed}`;
    case 'running':
      return `Running${resumed}`;
    case 'stopping':
      return 'Stopping';
    case 'completed':
      return `Completed${resumed}`;
    case 'stopped':
      return `${stoppedText(entry.stopReason, entry.lastStopCondition)}${resumed}`;
    case 'failed':
      return entry.errorMessage ? `Failed: ${entry.errorMessage}` : 'Failed';
    case 'launch_failed':
    case 'creation_failed':
      return entry.errorMessage ? `Could not be launched: ${entry.errorMessage}` : 'Could not be launched';
    default:
      return entry.state;
  }
}

function stoppedText(reason: RunStopReason | null, condition: RunHistoryEntry['lastStopCondition']): string {
  switch (reason) {
    case 'condition':
      return condition ? `Stopped at ${CONDITION_WORDS[condition.valueType] ?? condition.valueType} ${condition.threshold}` : 'Stopped by a condition';
    case 'credits':
      return 'Stopped: no credits left';
    case 'worker_lost':
      return 'Stopped: the worker was lost too often';
    case 'error':
      return 'Stopped by an error';
    default:
      return 'Stopped by a user';
  }
}

/** The lines of a setup entry: one per change, and how many more were folded in. */
export function setupEntryLines(entry: SetupHistoryEntry): string[] {
  const lines = entry.changes.map(describeSetupChange);
  if (entry.omitted > 0) lines.push(`and ${entry.omitted} more change${entry.omitted === 1 ? '' : 's'}`);
  return lines;
}
