// Background jobs (spec 1 §4, spec 2 §4): kinds, states, allowed transitions, what counts as active,
// what may be cancelled, and the cancel dialog of the Jobs panel.
import { z } from 'zod';
import { numberSchema, nonNegativeIntSchema } from './number.ts';
import { entityIdSchema, timestampSchema } from './entity.ts';
import { MESSAGES } from './messages.ts';

export const jobKinds = [
  'discretization', 'assembly', 'tessellation', 'sensor_recomputation', 'user_export', 'statistics', 'solver_run', 'remote_vm',
] as const;
export const jobKindSchema = z.enum(jobKinds);
export type JobKind = z.infer<typeof jobKindSchema>;

export const jobStates = ['scheduled', 'running', 'completed', 'failed', 'canceled', 'unknown', 'expired'] as const;
export const jobStateSchema = z.enum(jobStates);
export type JobState = z.infer<typeof jobStateSchema>;

/** States the Jobs panel shows; 'expired' (exports only) is shown as 'unknown'. */
export type DisplayedJobState = Exclude<JobState, 'expired'>;

export const jobMessageSchema = z.object({
  message: z.string(),
  errorCode: z.string().optional(),
  /** Output numbers concerned, where the message is about outputs. */
  outputs: z.array(nonNegativeIntSchema).optional(),
});
export type JobMessage = z.infer<typeof jobMessageSchema>;

/** A job record as the API reports it. `progress` is 0..100, null while indeterminate. */
export const jobSchema = z.object({
  id: entityIdSchema,
  kind: jobKindSchema,
  simulationId: entityIdSchema,
  state: jobStateSchema,
  progress: numberSchema.min(0).max(100).nullable(),
  errors: z.array(jobMessageSchema),
  warnings: z.array(jobMessageSchema),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Job = z.infer<typeof jobSchema>;

export const jobTransitions: Readonly<Record<JobState, readonly JobState[]>> = {
  scheduled: ['running', 'canceled', 'failed', 'unknown'],
  running: ['completed', 'failed', 'canceled', 'unknown'],
  completed: ['expired'],
  failed: [],
  canceled: [],
  unknown: [],
  expired: [],
};

/** Kinds whose results can expire (the stored files are deleted). */
const EXPIRING_KINDS: readonly JobKind[] = ['user_export'];
/** Statistics computations are started directly and never queued. */
const UNQUEUED_KINDS: readonly JobKind[] = ['statistics'];

export function canTransitionJob(kind: JobKind, from: JobState, to: JobState): boolean {
  if (to === 'expired' && !EXPIRING_KINDS.includes(kind)) return false;
  if (to === 'scheduled' || (from === 'scheduled' && UNQUEUED_KINDS.includes(kind))) return false;
  return jobTransitions[from].includes(to);
}

/** Initial state of a new job of the given kind. */
export function initialJobState(kind: JobKind): JobState {
  return UNQUEUED_KINDS.includes(kind) ? 'running' : 'scheduled';
}

export function displayedJobState(state: JobState): DisplayedJobState {
  return state === 'expired' ? 'unknown' : state;
}

/** Scheduled or running. */
export function isJobActive(state: JobState): boolean {
  return state === 'scheduled' || state === 'running';
}

export function isJobFinished(state: JobState): boolean {
  return !isJobActive(state);
}

/** Kinds the user can cancel from the Jobs panel (solver runs are stopped from the run button). */
const CANCELLABLE_KINDS: readonly JobKind[] = [
  'discretization', 'tessellation', 'sensor_recomputation', 'user_export', 'statistics',
];

export function canCancelJob(kind: JobKind, state: JobState): boolean {
  return CANCELLABLE_KINDS.includes(kind) && isJobActive(state);
}

/** Any active job of this kind among `jobs`. */
export function hasActiveJob(jobs: readonly Pick<Job, 'kind' | 'state'>[], kind: JobKind): boolean {
  return jobs.some((j) => j.kind === kind && isJobActive(j.state));
}

/** Sensors cannot be added or edited while their computation is scheduled or running. */
export function sensorEditingBlocked(jobs: readonly Pick<Job, 'kind' | 'state'>[]): boolean {
  return hasActiveJob(jobs, 'sensor_recomputation');
}

/** The sensors button reads 'Stop computation' while active, otherwise 'Compute Sensors'. */
export function sensorsButtonLabel(jobs: readonly Pick<Job, 'kind' | 'state'>[]): 'Stop computation' | 'Compute Sensors' {
  return sensorEditingBlocked(jobs) ? 'Stop computation' : 'Compute Sensors';
}

/** Discretize is disabled while a discretization is scheduled or running. */
export function discretizeDisabled(jobs: readonly Pick<Job, 'kind' | 'state'>[]): boolean {
  return hasActiveJob(jobs, 'discretization');
}

/** Assembly import counts as importing (indeterminate progress) while scheduled or running. */
export function assemblyImporting(state: JobState): boolean {
  return isJobActive(state);
}

/** Tessellation progress is hidden while running at 0. */
export function showTessellationProgress(state: JobState, progress: number | null): boolean {
  return state === 'running' && progress !== null && progress > 0;
}

/** Phases of the cancel confirmation: asked, cancel requested, job reached a final state. */
export type CancelDialogPhase = 'confirm' | 'stopping' | 'done';

export function cancelDialog(phase: CancelDialogPhase): { title: string; warning: string; button: string; buttonDisabled: boolean } {
  const button = phase === 'confirm' ? MESSAGES.cancelYesStop : phase === 'stopping' ? MESSAGES.cancelStopping : MESSAGES.cancelDone;
  return { title: MESSAGES.cancelTitle, warning: MESSAGES.cancelWarning, button, buttonDisabled: phase === 'stopping' };
}

/** Phase after the job changed state while the dialog is open. */
export function cancelDialogPhase(requested: boolean, state: JobState): CancelDialogPhase {
  if (!isJobActive(state)) return 'done';
  return requested ? 'stopping' : 'confirm';
}

/** Statistics computations report these states only. */
export const statisticsStates = ['running', 'completed', 'failed', 'canceled'] as const;
export type StatisticsState = (typeof statisticsStates)[number];
