// The user export job (Download panel, spec 2 §4 'Export'): plans the files of the selection, writes them
// one after the other with each file's state in the job result, zips them all, and ends completed (with
// the missing outputs named), canceled (its folder removed) or failed with the spec's unknown-reason text.
import { z } from 'zod';
import type { JobMessage, JobState } from '../../domain/jobs.ts';
import { MESSAGES } from '../../domain/messages.ts';
import { EXPORT_ARCHIVE_SUFFIX } from '../../domain/postprocessing.ts';
import type { OutputMeta } from '../../domain/output.ts';
import { exportOutputs } from '../../domain/userExport.ts';
import { outputsOfRun } from '../runs/runOutputs.repository.ts';
import { findRun, findSimulationRow } from '../runs/runs.repository.ts';
import type { JobContext, JobHandler, JobOutcome, JobServices } from '../platform/jobs/registry.ts';
import type { JobRow } from '../platform/jobs/jobs.repository.ts';
import { jobPayload } from '../platform/jobs/payloads.ts';
import type { MeshData } from '../../solver/geometry/mesh.ts';
import { readRunLog } from '../runs/outputs.service.ts';
import { partMeshes, uploadReader } from '../postprocessing/meshes.ts';
import { outputDir, tryReadMeta } from '../postprocessing/outputFolder.ts';
import { planExport, safeName } from './exportPlan.ts';
import { executeStep, type ExportSources } from './exportWriter.ts';
import { exportFilePath, exportFilesDir, removeExport } from './exportStorage.ts';
import { writeZip } from '../platform/storage/zipWriter.ts';

export const exportFileRecordSchema = z.object({
  id: z.string(),
  filename: z.string(),
  state: z.enum(['scheduled', 'running', 'completed', 'failed', 'canceled', 'unknown', 'expired']),
  bytes: z.number().nullable(),
  archive: z.boolean(),
});
export type ExportFileRecord = z.infer<typeof exportFileRecordSchema>;

/** What the job keeps in `result` while it runs and after. */
export const userExportJobResultSchema = z.object({
  files: z.array(exportFileRecordSchema),
  archiveFileId: z.string().nullable(),
  outputs: z.array(z.number()),
  missingOutputs: z.array(z.number()),
});
export type UserExportJobResult = z.infer<typeof userExportJobResultSchema>;

/** Job progress writes at most this often (ms). */
const PROGRESS_INTERVAL_MS = 500;
/** Share of the progress bar for writing the files; the zip takes the rest. */
const FILES_SHARE = 80;

export const userExportHandler: JobHandler = {
  kind: 'user_export',
  // Mostly file I/O: two exports (of different simulations) go on side by side.
  concurrency: 2,

  async run(context: JobContext): Promise<JobOutcome> {
    const { job, services } = context;
    try {
      return await runExport(context);
    } catch (error) {
      await removeExport(services.storage, job.simulationId, job.id).catch(() => undefined);
      if (context.signal.aborted && context.abortReason() === 'cancel') return { state: 'canceled' };
      services.log.error({ err: error, jobId: job.id }, 'user export failed');
      return { state: 'failed', errors: [{ message: MESSAGES.exportFailedUnknown, errorCode: 'export_failed' }] };
    }
  },

  async onWorkerLost(services: JobServices, job: JobRow): Promise<void> {
    await removeExport(services.storage, job.simulationId, job.id);
  },
};

async function runExport(context: JobContext): Promise<JobOutcome> {
  const { job, services, signal } = context;
  const { db, storage } = services;
  const { request } = jobPayload(job, 'user_export');
  const run = job.runId ? await findRun(db, job.runId) : undefined;
  const simulation = await findSimulationRow(db, job.simulationId);
  const recorded = new Set(run ? (await outputsOfRun(db, run.id)).map((o) => o.outputNo) : []);
  const metas = new Map<number, OutputMeta>();
  const folders = new Map<number, { folder: string; meta: OutputMeta }>();
  if (run) {
    for (const outputNo of new Set(exportOutputs(request))) {
      if (!recorded.has(outputNo)) continue;
      const folder = outputDir(storage, job.simulationId, run.id, outputNo);
      const meta = await tryReadMeta(folder);
      if (!meta) continue;
      metas.set(outputNo, meta);
      folders.set(outputNo, { folder, meta });
    }
  }
  const log = run && request.logs ? await readRunLog(storage, run) : [];
  const setup = run?.setup ?? null;
  const plan = planExport(request, metas, setup, log.length > 0);

  const archiveName = `${safeName(simulation?.name ?? 'simulation')}${EXPORT_ARCHIVE_SUFFIX}`;
  const archiveId = crypto.randomUUID();
  const files: ExportFileRecord[] = [
    { id: archiveId, filename: archiveName, state: 'scheduled', bytes: null, archive: true },
    ...plan.steps.map((s) => ({ id: s.file.id, filename: s.file.filename, state: 'scheduled' as JobState, bytes: null, archive: false })),
  ];
  const result: UserExportJobResult = { files, archiveFileId: null, outputs: plan.outputs, missingOutputs: plan.missingOutputs };
  const warnings: JobMessage[] = plan.missingOutputs.length > 0 ? [{ message: MESSAGES.exportMissingOutput, errorCode: 'missing_outputs', outputs: plan.missingOutputs }] : [];
  let lastWrite = 0;
  const report = async (progress: number, force = false) => {
    const now = performance.now();
    if (!force && now - lastWrite < PROGRESS_INTERVAL_MS) return;
    lastWrite = now;
    await context.update({ progress, result, warnings });
  };
  await report(0, true);

  const read = uploadReader(db, storage, job.organizationId);
  let meshes: Promise<ReadonlyMap<string, MeshData>> | null = null;
  const sources: ExportSources = {
    outputs: folders,
    setup,
    log,
    partMeshes: () => (meshes ??= setup ? partMeshes(setup, read) : Promise.resolve(new Map())),
    attributes: request,
  };
  const root = exportFilesDir(storage, job.simulationId, job.id);
  for (const [i, step] of plan.steps.entries()) {
    signal.throwIfAborted();
    const record = files[i + 1];
    record.state = 'running';
    try {
      record.bytes = await executeStep(step, root, sources, signal);
      record.state = 'completed';
    } catch (error) {
      if (signal.aborted) throw error;
      services.log.warn({ err: error, jobId: job.id, file: step.file.filename }, 'an exported file failed');
      record.state = 'failed';
      warnings.push({ message: `${step.file.filename}: ${MESSAGES.exportFailedUnknown}`, errorCode: 'file_failed' });
    }
    await report((FILES_SHARE * (i + 1)) / Math.max(1, plan.steps.length));
  }

  const written = files.filter((f) => !f.archive && f.state === 'completed');
  const archive = files[0];
  archive.state = 'running';
  const totalBytes = written.reduce((s, f) => s + (f.bytes ?? 0), 0);
  const archivePath = exportFilePath(storage, job.simulationId, job.id, archiveName, true);
  if (!archivePath) throw new Error(`the archive name ${archiveName} is not a file name`);
  const zipSources = written.map((f) => ({ name: f.filename, path: exportFilePath(storage, job.simulationId, job.id, f.filename, false) as string }));
  archive.bytes = await writeZip(archivePath, zipSources, {
    signal,
    onBytes: (done) => void report(FILES_SHARE + ((100 - FILES_SHARE) * done) / Math.max(1, totalBytes)).catch(() => undefined),
  });
  archive.state = 'completed';
  result.archiveFileId = archive.id;
  return { state: 'completed', progress: 100, result, warnings };
}

