// The assembly jobs. Import ('assembly'): read the structure tree of the uploaded STEP file. Tessellation:
// mesh the parts of a run on a worker thread, store each as an STL upload of the simulation (metres, with its
// shape info), and put them into the setup in one transaction: new parts are added, parts already there get
// the new mesh and keep their material, motions and appearance. A cancelled run stops at once and leaves
// the setup as it was; a run whose setup was locked meanwhile fails with the reason.
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { ASSEMBLY_MESSAGES, repeatedComponentWarnings, type TessellationWarning } from '../../domain/assembly.ts';
import { applyTessellation } from '../../domain/assemblySetup.ts';
import { ERROR_MESSAGES } from '../../domain/errors.ts';
import type { JobMessage } from '../../domain/jobs.ts';
import { sameMeshingParameters } from '../../domain/meshing.ts';
import { MESSAGES } from '../../domain/messages.ts';
import { RUN_MESSAGES } from '../../domain/runs.ts';
import { emptySetup } from '../../domain/setup.ts';
import { UPLOAD_NAME_MAX_LENGTH } from '../../domain/uploads.ts';
import { setupWriteErrors } from '../../domain/validation/writeRules.ts';
import { GeometryError } from '../../../wasm/surgeGeometry.ts';
import { jobPayload } from '../platform/jobs/payloads.ts';
import type { JobContext, JobHandler, JobOutcome } from '../platform/jobs/registry.ts';
import { addSimulationBytes, lockSimulation } from '../runs/runs.repository.ts';
import { findSetup, saveSetup, updateSimulation } from '../simulations/simulations.repository.ts';
import { insertUploadedFile } from '../uploads/uploadedFiles.repository.ts';
import { findAssemblyById, partsOfAssembly, updateAssembly, updateAssemblyPart } from './assemblies.repository.ts';
import type { AssemblyJobResult } from './assemblies.service.ts';
import { AssemblyWorkAborted, runOnWorker, type PartsTessellated } from './assemblyTessellation.ts';

/** Progress writes at most this often (ms). */
const PROGRESS_INTERVAL_MS = 400;
/** Share of the progress bar for meshing; storing and the setup take the rest. */
const MESHING_SHARE = 90;

/** A warning as the Jobs panel lists it: the parts named unless the message names them already. */
function jobMessage(w: TessellationWarning): JobMessage {
  const named = w.errorCode === 'mesh_health' && w.parts?.length ? `${w.message} (${w.parts.join(', ')})` : w.message;
  return { message: named, errorCode: w.errorCode };
}

/** Why a job ended early: cancelled, its worker shut down, or a failure in the user's words. */
function stopped(context: JobContext, error: unknown, lead: string): JobOutcome {
  const reason = context.abortReason();
  if (error instanceof AssemblyWorkAborted || context.signal.aborted) {
    if (reason === 'shutdown') return { state: 'failed', errors: [{ message: RUN_MESSAGES.workerShutDown, errorCode: 'worker_shutdown' }] };
    if (reason === 'cancel') return { state: 'canceled' };
  }
  if (error instanceof GeometryError) return { state: 'failed', errors: [{ message: `${lead} ${error.message}`, errorCode: error.code }] };
  context.services.log.error({ err: error, jobId: context.job.id }, `${context.job.kind} job failed`);
  return { state: 'failed', errors: [{ message: `${lead} ${error instanceof Error ? error.message : String(error)}`, errorCode: 'internal' }] };
}

export const assemblyImportHandler: JobHandler = {
  kind: 'assembly',
  concurrency: 2,

  async run(context: JobContext): Promise<JobOutcome> {
    const { job, services } = context;
    const { assemblyId } = jobPayload(job, 'assembly');
    const row = await findAssemblyById(services.db, assemblyId);
    if (!row) return { state: 'failed', errors: [{ message: 'The assembly was deleted.', errorCode: 'deleted' }] };
    try {
      const read = await runOnWorker({ mode: 'structure', path: services.storage.uploadPath(row.organizationId, row.fileId) }, { signal: context.signal });
      await updateAssembly(services.db, row.id, { metadata: read.tree });
      const result: AssemblyJobResult = { warnings: read.warnings, parts: [] };
      return { state: 'completed', progress: 100, result, warnings: read.warnings.map(jobMessage) };
    } catch (error) {
      return stopped(context, error, ASSEMBLY_MESSAGES.unreadable);
    }
  },
};

function stlFileName(partName: string): string {
  const safe = partName.replace(/[\\/]/g, '_').trim() || 'part';
  return `${safe.slice(0, UPLOAD_NAME_MAX_LENGTH - 4)}.stl`;
}

class RunRefused extends Error {}

export const tessellationHandler: JobHandler = {
  kind: 'tessellation',
  // occt and the union take a core each and much memory: one run per process at a time.
  concurrency: 1,

  async run(context: JobContext): Promise<JobOutcome> {
    const { job, services, signal } = context;
    const { db, storage, config } = services;
    const payload = jobPayload(job, 'tessellation');
    const assembly = await findAssemblyById(db, payload.assemblyId);
    if (!assembly) return { state: 'failed', errors: [{ message: 'The assembly was deleted.', errorCode: 'deleted' }] };

    let lastWrite = 0;
    const onProgress = (fraction: number) => {
      const now = performance.now();
      if (now - lastWrite < PROGRESS_INTERVAL_MS) return;
      lastWrite = now;
      void context.update({ progress: Math.round(MESHING_SHARE * fraction * 10) / 10 }).catch(() => undefined);
    };
    let meshed: PartsTessellated;
    try {
      meshed = await runOnWorker(
        { mode: 'parts', path: storage.uploadPath(assembly.organizationId, assembly.fileId), parts: payload.parts.map(({ id, name, assemblyNodeIds, meshingParameters }) => ({ id, name, assemblyNodeIds, meshingParameters })) },
        { signal, onProgress },
      );
    } catch (error) {
      return stopped(context, error, ASSEMBLY_MESSAGES.unreadable);
    }
    if (signal.aborted) return stopped(context, new AssemblyWorkAborted(), '');
    if (meshed.parts.some((p) => p.stl.byteLength > config.uploadMaxBytes.stl)) {
      return { state: 'failed', errors: [{ message: ASSEMBLY_MESSAGES.tooLarge, errorCode: 'limit_exceeded' }] };
    }

    const requested = new Map(payload.parts.map((p) => [p.id, p]));
    const stored = meshed.parts.map((p) => ({ ...p, fileId: randomUUID(), request: requested.get(p.id)! }));
    const paths = stored.map((p) => storage.uploadPath(assembly.organizationId, p.fileId));
    let warnings: TessellationWarning[] = meshed.warnings;
    try {
      for (const [i, p] of stored.entries()) {
        await mkdir(dirname(paths[i]), { recursive: true });
        await writeFile(paths[i], p.stl, { flag: 'wx' });
      }
      await db.transaction(async (tx) => {
        const simulation = await lockSimulation(tx, assembly.simulationId);
        if (!simulation) throw new RunRefused('The simulation was deleted.');
        if (simulation.uploadedSetup) throw new RunRefused(ASSEMBLY_MESSAGES.uploadedSetup);
        if (simulation.setupLocked) throw new RunRefused(ERROR_MESSAGES.setupLocked);
        const current = new Map((await partsOfAssembly(tx, assembly.id)).map((p) => [p.id, p]));
        for (const p of stored) {
          const name = stlFileName(p.request.name);
          await insertUploadedFile(tx, {
            id: p.fileId,
            organizationId: assembly.organizationId,
            simulationId: assembly.simulationId,
            name,
            extension: 'stl',
            kind: 'stl',
            size: p.stl.byteLength,
            unit: 'm',
            shapeInfo: p.shapeInfo,
            warnings: p.hasIssues ? [MESSAGES.partIssues] : [],
            sha256: createHash('sha256').update(p.stl).digest('hex'),
            createdBy: job.createdBy,
          });
          await addSimulationBytes(tx, assembly.simulationId, p.stl.byteLength);
          // A part edited while the run meshed keeps asking for tessellation.
          const now = current.get(p.id);
          if (now) {
            const unchanged =
              now.componentType === p.request.componentType &&
              sameMeshingParameters(now.meshingParameters, p.request.meshingParameters) &&
              now.assemblyNodeIds.join('\n') === p.request.assemblyNodeIds.join('\n');
            await updateAssemblyPart(tx, p.id, { fileId: p.fileId, needsTessellation: now.needsTessellation && !unchanged });
          }
        }
        const setup = (await findSetup(tx, assembly.simulationId))?.document ?? emptySetup();
        const applied = applyTessellation(
          setup,
          stored.map((p) => ({
            id: p.id,
            name: p.request.name,
            componentType: p.request.componentType,
            file: { id: p.fileId, name: stlFileName(p.request.name) },
            shapeInfo: p.shapeInfo,
            hasIssues: p.hasIssues,
          })),
        );
        const refusals = setupWriteErrors(applied.document);
        if (refusals.length > 0) throw new RunRefused(`${refusals[0].path}: ${refusals[0].message}`);
        await saveSetup(tx, assembly.simulationId, applied.document);
        await updateSimulation(tx, assembly.simulationId, {});
        warnings = [...warnings, ...repeatedComponentWarnings(assembly.metadata ?? [], [...current.values()])];
      });
    } catch (error) {
      await Promise.all(paths.map((path) => rm(path, { force: true })));
      if (error instanceof RunRefused) return { state: 'failed', errors: [{ message: error.message, errorCode: 'setup_refused' }] };
      throw error;
    }
    const result: AssemblyJobResult = { warnings, parts: stored.map((p) => ({ id: p.id, fileId: p.fileId, triangles: p.shapeInfo.nbrOfTriangles })) };
    return { state: 'completed', progress: 100, result, warnings: warnings.map(jobMessage) };
  },
};
