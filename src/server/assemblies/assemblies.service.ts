// Assemblies of a simulation (spec 2 §7 'Assemblies and tessellation'): import a STEP file (stored, checked
// for something to mesh, then read by an assembly job), read assemblies with their structure tree, organise
// their parts (lists in, the whole part list out), start tessellation runs (jobs that put the parts into the
// setup), list and cancel them. Every write is checked with the domain's schemas and rules and refused whole.
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { z } from 'zod';
import {
  ASSEMBLY_MAX_PARTS,
  ASSEMBLY_MESSAGES,
  indexAssembly,
  tessellationWarningSchema,
  unknownNodeIds,
  type Assembly,
  type AssemblyPart,
  type AssemblyPartCreate,
  type AssemblyPartUpdate,
  type TessellationRun,
  type TessellationWarning,
} from '../../domain/assembly.ts';
import { ERROR_MESSAGES } from '../../domain/errors.ts';
import { isJobActive } from '../../domain/jobs.ts';
import { defaultMeshingParameters, sameMeshingParameters } from '../../domain/meshing.ts';
import { RUN_MESSAGES } from '../../domain/runs.ts';
import type { Executor } from '../platform/db/client.ts';
import { HttpError, notFound, validationFailed } from '../platform/http/errors.ts';
import { findJob } from '../platform/jobs/jobs.repository.ts';
import { jobPayload } from '../platform/jobs/payloads.ts';
import type { JobServices } from '../platform/jobs/registry.ts';
import { accessSimulation, type AuthContext } from '../platform/access.ts';
import { uploadGeometry, type IncomingUpload } from '../uploads/uploads.service.ts';
import {
  activeTessellations,
  assembliesOfSimulation,
  deleteAssemblyParts,
  findAssembly,
  insertAssembly,
  insertAssemblyParts,
  jobsById,
  lockAssembly,
  partsOfAssembly,
  tessellationRunsOfSimulation,
  updateAssembly,
  updateAssemblyPart,
  type AssemblyPartRow,
  type AssemblyRow,
  type JobRowOf,
} from './assemblies.repository.ts';

/** What assembly and tessellation jobs keep in their `result`. */
export const assemblyJobResultSchema = z.object({
  warnings: z.array(tessellationWarningSchema),
  parts: z.array(z.object({ id: z.string(), fileId: z.string(), triangles: z.number() })).default([]),
});
export type AssemblyJobResult = z.infer<typeof assemblyJobResultSchema>;

function resultWarnings(job: JobRowOf | undefined): TessellationWarning[] {
  if (!job || job.state !== 'completed') return [];
  const parsed = assemblyJobResultSchema.safeParse(job.result);
  return parsed.success ? parsed.data.warnings : [];
}

export function toAssembly(row: AssemblyRow, importJob: JobRowOf | undefined, latestRun: JobRowOf | undefined): Assembly {
  const state = importJob?.state ?? (row.metadata ? 'completed' : 'failed');
  const errors = [
    ...(state === 'failed' ? (importJob?.errors.length ? importJob.errors : [{ message: ASSEMBLY_MESSAGES.importFailed }]) : []),
    ...(latestRun?.state === 'failed' ? latestRun.errors : []),
  ];
  return {
    id: row.id,
    simulationId: row.simulationId,
    filename: row.filename,
    state,
    assemblyMetadata: state === 'completed' ? (row.metadata ?? []) : null,
    latestTessellationRunId: row.latestTessellationRunId,
    tessellationWarnings: latestRun ? resultWarnings(latestRun) : resultWarnings(importJob),
    tessellationErrors: errors.map((e) => ({ message: e.message })),
    createdAt: row.createdAt.toISOString(),
  };
}

export function toAssemblyPart(row: AssemblyPartRow): AssemblyPart {
  return {
    id: row.id,
    name: row.name,
    assemblyNodeIds: row.assemblyNodeIds,
    componentType: row.componentType,
    meshingParameters: row.meshingParameters,
    needsTessellation: row.needsTessellation,
  };
}

export function toTessellationRun(job: JobRowOf): TessellationRun {
  const payload = jobPayload(job, 'tessellation');
  const errors = job.state === 'failed' ? job.errors.map((e) => ({ message: e.message })) : [];
  return {
    id: job.id,
    assemblyId: payload.assemblyId,
    state: job.state,
    progress: Math.min(100, Math.max(0, job.progress ?? 0)),
    partIds: payload.parts.map((p) => p.id),
    warnings: resultWarnings(job),
    errors,
    createdAt: job.createdAt.toISOString(),
  };
}

async function withJobs(services: JobServices, rows: readonly AssemblyRow[]): Promise<Assembly[]> {
  const ids = rows.flatMap((r) => [r.importJobId, r.latestTessellationRunId]).filter((id): id is string => id !== null);
  const jobs = await jobsById(services.db, ids);
  return rows.map((r) => toAssembly(r, r.importJobId ? jobs.get(r.importJobId) : undefined, r.latestTessellationRunId ? jobs.get(r.latestTessellationRunId) : undefined));
}

// ---------------------------------------------------------------- import

/** Entities of a STEP file that only a face of a solid or surface brings. */
const FACE_ENTITY = /(ADVANCED_FACE|FACE_SURFACE|FACE_OUTER_BOUND|FACE_BOUND|TRIANGULATED_FACE|TRIANGULATED_SURFACE_SET)\s*\(/i;

/** Whether the STEP text at `path` names any face: an assembly without one has nothing to mesh. */
export async function stepHasFaces(path: string): Promise<boolean> {
  let tail = '';
  for await (const chunk of createReadStream(path, { encoding: 'latin1', highWaterMark: 1 << 20 })) {
    const text = tail + (chunk as string);
    if (FACE_ENTITY.test(text)) return true;
    tail = text.slice(-64);
  }
  return false;
}

/** Refusals of the upload checks, in the catalogue's validation error. */
function asValidationError(error: unknown): unknown {
  if (error instanceof HttpError && error.status === 400) return validationFailed(error.message, 'file');
  return error;
}

export async function uploadAssembly(services: JobServices, auth: AuthContext, simulationId: string, upload: IncomingUpload): Promise<Assembly> {
  const { db, dispatcher } = services;
  const simulation = await accessSimulation(db, auth, simulationId, 'write');
  if (simulation.uploadedSetup) {
    upload.stream.resume();
    throw new HttpError('wrong_input', ASSEMBLY_MESSAGES.uploadedSetup, { status: 409 });
  }
  if (!(await dispatcher.available())) {
    upload.stream.resume();
    throw new HttpError('service_unavailable', RUN_MESSAGES.queueUnavailable);
  }
  const file = await uploadGeometry(services, auth, simulationId, 'm', upload, {
    kind: 'step',
    wrongKindMessage: ASSEMBLY_MESSAGES.notStepName,
    verify: async (path) => {
      if (!(await stepHasFaces(path))) throw validationFailed(ASSEMBLY_MESSAGES.noBodies, 'file');
    },
  }).catch((error: unknown) => {
    throw asValidationError(error);
  });
  const { row, job } = await db.transaction(async (tx) => {
    const id = randomUUID();
    const created = await dispatcher.create(tx, {
      kind: 'assembly',
      organizationId: auth.organization.id,
      simulationId,
      payload: { assemblyId: id },
      createdBy: auth.user.id,
    });
    const inserted = await insertAssembly(tx, {
      id,
      organizationId: auth.organization.id,
      simulationId,
      fileId: file.id,
      filename: file.name,
      importJobId: created.id,
      createdBy: auth.user.id,
    });
    return { row: inserted, job: created };
  });
  await dispatcher.dispatch(job);
  return toAssembly(row, (await findJob(db, job.id)) ?? job, undefined);
}

// ---------------------------------------------------------------- reading

async function accessAssembly(services: JobServices, auth: AuthContext, id: string, mode: 'read' | 'write'): Promise<AssemblyRow> {
  const row = await findAssembly(services.db, auth.organization.id, id);
  if (!row) throw notFound('Assembly not found.');
  await accessSimulation(services.db, auth, row.simulationId, mode);
  return row;
}

export async function getAssembly(services: JobServices, auth: AuthContext, id: string): Promise<Assembly> {
  const row = await accessAssembly(services, auth, id, 'read');
  return (await withJobs(services, [row]))[0];
}

export async function listAssemblies(services: JobServices, auth: AuthContext, simulationId: string): Promise<Assembly[]> {
  await accessSimulation(services.db, auth, simulationId, 'read');
  return withJobs(services, await assembliesOfSimulation(services.db, simulationId));
}

export async function listParts(services: JobServices, auth: AuthContext, assemblyId: string): Promise<AssemblyPart[]> {
  const row = await accessAssembly(services, auth, assemblyId, 'read');
  return (await partsOfAssembly(services.db, row.id)).map(toAssemblyPart);
}

// ---------------------------------------------------------------- organising parts

/** The assembly, locked, once its structure tree is known: parts can only be organised from it. */
async function organisable(auth: AuthContext, tx: Executor, assemblyId: string): Promise<AssemblyRow> {
  const found = await findAssembly(tx, auth.organization.id, assemblyId);
  if (!found) throw notFound('Assembly not found.');
  await accessSimulation(tx, auth, found.simulationId, 'write');
  const row = (await lockAssembly(tx, assemblyId)) ?? found;
  const importJob = row.importJobId ? await findJob(tx, row.importJobId) : undefined;
  const state = importJob?.state ?? (row.metadata ? 'completed' : 'failed');
  if (isJobActive(state)) throw new HttpError('wrong_input', ASSEMBLY_MESSAGES.importRunning, { status: 409 });
  if (state !== 'completed' || !row.metadata) throw new HttpError('wrong_input', ASSEMBLY_MESSAGES.importFailed, { status: 409 });
  return row;
}

function checkNodes(row: AssemblyRow, nodeIds: readonly string[], path: string): void {
  const unknown = unknownNodeIds(indexAssembly(row.metadata ?? []), nodeIds);
  if (unknown.length > 0) throw validationFailed(ASSEMBLY_MESSAGES.unknownNodes(unknown), path);
}

function checkDistinct(ids: readonly string[]): void {
  if (new Set(ids).size !== ids.length) throw validationFailed(ASSEMBLY_MESSAGES.duplicateParts, 'partIds');
}

export async function createParts(services: JobServices, auth: AuthContext, assemblyId: string, entries: readonly AssemblyPartCreate[]): Promise<AssemblyPart[]> {
  return services.db.transaction(async (tx) => {
    const row = await organisable(auth, tx, assemblyId);
    entries.forEach((e, i) => checkNodes(row, e.assemblyNodeIds, `${i}.assemblyNodeIds`));
    const existing = await partsOfAssembly(tx, row.id);
    if (existing.length + entries.length > ASSEMBLY_MAX_PARTS) throw validationFailed(ASSEMBLY_MESSAGES.tooManyParts);
    const start = existing.reduce((max, p) => Math.max(max, p.position + 1), 0);
    await insertAssemblyParts(
      tx,
      entries.map((e, i) => ({
        assemblyId: row.id,
        position: start + i,
        name: e.name,
        assemblyNodeIds: [...new Set(e.assemblyNodeIds)],
        componentType: e.componentType,
        meshingParameters: e.meshingParameters ?? defaultMeshingParameters(),
        needsTessellation: true,
      })),
    );
    return (await partsOfAssembly(tx, row.id)).map(toAssemblyPart);
  });
}

const sameIds = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

export async function updateParts(services: JobServices, auth: AuthContext, assemblyId: string, changes: readonly AssemblyPartUpdate[]): Promise<AssemblyPart[]> {
  checkDistinct(changes.map((c) => c.id));
  return services.db.transaction(async (tx) => {
    const row = await organisable(auth, tx, assemblyId);
    const parts = new Map((await partsOfAssembly(tx, row.id)).map((p) => [p.id, p]));
    const unknown = changes.map((c) => c.id).filter((id) => !parts.has(id));
    if (unknown.length > 0) throw validationFailed(ASSEMBLY_MESSAGES.unknownParts(unknown), 'id');
    changes.forEach((c, i) => c.assemblyNodeIds && checkNodes(row, c.assemblyNodeIds, `${i}.assemblyNodeIds`));
    for (const change of changes) {
      const part = parts.get(change.id)!;
      const nodeIds = change.assemblyNodeIds ? [...new Set(change.assemblyNodeIds)] : part.assemblyNodeIds;
      const parameters = change.meshingParameters ?? part.meshingParameters;
      const componentType = change.componentType ?? part.componentType;
      const remesh = !sameIds(nodeIds, part.assemblyNodeIds) || !sameMeshingParameters(parameters, part.meshingParameters) || componentType !== part.componentType;
      await updateAssemblyPart(tx, part.id, {
        name: change.name ?? part.name,
        assemblyNodeIds: nodeIds,
        meshingParameters: parameters,
        componentType,
        needsTessellation: part.needsTessellation || remesh,
      });
    }
    return (await partsOfAssembly(tx, row.id)).map(toAssemblyPart);
  });
}

export async function deleteParts(services: JobServices, auth: AuthContext, assemblyId: string, partIds: readonly string[]): Promise<AssemblyPart[]> {
  checkDistinct(partIds);
  return services.db.transaction(async (tx) => {
    const row = await organisable(auth, tx, assemblyId);
    const existing = new Set((await partsOfAssembly(tx, row.id)).map((p) => p.id));
    const unknown = partIds.filter((id) => !existing.has(id));
    if (unknown.length > 0) throw validationFailed(ASSEMBLY_MESSAGES.unknownParts(unknown), 'partIds');
    await deleteAssemblyParts(tx, row.id, partIds);
    return (await partsOfAssembly(tx, row.id)).map(toAssemblyPart);
  });
}

// ---------------------------------------------------------------- tessellation runs

export async function startTessellation(services: JobServices, auth: AuthContext, assemblyId: string): Promise<TessellationRun> {
  const { db, dispatcher } = services;
  const found = await accessAssembly(services, auth, assemblyId, 'write');
  if (!(await dispatcher.available())) throw new HttpError('service_unavailable', RUN_MESSAGES.queueUnavailable);
  const job = await db.transaction(async (tx) => {
    const simulation = await accessSimulation(tx, auth, found.simulationId, 'write');
    if (simulation.uploadedSetup) throw new HttpError('wrong_input', ASSEMBLY_MESSAGES.uploadedSetup, { status: 409 });
    if (simulation.setupLocked) throw new HttpError('wrong_input', ERROR_MESSAGES.setupLocked, { status: 409 });
    const row = await organisable(auth, tx, assemblyId);
    if ((await activeTessellations(tx, row.simulationId, row.id)).length > 0) {
      throw new HttpError('wrong_input', ASSEMBLY_MESSAGES.tessellationRunning, { status: 409 });
    }
    const due = (await partsOfAssembly(tx, row.id)).filter((p) => p.needsTessellation);
    if (due.length === 0) throw new HttpError('wrong_input', ASSEMBLY_MESSAGES.nothingToTessellate, { status: 409 });
    const created = await dispatcher.create(tx, {
      kind: 'tessellation',
      organizationId: row.organizationId,
      simulationId: row.simulationId,
      payload: {
        assemblyId: row.id,
        parts: due.map((p) => ({ id: p.id, name: p.name, assemblyNodeIds: p.assemblyNodeIds, componentType: p.componentType, meshingParameters: p.meshingParameters })),
      },
      createdBy: auth.user.id,
    });
    await updateAssembly(tx, row.id, { latestTessellationRunId: created.id });
    return created;
  });
  await dispatcher.dispatch(job);
  return toTessellationRun((await findJob(db, job.id)) ?? job);
}

export async function listTessellationRuns(services: JobServices, auth: AuthContext, simulationId: string): Promise<TessellationRun[]> {
  await accessSimulation(services.db, auth, simulationId, 'read');
  return (await tessellationRunsOfSimulation(services.db, simulationId)).map(toTessellationRun);
}

/** Cancel: a scheduled or running run stops (its parts keep what they had); a finished one is left as it is. */
export async function cancelTessellationRun(services: JobServices, auth: AuthContext, runId: string): Promise<TessellationRun> {
  const job = await findJob(services.db, runId);
  if (!job || job.organizationId !== auth.organization.id || job.kind !== 'tessellation') throw notFound('Tessellation run not found.');
  await accessSimulation(services.db, auth, job.simulationId, 'write');
  if (!isJobActive(job.state)) return toTessellationRun(job);
  return toTessellationRun((await services.dispatcher.cancel(job)) ?? job);
}
