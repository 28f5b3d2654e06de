// Alerts of a simulation (spec 1 §2 right sidebar 'Alerts'; the start flow's step 2 sets the warning
// conditions): a run condition with the action warning that fired, and a background job that failed,
// each with its time and text. The server keeps them; the panel lists the newest first.
import { z } from 'zod';
import { timestampSchema } from './entity.ts';
import { jobKindSchema, type JobKind, type JobMessage, type JobState } from './jobs.ts';

export const alertLevels = ['warning', 'error'] as const;
export type AlertLevel = (typeof alertLevels)[number];

export const alertSources = ['condition', 'job'] as const;
export type AlertSource = (typeof alertSources)[number];

export const alertSchema = z
  .object({
    id: z.string(),
    level: z.enum(alertLevels),
    source: z.enum(alertSources),
    /** When it happened: the condition fired, or the job ended. */
    at: timestampSchema,
    message: z.string(),
    runId: z.string().nullable(),
    /** The job's kind, for alerts of failed jobs. */
    jobKind: jobKindSchema.nullable(),
  })
  .meta({ id: 'Alert' });
export type Alert = z.infer<typeof alertSchema>;

/** Most alerts GET /api/simulations/:id/alerts answers with (the newest). */
export const ALERT_LIST_LIMIT = 200;

/** Text of a failed job without errors of its own. */
export const JOB_FAILED_WITHOUT_REASON = 'The job failed without giving a reason.';

/** What the alert of a job needs from its record. */
export interface FailedJobFacts {
  id: string;
  kind: JobKind;
  state: JobState;
  runId: string | null;
  errors: readonly JobMessage[];
  /** ISO time the job ended, else its last update. */
  finishedAt: string | null;
  updatedAt: string;
}

/** The alert of a job, or null unless it failed: its first error's text (every error, joined, when several). */
export function jobAlert(job: FailedJobFacts): Alert | null {
  if (job.state !== 'failed') return null;
  const texts = [...new Set(job.errors.map((e) => e.message.trim()).filter((m) => m.length > 0))];
  return {
    id: `job:${job.id}`,
    level: 'error',
    source: 'job',
    at: job.finishedAt ?? job.updatedAt,
    message: texts.length > 0 ? texts.join(' ') : JOB_FAILED_WITHOUT_REASON,
    runId: job.runId,
    jobKind: job.kind,
  };
}

/** Newest first (ties: by id, so that the order is stable), at most `limit`. */
export function sortAlerts(alerts: readonly Alert[], limit = ALERT_LIST_LIMIT): Alert[] {
  return [...alerts].sort((a, b) => Date.parse(b.at) - Date.parse(a.at) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).slice(0, limit);
}
