// Alerts and history of a simulation: the alerts list (warnings of run conditions kept when they fired,
// failed jobs read from their records), the history (runs and folded setup edits), and the two writers
// other features call: a warning condition that fired, and a saved setup (its changes, folded into the
// user's latest edit when that is recent).
import { ALERT_LIST_LIMIT, jobAlert, sortAlerts, type Alert } from '../../domain/alerts.ts';
import { HISTORY_LIST_LIMIT, simulationHistory, type HistoryEntry } from '../../domain/history.ts';
import type { SetupDocument } from '../../domain/setup.ts';
import { capSetupChanges, mergeSetupChanges, SETUP_HISTORY_MERGE_MS, setupChanges } from '../../domain/setupHistory.ts';
import type { Executor } from '../platform/db/client.ts';
import { accessSimulation, type AuthContext } from '../platform/access.ts';
import type { ServiceContext } from '../platform/context.ts';
import { toCreator } from '../platform/mappers.ts';
import { runsOfSimulation } from '../runs/runs.repository.ts';
import {
  alertsOfSimulation,
  deleteSetupEdit,
  failedJobsOfSimulation,
  insertAlert,
  insertSetupEdit,
  latestSetupEdit,
  setupEditsOfSimulation,
  updateSetupEdit,
} from './activity.repository.ts';

export async function listAlerts(ctx: ServiceContext, auth: AuthContext, simulationId: string): Promise<Alert[]> {
  await accessSimulation(ctx.db, auth, simulationId, 'read');
  const [raised, failed] = await Promise.all([
    alertsOfSimulation(ctx.db, simulationId, ALERT_LIST_LIMIT),
    failedJobsOfSimulation(ctx.db, simulationId, ALERT_LIST_LIMIT),
  ]);
  const alerts: Alert[] = raised.map((row) => ({
    id: row.id,
    level: row.level,
    source: 'condition',
    at: row.createdAt.toISOString(),
    message: row.message,
    runId: row.runId,
    jobKind: null,
  }));
  for (const job of failed) {
    const alert = jobAlert({
      id: job.id,
      kind: job.kind,
      state: job.state,
      runId: job.runId,
      errors: job.errors,
      finishedAt: job.finishedAt?.toISOString() ?? null,
      updatedAt: job.updatedAt.toISOString(),
    });
    if (alert) alerts.push(alert);
  }
  return sortAlerts(alerts);
}

export async function listHistory(ctx: ServiceContext, auth: AuthContext, simulationId: string): Promise<HistoryEntry[]> {
  await accessSimulation(ctx.db, auth, simulationId, 'read');
  const [runs, edits] = await Promise.all([runsOfSimulation(ctx.db, simulationId), setupEditsOfSimulation(ctx.db, simulationId, HISTORY_LIST_LIMIT)]);
  return simulationHistory(
    runs.map((run) => ({
      id: run.id,
      number: run.number,
      mode: run.mode,
      state: run.state,
      sessions: run.sessions,
      createdAt: run.createdAt.toISOString(),
      endedAt: run.endedAt?.toISOString() ?? null,
      stopReason: run.stopReason ?? null,
      lastStopCondition: run.lastStopCondition ?? null,
      errorMessage: run.errorMessage,
      createdBy: run.creator ? toCreator(run.creator) : null,
    })),
    edits.map((e) => ({
      id: e.id,
      since: e.createdAt.toISOString(),
      at: e.updatedAt.toISOString(),
      user: e.user ? toCreator(e.user) : null,
      changes: e.changes,
      omitted: e.omitted,
    })),
  );
}

/** A run condition with the action warning fired: kept as an alert of the simulation. */
export async function recordConditionWarning(db: Executor, values: { simulationId: string; runId: string; message: string }): Promise<void> {
  await insertAlert(db, { ...values, level: 'warning' });
}

/**
 * Records what a save changed in the setup (nothing when it changed nothing). A save by the user who made
 * the latest edit, within SETUP_HISTORY_MERGE_MS of it, is folded into that edit.
 */
export async function recordSetupEdit(
  tx: Executor,
  values: { simulationId: string; userId: string; before: SetupDocument; after: SetupDocument; at?: Date },
): Promise<void> {
  const changes = setupChanges(values.before, values.after);
  if (changes.length === 0) return;
  const at = values.at ?? new Date();
  const latest = await latestSetupEdit(tx, values.simulationId);
  if (latest && latest.userId === values.userId && at.getTime() - latest.updatedAt.getTime() < SETUP_HISTORY_MERGE_MS) {
    const folded = capSetupChanges(mergeSetupChanges(latest.changes, changes), latest.omitted);
    // Something added and removed again within the edit leaves nothing to tell.
    if (folded.changes.length === 0 && folded.omitted === 0) await deleteSetupEdit(tx, latest.id);
    else await updateSetupEdit(tx, latest.id, { ...folded, at });
    return;
  }
  await insertSetupEdit(tx, { simulationId: values.simulationId, userId: values.userId, ...capSetupChanges(changes), at });
}
