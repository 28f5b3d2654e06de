// User exports of a simulation (spec 2 §5 'Export', §7 'Jobs and export'): start one from the Select Data
// state (validated with the domain's rules; it replaces the previous export and its files), read the
// latest with its files and states (expired once its files are gone or older than the retention), cancel
// it, and download one of its files.
import { createReadStream, type ReadStream } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { MESSAGES } from '../../domain/messages.ts';
import { EXPORT_RETENTION_MS, type UserExportRecord } from '../../domain/postprocessing.ts';
import { userExportIssues, type UserExportState } from '../../domain/userExport.ts';
import { isJobActive, type JobState } from '../../domain/jobs.ts';
import { expireUserExport, latestUserExport, userExportsOf } from './exportJobs.repository.ts';
import type { JobRow } from '../platform/jobs/jobs.repository.ts';
import { jobPayload } from '../platform/jobs/payloads.ts';
import { lockSimulation } from '../runs/runs.repository.ts';
import { outputsOfRun } from '../runs/runOutputs.repository.ts';
import { HttpError, notFound, validationFailed } from '../platform/http/errors.ts';
import { publishJob } from '../platform/jobs/jobRecords.ts';
import type { JobServices } from '../platform/jobs/registry.ts';
import { selectRun } from '../runs/outputs.service.ts';
import { accessSimulation, type AuthContext } from '../platform/access.ts';
import { exportFilePath, removeExport } from './exportStorage.ts';
import { userExportJobResultSchema, type UserExportJobResult } from './userExportJob.ts';

function resultOf(job: JobRow): UserExportJobResult {
  const parsed = userExportJobResultSchema.safeParse(job.result);
  return parsed.success ? parsed.data : { files: [], archiveFileId: null, outputs: [], missingOutputs: [] };
}

export function toUserExportRecord(job: JobRow): UserExportRecord {
  const result = resultOf(job);
  const { request } = jobPayload(job, 'user_export');
  const expired = job.state === 'expired';
  const errors: UserExportRecord['errors'] = [];
  if (job.state === 'failed') errors.push({ description: MESSAGES.exportFailedUnknown });
  if (expired) errors.push({ description: MESSAGES.exportExpired });
  if (result.missingOutputs.length > 0) errors.push({ description: MESSAGES.exportMissingOutput, details: { outputs: result.missingOutputs } });
  return {
    id: job.id,
    state: job.state,
    progress: Math.min(100, Math.max(0, job.progress ?? 0)),
    files: result.files.map((f) => ({ id: f.id, filename: f.filename, state: (expired ? 'expired' : f.state) as JobState })),
    warnings: job.warnings.map((w) => w.message),
    errors,
    createdAt: job.createdAt.toISOString(),
    finishedAt: job.finishedAt?.toISOString() ?? null,
    request,
    archiveFileId: expired ? null : result.archiveFileId,
  };
}

/** Deletes the files of an export that is over; a completed one becomes expired. */
async function retire(services: JobServices, job: JobRow): Promise<JobRow> {
  await removeExport(services.storage, job.simulationId, job.id);
  const expired = await expireUserExport(services.db, job.id);
  if (expired) publishJob(services.bus, expired);
  return expired ?? job;
}

export async function startUserExport(services: JobServices, auth: AuthContext, simulationId: string, state: UserExportState): Promise<UserExportRecord> {
  const { db, dispatcher } = services;
  if (state.simulationId !== simulationId) throw validationFailed('The export names another simulation.', 'simulationId');
  const { job, previous } = await db.transaction(async (tx) => {
    const simulation = await accessSimulation(tx, auth, simulationId, 'read');
    if (simulation.state === 'not_started') throw new HttpError('wrong_input', MESSAGES.startSimulationFirst, { status: 409 });
    await lockSimulation(tx, simulationId);
    const run = await selectRun(tx, simulation);
    const available = run ? (await outputsOfRun(tx, run.id)).map((o) => o.outputNo) : [];
    const error = userExportIssues(state, available).find((i) => i.severity === 'error');
    if (error) throw validationFailed(error.message, error.field || undefined);
    const previous = await userExportsOf(tx, simulationId);
    const created = await dispatcher.create(tx, {
      kind: 'user_export',
      organizationId: simulation.organizationId,
      simulationId,
      runId: run?.id ?? null,
      payload: { request: state },
      createdBy: auth.user.id,
    });
    return { job: created, previous };
  });
  // A new export replaces the previous one: stop it if it still runs, delete its files.
  for (const old of previous) {
    if (isJobActive(old.state)) await dispatcher.cancel(old);
    else if (old.state === 'completed') await retire(services, old);
    else await removeExport(services.storage, simulationId, old.id);
  }
  await dispatcher.dispatch(job);
  return toUserExportRecord(job);
}

/** Whether the files of a completed export are still there and within the retention. */
async function stillStored(services: JobServices, job: JobRow): Promise<boolean> {
  if (job.finishedAt && Date.now() - job.finishedAt.getTime() > EXPORT_RETENTION_MS) return false;
  const result = resultOf(job);
  const archive = result.files.find((f) => f.archive);
  if (!archive) return false;
  const path = exportFilePath(services.storage, job.simulationId, job.id, archive.filename, true);
  if (!path) return false;
  return access(path).then(
    () => true,
    () => false,
  );
}

/** The latest export of the simulation (null when none was made), expired if its files are gone. */
export async function latestExport(services: JobServices, auth: AuthContext, simulationId: string): Promise<UserExportRecord | null> {
  await accessSimulation(services.db, auth, simulationId, 'read');
  let job = await latestUserExport(services.db, simulationId);
  if (!job) return null;
  if (job.state === 'completed' && !(await stillStored(services, job))) job = await retire(services, job);
  return toUserExportRecord(job);
}

/** Cancel: stops a scheduled or running export; a finished one has its files deleted. Returns how many. */
export async function cancelUserExport(services: JobServices, auth: AuthContext, simulationId: string): Promise<number> {
  await accessSimulation(services.db, auth, simulationId, 'read');
  const job = await latestUserExport(services.db, simulationId);
  if (!job) return 0;
  if (isJobActive(job.state)) {
    await services.dispatcher.cancel(job);
    return 1;
  }
  if (job.state === 'completed') await retire(services, job);
  return 0;
}

export type ExportDownload = { filename: string; size: number; contentType: string; stream(): ReadStream };

const CONTENT_TYPES: Record<string, string> = {
  zip: 'application/zip',
  vtu: 'application/xml',
  vtp: 'application/xml',
  pvd: 'application/xml',
  stl: 'model/stl',
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

/** A written file of the latest export. */
export async function exportFile(services: JobServices, auth: AuthContext, simulationId: string, fileId: string): Promise<ExportDownload> {
  await accessSimulation(services.db, auth, simulationId, 'read');
  const job = await latestUserExport(services.db, simulationId);
  const file = job && job.state !== 'expired' ? resultOf(job).files.find((f) => f.id === fileId) : undefined;
  if (!job || !file || file.state !== 'completed') throw notFound('File not found.');
  const path = exportFilePath(services.storage, simulationId, job.id, file.filename, file.archive);
  if (!path) throw notFound('File not found.');
  let size: number;
  try {
    size = (await stat(path)).size;
  } catch {
    throw notFound(MESSAGES.exportExpired);
  }
  const extension = file.filename.split('.').pop()?.toLowerCase() ?? '';
  return { filename: basename(file.filename), size, contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream', stream: () => createReadStream(path) };
}
